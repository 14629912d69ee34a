/** Page titles and menu entries: one word for each area, the same wherever it appears. */
export const pages = {
  home: 'Ana Sayfa',
  schools: 'Okullar',
  schoolManagers: 'Okul Yöneticileri',
  schoolMessages: 'Okul Mesajları',
  branches: 'Şubeler',
  branchManagers: 'Şube Yöneticileri',
  branchMessages: 'Şube Mesajları',
  students: 'Öğrenciler',
  messages: 'Öğrenci Mesajları',
  messageFrom: 'Yazılan Mesajlar',
  messageTo: 'Alınan Mesajlar',
  nicknames: 'Lakap Önerileri',
  notifications: 'Bildirimler',
  studio: 'Stüdyo',
  design: 'Yıllık Tasarımı',
  login: 'Giriş',
} as const;
