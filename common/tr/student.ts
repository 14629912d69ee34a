/** Turkish texts of the student side: login cards, access codes and the students' own pages. */

const ONES = ['ına', 'ine', 'sine', 'üne', 'üne', 'ine', 'sına', 'sine', 'ine', 'una'];
const TENS = ['', 'una', 'sine', 'una', 'ına', 'sine', 'ına', 'ine', 'ine', 'ına'];

/** The possessive dative ending a number takes when read aloud: 5'ine, 3'üne, 6'sına, 10'una, 40'ına, 100'üne. */
export function toItsNumber(n: number): string {
  if (n % 10 !== 0) return `${n}'${ONES[n % 10]}`;
  if (n === 0) return "0'ına";
  if (n % 100 !== 0) return `${n}'${TENS[(n % 100) / 10]}`;
  return n % 1000 === 0 ? `${n}'ine` : `${n}'üne`;
}
export const student = {
  schoolCode: 'Okul kodu',
  schoolCodeInvalid: 'Okul kodu 4-10 karakter olmalıdır ve yalnızca A–Z harfleri (Ç, Ğ, İ, Ö, Ş, Ü gibi Türkçe harfler olmadan) ile rakamlardan oluşabilir.',
  schoolCodeTaken: 'Bu okul kodu başka bir okulda kullanılıyor.',
  schoolNumber: 'Okul numarası',
  accessCode: 'Giriş kodu',
  wrongCredentials: 'Okul kodu, okul numarası veya giriş kodu hatalı.',
  deadlinePassed: (date: string) => `Son tarih (${date}) geçti; artık değişiklik yapılamaz.`,
  messageLimit: (n: number) => (n === 1 ? 'Bu arkadaşına zaten bir mesaj yazdın.' : `Bu arkadaşına en fazla ${n} mesaj yazabilirsin.`),
  notPending: 'Onaylanan veya reddedilen bir yazı değiştirilemez.',
  nicknameApproved: 'Onaylanan lakap değiştirilemez.',
  noPhotoConsent: 'Fotoğraf izni kaydedilmediği için fotoğrafların gösterilemez.',
  notYourself: 'Kendine yazamazsın.',
  noQuoteDraft: 'Öğrencinin onay bekleyen bir yıllık sözü yok.',
  nicknameExists: 'Bu arkadaşına zaten bir lakap önerdin; önerini düzenleyebilirsin.',
  statuses: { none: 'Yazılmadı', pending: 'Bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi' },
  cards: {
    action: 'Giriş kartları',
    title: (branch: string) => `${branch} giriş kartları`,
    regenerateOne: 'Yeni giriş kodu',
    regenerateAll: 'Tüm kodları yenile',
    regenerateConfirm: 'Şubedeki bütün öğrencilere yeni giriş kodu verilecek; eski kodlar hemen geçersiz olur. Devam edilsin mi?',
    picked: 'Kart basılacak öğrenciler',
    pickedNotice:
      'Kaybolan bir kartın yerine yenisini basmak için yalnızca o öğrenciyi seçin. Seçtiğiniz öğrencilere yeni giriş kodu verilir ve onların eski kartları hemen geçersiz olur; diğer öğrencilerin kodları ve kartları değişmez.',
    pickedCards: (n: number) => `Seçilen ${n} öğrencinin kartlarını hazırla`,
    pickedPdf: (n: number) => `Seçilen ${n} öğrenci için PDF indir`,
    pickedConfirm: (n: number) =>
      `Seçilen ${n} öğrenciye yeni giriş kodu verilecek; onların eski kodları hemen geçersiz olur. Diğer öğrencilerin kodları değişmez. Devam edilsin mi?`,
    noneYet: 'Kart basmak için öğrenci seçin ya da bütün şubenin kodlarını yenileyin.',
    newCode: (name: string, code: string) => `${name} için yeni giriş kodu: ${code}`,
    print: 'Yazdır',
    tooMany: (max: number) => `Bir şubenin giriş kartları en fazla ${max} öğrenci için hazırlanabilir.`,
    cardHint: 'Karekodu okut veya adresi aç; okul numaranı ve bu kodu gir.',
  },
  staff: {
    signedIn: 'Giriş yaptı',
    hasWritten: 'Yazdı',
    receivedNothing: 'Mesaj almadı',
    portraitPick: 'Seçtiği vesikalık',
    approveQuote: 'Sözü onayla',
    rejectQuote: 'Sözü reddet',
    remindTitle: 'Mesaj yazmayı unutma',
    remindBody: 'Sınıf arkadaşlarına yıllık mesajını henüz yazmadın. Son tarihten önce yazmayı unutma!',
    remind: 'Yazmayanlara bildirim gönder',
    reminded: (n: number) => `${n} öğrenciye bildirim gönderildi.`,
  },
  portal: {
    title: 'Öğrenci girişi',
    signIn: 'Giriş yap',
    signOut: 'Çıkış',
    home: 'Ana sayfa',
    classmates: 'Sınıf arkadaşların',
    nicknames: 'Lakaplar',
    myPage: 'Sayfam',
    notifications: 'Bildirimler',
    progress: (total: number, written: number) => `${total} arkadaşından ${toItsNumber(written)} yazdın`,
    deadline: (date: string) => `Son tarih: ${date}`,
    daysLeft: (n: number) => (n === 0 ? 'Bugün son gün' : `${n} gün kaldı`),
    closed: (date: string) => `Son tarih (${date}) geçti; sayfaların artık yalnızca okunabilir.`,
    noDeadline: 'Son tarih belirlenmedi',
    write: 'Yaz',
    edit: 'Düzenle',
    delete: 'Sil',
    save: 'Kaydet',
    send: 'Gönder',
    yourMessage: 'Mesajın',
    messageTo: (name: string) => `${name} için mesajın`,
    nicknameFor: 'Lakap önerin',
    quote: 'Yıllık sözün',
    quotePending: 'Onay bekliyor',
    approvedNickname: 'Onaylanan lakabın',
    portrait: 'Vesikalık seçimi',
    pickPortrait: 'Bunu seç',
    picked: 'Seçildi',
    messagesToMe: 'Sana yazılan mesajlar',
    noMessages: 'Henüz onaylanmış mesaj yok.',
    noNotifications: 'Bildirim yok.',
    saved: 'Kaydedildi.',
    deleted: 'Silindi.',
  },
} as const;
