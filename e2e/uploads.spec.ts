/**
 * Uploads as a person on a real connection meets them: photos go file by file with their own
 * progress, a file that fails on the way is tried again, a file the server refuses does not stop
 * the batch, files of the wrong type or too large are refused before anything is sent; the
 * import wizard can import the good rows and list the skipped ones, and closing it aborts its upload.
 */
import { type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signIn, toast } from './helpers';

const jpeg = (color: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** Signs in as the branch manager and opens its students. */
async function openStudents(page: Page) {
  await signIn(page, 'branch');
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
  await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();
}

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
    await expect(dialog.getByRole('link', { name: / fotoğrafını aç$/ })).toHaveCount(2);
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
