/** Texts of the frame screens: login, layout, home. */
export const frame = {
  login: {
    title: 'Giriş',
    subtitle: (levelName: string) => `${levelName} girişi`,
    submit: 'Giriş yap',
    otherLevels: 'Diğer girişler',
    emailPlaceholder: 'ornek@okul.com',
  },
  layout: {
    menu: 'Menü',
    openMenu: 'Menüyü aç',
    signedInAs: 'Oturum',
    skipToContent: 'İçeriğe geç',
    breadcrumbs: 'Bulunduğunuz yer',
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
