/** Turkish texts of the staff's side of parents' consent: states, filters, the paper form, the history, the reminder. */
import type { ConsentPurpose } from '../schemas/consents';

export const consent = {
  purposes: {
    'print-photo': 'Basılı yıllıkta fotoğraf',
    'digital-photo': 'Dijital yıllıkta fotoğraf',
    'print-text': 'Basılı yıllıkta ad, söz ve mesajlar',
    'face-matching': 'Yüz eşleştirme',
  } satisfies Record<ConsentPurpose, string>,
  /** Short names for a list's narrow badges. */
  short: { 'print-photo': 'Baskı foto', 'digital-photo': 'Dijital foto', 'print-text': 'Baskı yazı', 'face-matching': 'Yüz' } satisfies Record<
    ConsentPurpose,
    string
  >,
  states: { yes: 'Verildi', no: 'Verilmedi', none: 'Yanıt bekleniyor' },
  relations: { anne: 'Anne', baba: 'Baba', vasi: 'Vasi', belirsiz: 'Belirtilmemiş' },
  channels: { online: 'Çevrim içi', paper: 'Kâğıt form' },
  column: 'Veli onayı',
  badge: (purpose: string, state: string) => `${purpose}: ${state}`,
  filterPurpose: 'Onay amacı',
  filterState: 'Onay durumu',
  filterAll: 'Onay: tümü',
  carriedOver: 'Kayıt aktarımı',
  paper: {
    action: 'Kâğıt formu kaydet',
    title: (name: string) => `${name}: veli onayı (kâğıt form)`,
    purpose: 'Amaç',
    answer: 'Yanıt',
    yes: 'Onay verdi',
    no: 'Onay vermedi',
    givenByName: 'Formu imzalayan',
    relation: 'Yakınlığı',
    scan: 'Formun taraması (isteğe bağlı)',
    save: 'Kaydet',
    saved: 'Veli onayı kaydedildi.',
    scanNotImage: 'Tarama bir fotoğraf (JPEG, PNG veya WebP) olmalı.',
    scanMissing: 'Taramayı yeniden yükleyin.',
    tooLarge: (mb: number) => `Tarama en fazla ${mb} MB olabilir.`,
    noFile: 'Tarama dosyası seçiniz.',
  },
  history: {
    title: 'Onay geçmişi',
    empty: 'Bu öğrenci için henüz onay kaydı yok.',
    when: 'Tarih',
    who: 'Veren',
    channel: 'Kanal',
    text: 'Metin sürümü',
    recordedBy: 'Kaydeden',
    scan: 'Tarama',
    openScan: 'Taramayı aç',
  },
  counts: {
    title: 'Veli onayları',
    purpose: 'Amaç',
  },
  remind: {
    action: 'Yanıtlamayanlara hatırlat',
    title: 'Veli onay formunu hatırlat',
    body: 'Velin yıllık için onay formunu henüz yanıtlamadı. Formu velinle birlikte doldurup teslim etmeyi unutma!',
    confirm: (n: number) => `Velisi henüz onay vermemiş ya da vermediğini bildirmemiş ${n} öğrenciye bildirim gönderilecek:`,
    send: 'Bildirimi gönder',
    sent: (n: number) => `${n} öğrenciye bildirim gönderildi.`,
    nobody: 'Şubede velisi yanıt vermemiş öğrenci yok; bildirim gönderilmeyecek.',
    today: 'Bu şubeye bugün zaten onay hatırlatması gönderildi.',
  },
  list: {
    action: 'Onay listesi (yazdır)',
    title: (branch: string) => `${branch} veli onay listesi`,
    print: 'Yazdır',
  },
  /** What the student's own page says of each purpose. */
  portal: {
    title: 'Velinin onayları',
    note: 'Velinin verdiği yanıtlar; değiştirmek için velin Veli Onay Formu ile giriş yapar.',
  },
  preflight: {
    noAnswer: 'Veli onayı yok: fotoğrafı basılmadı, yerinde boş çerçeve var.',
    refused: 'Veli fotoğrafın basılmasına onay vermedi: yerinde boş çerçeve var.',
    noTextAnswer: 'Veli onayı yok: adı, lakabı, sözü ve mesajları basılmadı; sayfası ve sınıf panosundaki yeri adsız.',
    textRefused: 'Veli ad, söz ve mesajların basılmasına onay vermedi: adı, lakabı, sözü ve mesajları basılmadı; sayfası ve sınıf panosundaki yeri adsız.',
    eventRefused: (photo: string) => `Veli fotoğrafın yayımlanmasına onay vermedi: öğrencinin etiketli olduğu etkinlik fotoğrafı yıllığa konmadı (${photo}).`,
  },
} as const;
