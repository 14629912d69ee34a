/** Turkish first and last names for demo data (İ, ı, Ş, Ğ, Ç, Ö, Ü among them). */
export const FEMALE_NAMES = [
  'Ayşe', 'Çağla', 'Defne', 'Ebru', 'Elif', 'Gül', 'Gözde', 'Ilgın', 'İpek', 'Irmak', 'Işıl', 'Merve',
  'Nazlı', 'Özge', 'Öykü', 'Pınar', 'Selin', 'Sude', 'Şule', 'Şeyma', 'Tuğçe', 'Ümran', 'Yağmur', 'Zeynep',
  'Büşra', 'Damla', 'Ecrin', 'Hülya', 'Melis', 'Nehir',
] as const;
export const MALE_NAMES = [
  'Ahmet', 'Barış', 'Burak', 'Can', 'Çağrı', 'Doğan', 'Emre', 'Eren', 'Gökhan', 'Görkem', 'Hakan', 'İbrahim',
  'İsmail', 'Kaan', 'Kerem', 'Mert', 'Murat', 'Oğuz', 'Ömer', 'Özgür', 'Serkan', 'Şahin', 'Tolga', 'Uğur',
  'Ümit', 'Yiğit', 'Yusuf', 'Ilgaz', 'Onur', 'Çınar',
] as const;
export const LAST_NAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan',
  'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat', 'Öz', 'Işık',
  'Ünal', 'Güneş', 'Erdoğan', 'Bulut', 'Gündüz', 'Uçar', 'İnce', 'Çakır', 'Türkmen', 'Ağaoğlu', 'Sönmez',
] as const;
