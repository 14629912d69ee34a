/** Texts of the frame screens: login, layout, home. */
export const frame = {
  login: {
    title: 'Giriş',
    subtitle: (levelName: string) => `${levelName} girişi`,
    submit: 'Giriş yap',
    otherLevels: 'Diğer girişler',
    emailPlaceholder: 'ornek@okul.com',
  },
  /**
   * The lightbox's and the page carousel's buttons, in the library's l10n keys. Its six messages
   * and the modal's label are not here: the spec shows them in English, as the library has them.
   */
  lightbox: {
    buttons: {
      PANUP: 'Yukarı kaydır',
      PANDOWN: 'Aşağı kaydır',
      PANLEFT: 'Sola kaydır',
      PANRIGHT: 'Sağa kaydır',
      ZOOMIN: 'Yakınlaştır',
      ZOOMOUT: 'Uzaklaştır',
      TOGGLEZOOM: 'Yakınlaştır / uzaklaştır',
      TOGGLE1TO1: 'Yakınlaştır / uzaklaştır',
      ITERATEZOOM: 'Yakınlaştır / uzaklaştır',
      ROTATECCW: 'Sola döndür',
      ROTATECW: 'Sağa döndür',
      FLIPX: 'Yatay çevir',
      FLIPY: 'Dikey çevir',
      FITX: 'Yatay sığdır',
      FITY: 'Dikey sığdır',
      RESET: 'Sıfırla',
      TOGGLEFS: 'Tam ekran',
      CLOSE: 'Kapat',
      NEXT: 'Sonraki',
      PREV: 'Önceki',
      TOGGLE_ZOOM: 'Yakınlaştır / uzaklaştır',
      TOGGLE_THUMBS: 'Küçük resimleri göster / gizle',
      TOGGLE_SLIDESHOW: 'Slayt gösterisini başlat / durdur',
      TOGGLE_FULLSCREEN: 'Tam ekran',
      DOWNLOAD: 'İndir',
    },
    carousel: { NEXT: 'Sonraki sayfa', PREV: 'Önceki sayfa', GOTO: '%d. sayfaya git' },
  },
  layout: {
    menu: 'Menü',
    openMenu: 'Menüyü aç',
    signedInAs: 'Oturum',
    skipToContent: 'İçeriğe geç',
    breadcrumbs: 'Bulunduğunuz yer',
    missing: {
      title: 'Kayıt bulunamadı',
      description: 'Bu kayıt bulunamadı ya da erişim izniniz yok.',
      back: 'Ana sayfaya dön',
    },
  },
  home: {
    welcome: (name: string) => `Hoş geldiniz, ${name}`,
    schools: 'Okullar',
    branches: 'Şubeler',
    students: 'Öğrenciler',
    photoCoverage: 'Fotoğrafı olan öğrenciler',
    managers: 'Yöneticiler',
    pendingMessages: 'Onay bekleyen mesajlar',
    approvedMessages: 'Onaylanan mesajlar',
    rejectedMessages: 'Reddedilen mesajlar',
    pendingNicknames: 'Onay bekleyen lakaplar',
    notifications: 'Bildirimler',
    scope: 'Kapsam',
  },
  empty: {
    title: 'Kayıt bulunamadı',
    description: 'Bu sayfada henüz gösterilecek kayıt yok.',
  },
  error: {
    title: 'Bir sorun oluştu',
    description: 'Sayfa yüklenemedi. Lütfen tekrar deneyiniz.',
  },
} as const;
