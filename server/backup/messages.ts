/** Refusals and failures of backup and restore: shown to the operator as they are, Turkish first, then English. */

export class BackupError extends Error {}

const both = (turkish: string, english: string) => new BackupError(`${turkish}\n${english}`);

export const backupErrors = {
  archiveMissing: (file: string) => both(`Yedek dosyası bulunamadı: ${file}`, `Backup file not found: ${file}`),
  notABackup: (file: string, why: string) =>
    both(
      `Bu dosya okunamıyor ya da bir Yıllık Paneli yedeği değil (${why}): ${file}`,
      `This file is unreadable or not a Yıllık Paneli backup (${why}): ${file}`,
    ),
  unsafeEntry: (entry: string) =>
    both(
      `Yedek dosyasında izin verilmeyen bir girdi var: ${JSON.stringify(entry)}. Hiçbir şey geri yüklenmedi.`,
      `The archive holds an entry that is not allowed: ${JSON.stringify(entry)}. Nothing was restored.`,
    ),
  newerArchive: (archive: number, app: number) =>
    both(
      `Bu yedek uygulamanın daha yeni bir sürümüyle alınmış (${archive} veritabanı geçişi; bu sürümde ${app}). Önce uygulamayı güncelleyin.`,
      `This backup was made by a newer version of the app (${archive} database migrations; this version has ${app}). Update the app first.`,
    ),
  otherMigrations: () =>
    both(
      'Bu yedeğin veritabanı geçişleri bu sürümünkilerle uyuşmuyor; yedeği alan sürümle geri yükleyin.',
      "This backup's database migrations do not match this version's; restore it with the version that made it.",
    ),
  targetNotEmpty: (what: string) =>
    both(
      `Geri yükleme yalnızca boş bir veritabanına ve boş bir veri klasörüne yapılır, ama ${what} boş değil. Hiçbir şey değiştirilmedi.`,
      `Restore works only into an empty database and an empty data folder, but ${what} is not empty. Nothing was changed.`,
    ),
  targetMigratedFurther: (target: number, archive: number) =>
    both(
      `Hedef veritabanı yedekten daha yeni bir şemada (${target} geçiş; yedekte ${archive}). Yeni, boş bir veritabanına geri yükleyin.`,
      `The target database has a newer schema than the backup (${target} migrations; the backup has ${archive}). Restore into a new, empty database.`,
    ),
  unknownTable: (table: string) =>
    both(`Yedekteki "${table}" tablosu bu sürümün veritabanında yok.`, `The backup's table "${table}" does not exist in this version's database.`),
  rowsMissing: (table: string, expected: number, found: number) =>
    both(
      `Yedek dosyası bozuk: "${table}" tablosunda ${expected} satır olmalıydı, ${found} bulundu. Hiçbir satır yazılmadı.`,
      `The archive is damaged: table "${table}" should have ${expected} rows, ${found} were found. No row was written.`,
    ),
  metadataTooLarge: (entry: string, bytes: number, limit: number) =>
    both(
      `Yedek dosyasındaki ${entry} çok büyük (${bytes} bayt; en fazla ${limit}). Bu bir Yıllık Paneli yedeği değil ya da bozuk; hiçbir şey geri yüklenmedi.`,
      `The archive's ${entry} is too large (${bytes} bytes; at most ${limit}). It is not a Yıllık Paneli backup, or it is damaged; nothing was restored.`,
    ),
  rowsRefused: (table: string, first: number, last: number, reason: string) =>
    both(
      `Yedekteki "${table}" tablosunun ${first}–${last}. satırları yazılamadı (${reason}). Hiçbir satır yazılmadı.`,
      `The backup's table "${table}" could not be written at rows ${first}–${last} (${reason}). No row was written.`,
    ),
  targetInsideDataFolder: (file: string) =>
    both(`Yedek dosyası yedeklenen klasörlerin içine yazılamaz: ${file}`, `The backup cannot be written inside the folders it backs up: ${file}`),
  noDatabase: (folder: string) =>
    both(`Bu veri klasöründe veritabanı yok: ${folder} (DATA_DIR doğru mu?)`, `There is no database in this data folder: ${folder} (is DATA_DIR right?)`),
};
