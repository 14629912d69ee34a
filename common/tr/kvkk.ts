/** Turkish texts of a student's personal data under KVKK: export, erasure, retention. */
export const kvkk = {
  exportAction: 'Verilerini indir',
  eraseAction: 'Verilerini sil',
  exportName: 'ogrenci-verileri',
  eraseTitle: (name: string) => `${name}: verilerini sil`,
  eraseWarning:
    'Öğrencinin fotoğrafları, yazdığı ve aldığı mesajlar, lakapları, oturumları ve kaydı kalıcı olarak silinecek; geri alınamaz. Veli onay kayıtları, silmenin kanıtı olarak öğrenciden ayrılarak saklanır.',
  eraseLocked: 'Bu şubenin yıllığı onaylanmış olsa da silme yapılır (yasal yükümlülük) ve işlem geçmişine yazılır.',
  eraseConfirmLabel: 'Onaylamak için öğrencinin adını ve soyadını yazınız',
  eraseConfirmMismatch: 'Yazdığınız ad soyad öğrencininkiyle aynı değil.',
  eraseButton: 'Kalıcı olarak sil',
  erased: 'Öğrencinin verileri silindi.',
  /** Shown as the actor of an erased student's own entries in the audit log. */
  erasedActor: 'Silinmiş öğrenci',
  /** The restore's warning, once the erasure log was applied again. */
  reapplied: (n: number) => `${n} silme yeniden uygulandı`,
  exportReadme:
    'Bu arşiv öğrencinin kişisel verilerini içerir: veri.json (kayıt, veli onayları ve kanıtları, yazdığı ve aldığı mesajlar, lakaplar, işlem geçmişi, fotoğraf bilgileri) fotograflar/ klasöründe fotoğraflarının asılları, veli-onay-formlari/ klasöründe kâğıt onay formlarının taranmış kopyaları. Mesajlarda karşı tarafın yalnızca yıllıkta görünen adı yer alır.',
  retention: {
    deliveryDate: 'Teslim tarihi',
    deliveryDateHint: 'Yıllıkların okula teslim edildiği gün; fotoğraflar bu tarihten sonra stüdyonun saklama süresi dolunca silinir.',
    months: 'Fotoğraf saklama süresi (ay)',
    monthsHint: 'Okulun teslim tarihinden bu kadar ay sonra fotoğraflar otomatik olarak silinir.',
    purgedAction: 'Saklama süresi doldu: fotoğraflar silindi',
  },
} as const;
