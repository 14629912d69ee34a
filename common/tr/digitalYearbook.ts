/** Texts of the digital yearbook: the reader's page (students, later parents) and the staff's rebuild. */
export const digitalYearbook = {
  title: 'Dijital Yıllık',
  tab: 'Yıllık',
  notFinal: 'Yıllık henüz hazır değil. Okulunuzun yıllığı son hâline getirildiğinde burada okuyabileceksiniz.',
  preparing: 'Dijital yıllık hazırlanıyor. Lütfen biraz sonra tekrar bakınız.',
  parentNeedsConsent: 'Dijital yıllığı görebilmek için önce “dijital yıllıkta fotoğraf” iznini vermeniz gerekir.',
  rebuild: 'Dijital yıllığı yeniden oluştur',
  rebuildQueued: 'Dijital yıllık yeniden hazırlanıyor.',
  rebuildNotFinal: 'Dijital yıllık yalnızca son hâline getirilmiş yıllıktan oluşturulur.',
  rebuildActive: 'Bu okulun dijital yıllığı şu anda hazırlanıyor; bitmesini bekleyin.',
  failed: 'Dijital yıllık hazırlanamadı.',
  /** The name search over the book's index. */
  search: 'İsimle ara',
  searchPlaceholder: 'Ad veya soyad',
  noMatch: 'Bu isimde öğrenci bulunamadı.',
  pagesOf: (pages: number[]) => (pages.length === 1 ? `Sayfa ${pages[0]}` : `Sayfa ${pages[0]}–${pages[pages.length - 1]}`),
  download: 'Sayfamı indir',
  /** The downloaded page's file name. */
  fileName: (page: number) => `yıllık-sayfa-${page}.jpg`,
  pageLabel: (page: number) => `Sayfa ${page}`,
  spreadLabel: (first: number, last: number) => (first === last ? `Sayfa ${first}` : `Sayfa ${first}–${last}`),
  pageCount: (pages: number) => `${pages} sayfa`,
} as const;
