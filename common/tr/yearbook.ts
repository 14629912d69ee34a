/** Texts of the printed yearbook and of its production (proofs, jobs). */
export const yearbook = {
  book: {
    draft: 'TASLAK',
    yearbook: 'Mezuniyet Yıllığı',
    schoolMessages: 'Okul Yönetiminin Mesajı',
    classList: 'Sınıf listesi',
    continued: 'Anılar (devamı)',
    index: 'Öğrenci Dizini',
  },
  coverPreview: 'Kapak önizlemesi',
} as const;
