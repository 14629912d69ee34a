import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { openStudio, signIn, toast } from './helpers';

const files = path.join(import.meta.dirname, 'files');

/** Holds every matching call until `release()`: an upload that is still under way. */
async function holdCalls(page: Page, url: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(url, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  return { release, held };
}

test.describe('studio', () => {
  test('change the studio logo and name; both appear in the layout and on the login page', async ({ page }) => {
    await openStudio(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('img', { name: /logosu/ })).toHaveCount(0);

    // A file named .png that is not an image is refused as soon as it is picked (no broken
    // preview); the logo goes with the form's one "Kaydet", so nothing of it is saved.
    await page.locator('input[type=file]').setInputFiles(path.join(files, 'not-image.png'));
    await expect(page.getByRole('alert').filter({ hasText: 'Dosya bir resim değil.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Seçimi geri al' })).toHaveCount(0);
    await expect(header.getByRole('img', { name: /logosu/ })).toHaveCount(0);

    await page.locator('input[type=file]').setInputFiles(path.join(files, 'logo.png'));
    await expect(page.getByRole('img', { name: 'Demo Fotoğraf Stüdyosu logosu' }).first()).toHaveAttribute('src', /^data:image\/png/);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    const logo = header.getByRole('img', { name: 'Demo Fotoğraf Stüdyosu logosu' });
    await expect(logo).toHaveAttribute('src', /\/api\/files\/studio-logo\/\d+\?v=\d+/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

    // Name and validation.
    await page.getByLabel('Web sitesi').fill('demo');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Geçerli bir web adresi giriniz (ör. https://ornek.com).')).toBeVisible();
    await page.getByLabel('Web sitesi').fill('https://isik-foto.test');
    await page.getByLabel('Stüdyo adı').fill('Işık Fotoğraf Stüdyosu');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    // The logo's toast may still be on screen: this save's is the newest.
    await expect(toast(page, 'Kaydedildi.').last()).toBeVisible();
    await expect(page.getByTestId('studio-name')).toHaveText('Işık Fotoğraf Stüdyosu');

    // White label on the login page.
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await expect(page).toHaveURL('/panel/login');
    await expect(page.getByRole('heading', { name: 'Işık Fotoğraf Stüdyosu' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Işık Fotoğraf Stüdyosu logosu' })).toHaveAttribute('src', /\/api\/files\/studio-logo\//);
  });

  test('the studio page is not in a school manager’s menu and its call is refused', async ({ page }) => {
    await signIn(page, 'school');
    await expect(page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Stüdyo' })).toHaveCount(0);
    await page.goto('/studio');
    await expect(toast(page, 'Bu işlem için yetkiniz yok: bunu yalnızca Stüdyo Yönetimi yapabilir.')).toBeVisible();
  });

  test('the studio’s "Kaydet" saves a picked logo too; closing the tab during the upload asks', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/studio');
    await expect(page.getByLabel('Stüdyo adı')).not.toHaveValue('');
    await page.locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 120, height: 120, channels: 3, background: '#e8590c' } })
        .png()
        .toBuffer(),
    });
    const upload = await holdCalls(page, '**/api/panel/studio/logo');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => upload.held.length).toBe(1);
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    upload.release();
    await expect(toast(page, 'Kaydedildi.')).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('img', { name: /logosu$/ })).toHaveAttribute('src', /\/api\/files\/studio-logo\//);
  });
});
