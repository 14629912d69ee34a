/** Turkish texts of the parents' side: the consent letter (Veli Onay Formu), parent codes, the veli pages and the consent texts. */
import type { ConsentAnswer, ConsentPurpose, ParentRelation } from '../schemas/consents';
import { consent } from './consent';

// The purposes, states and relations are named as staff see them: one word for one thing.
const { purposes, states } = consent;

const answers: Record<ConsentAnswer, string> = { yes: 'Evet', no: 'Hayır' };

/**
 * The text a parent reads for each purpose while the studio has not written its own: plain
 * language, what is done with which data, what a "no" changes, and that it is explicit consent.
 */
const defaultTexts: Record<ConsentPurpose, string> = {
  'print-photo':
    'Çocuğunuzun okulda çekilen vesikalık ve etkinlik fotoğrafları mezuniyet yıllığının basılı kopyasında yer alır. ' +
    'Basılı yıllık sınıftaki öğrencilere ve ailelerine dağıtılır; basıldıktan sonra geri toplanamaz. ' +
    'Fotoğraflar yalnızca yıllığın hazırlanması için işlenir ve yıllık teslim edildikten sonra belirlenen sürenin sonunda silinir. ' +
    'Bu amaç için açık rıza vermezseniz basılı yıllıkta çocuğunuzun fotoğrafı yerine boş bir çerçeve görünür.',
  'digital-photo':
    'Yıllık kesinleştikten sonra öğrenciler ve veliler yıllığı kendi kodlarıyla telefondan veya bilgisayardan açabilir (dijital yıllık). ' +
    'Dijital yıllık herkese açık değildir; yalnızca okulun kod verilmiş öğrencileri ve velileri görür. ' +
    'Bu amaç için açık rıza vermezseniz çocuğunuz dijital yıllıkta fotoğrafsız yer alır.',
  'print-text':
    'Çocuğunuzun adı, soyadı, lakabı, yıllık sözü ve sınıf arkadaşlarına yazdığı anı mesajları basılı yıllıkta yer alır. ' +
    'Yazılar basılmadan önce okul tarafından incelenir. ' +
    'Bu amaç için açık rıza vermezseniz çocuğunuzun adı ve yazıları basılı yıllığa girmez.',
  'face-matching':
    'Okul etkinliklerinde çekilen toplu fotoğraflarda çocuğunuzu bulmak için yüz eşleştirme kullanılır: fotoğraflarından bir yüz izi çıkarılır ve etkinlik fotoğraflarıyla karşılaştırılır. ' +
    'Yüz izi, 6698 sayılı KVKK’nın 6. maddesine göre özel nitelikli kişisel veri olan biyometrik veridir; yalnızca açık rızanızla işlenir. ' +
    'Başka bir amaçla kullanılmaz, kimseyle paylaşılmaz, dışa aktarılmaz; rızanızı geri aldığınızda ve yıllık kesinleştiğinde silinir. ' +
    'Bu amaç için açık rıza vermezseniz çocuğunuz etkinlik fotoğraflarında yalnızca elle işaretlenir.',
};

export const parent = {
  title: 'Veli Onay Formu',
  portalTitle: 'Veli Girişi',
  parentCode: 'Veli kodu',
  signIn: 'Giriş yap',
  signOut: 'Çıkış yap',
  wrongCredentials: 'Okul kodu, okul numarası veya veli kodu hatalı.',
  /** How the audit log names a parent, who has no account. */
  actor: (studentName: string) => `${studentName} velisi`,
  purposes,
  answers,
  relations: { anne: consent.relations.anne, baba: consent.relations.baba, vasi: consent.relations.vasi } satisfies Record<ParentRelation, string>,
  states,
  defaultTexts,
  intro:
    '6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK) gereğince, çocuğunuzun kişisel verilerinin yıllık için aşağıdaki amaçlarla işlenmesine açık rızanızı istiyoruz. ' +
    'Her amaç için ayrı ayrı Evet veya Hayır diyebilirsiniz. Rıza vermemek çocuğunuzun okuldaki hiçbir hakkını etkilemez. ' +
    'Yanıtlarınızı yıllık kesinleşene kadar değiştirebilirsiniz.',
  consents: {
    heading: (student: string) => `${student} için açık rıza`,
    who: 'Yanıtı veren',
    name: 'Adınız ve soyadınız',
    relation: 'Yakınlığınız',
    needWho: 'Yanıt vermeden önce adınızı ve yakınlığınızı yazınız.',
    saved: (purpose: string, answer: string) => `Kaydedildi: ${purpose} — ${answer}.`,
    answeredOn: (date: string) => `Yanıt tarihi: ${date}`,
    final: 'Yıllık kesinleşti; yanıtlarınız artık bu sayfadan değiştirilemez. Bir değişiklik için okulunuzla iletişime geçiniz.',
    locked: 'Yıllık kesinleştiği için açık rıza yanıtları artık değiştirilemez.',
  },
  code: {
    action: 'Veli kodu',
    regenerateConfirm: (name: string) =>
      `${name} için yeni veli kodu verilecek. Eski veli kodu ve o kodla açılmış oturumlar hemen geçersiz olur; öğrencinin kendi giriş kodu değişmez.`,
    newCode: (name: string, code: string) => `${name} için yeni veli kodu: ${code}`,
  },
  forms: {
    action: 'Veli onay formları',
    pdf: 'Veli onay formlarını indir (PDF)',
    confirm:
      'Şubedeki bütün öğrencilerin velilerine yeni veli kodu verilecek; daha önce dağıtılan formlardaki kodlar hemen geçersiz olur. Öğrencilerin giriş kodları değişmez. Devam edilsin mi?',
    ready: 'Veli onay formları indirildi.',
    tooMany: (max: number) => `Bir şubenin veli onay formları en fazla ${max} öğrenci için hazırlanabilir.`,
    student: 'Öğrenci',
    howTo: 'Karekodu telefonunuzla okutun veya adresi açın; okul numarasını ve aşağıdaki veli kodunu girin. Her amaç için Evet veya Hayır seçin.',
    keep: 'Veli kodu yalnızca bu formda yazılıdır; öğrencinin giriş kartında yer almaz. Kimseyle paylaşmayınız.',
  },
  texts: {
    title: 'Açık rıza metinleri',
    hint: 'Velilerin her amaç için okuduğu metin. Değiştirdiğinizde yeni bir sürüm kaydedilir; daha önce verilen yanıtlar okundukları sürümü korur.',
    isDefault: 'Varsayılan metin',
    edited: (date: string) => `Son düzenleme: ${date}`,
    saved: 'Açık rıza metni kaydedildi.',
  },
};
