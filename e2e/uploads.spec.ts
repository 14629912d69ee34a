/**
 * Uploads as a person on a real connection meets them: photos go file by file with their own
 * progress, a file that fails on the way is tried again, a file the server refuses does not stop
 * the batch, files of the wrong type or too large are refused before anything is sent; the
 * import wizard can import the good rows and list the skipped ones, and closing it aborts its upload.
 */
import { type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { jpeg, openStudents, toast } from './helpers';

/** Opens the photos dialog of the n-th student row. */
async function openPhotos(page: Page, row: number) {
  await page
    .getByRole('row')
    .nth(row)
    .getByRole('button', { name: /fotoğraflar$/ })
    .click();
  return page.getByRole('dialog', { name: /^Fotoğraflar ·/ });
}

/** The photo upload requests the page sends (one per file). */
function photoPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/students\/\d+\/photos$/.test(r.url())) posts.push(r);
  });
  return posts;
}

test.describe('photo upload', () => {
  test('refuses a wrong type and a too-large file before sending; retries a file that failed on the way', async ({ page }) => {
    // Handing a 26 MB file to the browser takes a while on a busy machine.
    test.setTimeout(120_000);
    await openStudents(page);
    const posts = photoPosts(page);
    // The first upload request breaks on the network; the file's second try goes through.
    let broken = 0;
    await page.route('**/students/*/photos', async (route) => {
      if (route.request().method() === 'POST' && broken === 0) {
        broken++;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const dialog = await openPhotos(page, 3);
    // Earlier tests may have given this student photos already: two more are expected.
    const stored = dialog.getByRole('link', { name: / fotoğrafını aç$/ });
    await expect(dialog.getByText('Bu öğrencinin fotoğrafı yok.').or(stored.first())).toBeVisible();
    const before = await stored.count();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'bir.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#cc2244') },
      { name: 'iki.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2244cc') },
      { name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('bir fotoğraf değil') },
      { name: 'dev.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(26 * 1024 * 1024, 0xff) },
    ]);
    const refused = dialog.getByRole('alert', { name: 'Gönderilmeyen dosyalar' });
    await expect(refused).toContainText('notlar.txt: yalnızca JPEG, PNG, WebP veya HEIC fotoğraf yüklenebilir; gönderilmedi.');
    await expect(refused).toContainText("dev.jpg: dosya 25 MB'tan büyük; gönderilmedi.");
    const previews = dialog.getByRole('list', { name: 'Seçilen fotoğraflar' }).getByRole('listitem');
    await expect(previews).toHaveCount(2);

    await dialog.getByRole('button', { name: 'Yükle' }).click();
    await expect(toast(page, '2 fotoğraf yüklendi.')).toBeVisible();
    // Two files, one of them sent twice; the refused ones never.
    expect(posts).toHaveLength(3);
    for (const post of posts) expect(post.postDataBuffer()?.toString('latin1')).not.toMatch(/notlar\.txt|dev\.jpg/);
    await expect(previews).toHaveCount(0);
    await expect(stored).toHaveCount(before + 2);
  });

  test('a file the server refuses does not stop the batch: the rest arrive, a summary tells both', async ({ page }) => {
    await openStudents(page);
    const posts = photoPosts(page);
    const dialog = await openPhotos(page, 4);
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'iyi-1.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#44cc22') },
      { name: 'bozuk.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 bu bir fotoğraf değil') },
      { name: 'iyi-2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#22cc44') },
    ]);
    await dialog.getByRole('button', { name: 'Yükle' }).click();
    // The summary as a toast and kept in the dialog.
    await expect(toast(page, '2 fotoğraf yüklendi, 1 dosya yüklenemedi.')).toHaveCount(2);
    await expect(dialog.getByRole('alert', { name: '2 fotoğraf yüklendi, 1 dosya yüklenemedi.' })).toBeVisible();
    // A refusal by the server (400) is not tried again.
    expect(posts).toHaveLength(3);
    const left = dialog.getByRole('list', { name: 'Seçilen fotoğraflar' }).getByRole('listitem');
    await expect(left).toHaveCount(1);
    await expect(left).toContainText('Yüklenemedi: Dosya bir resim değil.');
    await expect(left.getByRole('progressbar', { name: 'Yükleme: bozuk.jpg' })).toBeVisible();
    await expect(left.getByRole('button', { name: 'Tekrar dene: bozuk.jpg' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: / fotoğrafını aç$/ })).toHaveCount(2);
  });
});

/** Opens the students' import wizard and asks for the preview of the CSV `text` as file `name`; answers the wizard. */
async function previewImport(page: Page, name: string, text: string) {
  await page.getByRole('button', { name: 'İçe aktar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Öğrenci listesini içe aktar' });
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await dialog.getByRole('button', { name: 'Önizle', exact: true }).click();
  return dialog;
}

test.describe('import wizard', () => {
  test('imports the valid rows and lists the skipped ones when the person chooses so', async ({ page }) => {
    await openStudents(page);
    const dialog = await previewImport(
      page,
      'liste.csv',
      '\uFEFFOkul No;Adı;Soyadı;Cinsiyet\r\n8001;Gül;Ekinci;Kız\r\n8002;Barış;Önal;Erkek\r\n8003;;Adsız;Erkek\r\n',
    );
    await expect(dialog.getByText('1 satırda hata var')).toBeVisible();
    const commit = dialog.getByRole('button', { name: 'İçe aktar' });
    await expect(commit).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Hatalı 1 satırı atla, geçerli satırları içe aktar' }).check();
    await commit.click();
    const done = 'İçe aktarma tamamlandı: 2 yeni, 0 güncellendi, 0 değişmedi; 1 hatalı satır atlandı.';
    await expect(toast(page, done).first()).toBeVisible();
    const skipped = dialog.getByRole('list', { name: 'İçe aktarılmayan 1 hatalı satır' });
    await expect(skipped.getByRole('listitem')).toHaveText(['Satır 4 · 8003 · Adsız: Ad: Bu alan zorunludur.']);
    await dialog.getByRole('button', { name: 'Kapat' }).last().click();
    await page.getByLabel('Ara', { exact: true }).fill('8002');
    await expect(page.getByRole('row', { name: /Barış Önal/ })).toBeVisible();
  });

  test('closing the wizard aborts its upload, and a late answer does not appear in it', async ({ page }) => {
    await openStudents(page);
    // The preview's answer is held back until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered: Promise<unknown> = Promise.resolve();
    await page.route('**/students/import/preview', async (route) => {
      await held;
      answered = route.continue().catch(() => undefined);
    });
    const aborted = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/students/import/preview'));
    const dialog = await previewImport(page, 'gec.csv', '\uFEFFOkul No;Adı;Soyadı\r\n8101;Geç;Yanıt\r\n');
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect((await aborted).failure()?.errorText).toMatch(/ABORTED/);
    release();
    await answered;
    // Opened again: the first step, empty, with no preview from the old answer.
    await page.getByRole('button', { name: 'İçe aktar' }).click();
    await expect(dialog.getByRole('button', { name: 'Önizle', exact: true })).toBeDisabled();
    await expect(dialog.getByText('1 satır hazır')).toHaveCount(0);
    await expect(dialog.locator('input[type=file]')).toHaveValue('');
  });
});
