import { expect, test } from './fixtures';
import { signIn, toast } from './helpers';

test.describe('yearbook', () => {
  test('the design preview draws with the chosen font pair and shows the cover', async ({ page }) => {
    await signIn(page, 'school');
    await page.goto('/design');
    const preview = page.getByRole('region', { name: 'Canlı önizleme' });
    await expect(preview.getByTestId('preview-cover')).toBeVisible();
    // The seeded school's pair (Poppins + Lora) is loaded; Playfair Display is not, until chosen.
    await expect(preview.locator('[data-fonts="poppins-lora"]')).toBeVisible();
    const loaded = (family: string) =>
      page.evaluate(
        (family) =>
          [...document.fonts]
            .filter((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded')
            .map((f) => `${f.weight} ${f.style}`)
            .sort(),
        family,
      );
    expect(await loaded('Poppins')).toEqual(['400 italic', '400 normal', '700 normal']);
    expect(await loaded('Playfair Display')).toEqual([]);

    await page.getByRole('combobox', { name: 'Yazı tipi çifti' }).click();
    await page.getByRole('option', { name: 'Nunito + Playfair Display' }).click();
    await expect(preview.locator('[data-fonts="nunito-playfair"]')).toBeVisible();
    expect(await loaded('Playfair Display')).toEqual(['400 italic', '400 normal', '700 normal']);
    expect(await loaded('Nunito')).toEqual(['400 italic', '400 normal', '700 normal']);
    // The bundled faces have the Turkish letters, and the name is drawn with the heading face.
    expect(await page.evaluate(() => document.fonts.check('700 20px "Playfair Display"', 'İıŞşĞğÇçÖöÜü'))).toBe(true);
    await expect(preview.getByTestId('preview-name')).toHaveCSS('font-family', /^"Playfair Display"/);
  });

  test('a school makes a branch proof on a phone, follows its progress, pages through it in the lightbox and approves it; the studio unlocks it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'school');
    const user = await page.evaluate(() =>
      fetch('/api/school/user', { headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` } }).then((r) => r.json()),
    );
    const schoolName: string = user.school.name;
    await page.goto('/yearbook');
    await expect(page.getByRole('heading', { name: 'Yıllık Baskısı' })).toBeVisible();
    // The school's last branch, so the lock touches no branch the other screens' tests write to.
    const branch = page.getByRole('group', { name: /^Şube / }).last();
    const branchName = ((await branch.getAttribute('aria-label')) ?? '').replace(/^Şube /, '');
    await expect(branch.getByText('Onay bekliyor')).toBeVisible();
    await branch.getByRole('button', { name: 'Şube provası oluştur' }).click();

    const job = page.getByRole('group', { name: new RegExp(`^${branchName.replace('/', '\\/')} #\\d+$`) }).first();
    await expect(job).toBeVisible();
    await expect(job.getByTestId('yearbook-progress')).toHaveText(/^\d+ \/ \d+ sayfa$/);
    await expect(job.getByText('Hazır', { exact: true })).toBeVisible({ timeout: 90_000 });
    const progress = (await job.getByTestId('yearbook-progress').textContent()) ?? '';
    const [, done, total] = /^(\d+) \/ (\d+) sayfa$/.exec(progress) ?? [];
    expect(Number(total)).toBeGreaterThan(2);
    expect(done).toBe(total);

    await job.getByRole('link', { name: 'Sayfaları göster' }).click();
    const lightbox = page.locator('.fancybox__container');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator('.fancybox__infobar')).toHaveText(new RegExp(`^1\\s*/\\s*${total}$`));
    const firstPage = lightbox.locator('.fancybox__slide.is-selected img');
    await expect(firstPage).toBeVisible();
    expect(await firstPage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.locator('.fancybox__slide.is-selected img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);

    await branch.getByRole('button', { name: 'Provayı onayla' }).click();
    await expect(toast(page, 'Prova onaylandı; şubenin içeriği kilitlendi.')).toBeVisible();
    await expect(branch.getByText(/^Onaylandı: /)).toBeVisible();
    await expect(branch.getByRole('button', { name: 'Provayı onayla' })).toHaveCount(0);
    // Only the studio unlocks.
    await expect(branch.getByRole('button', { name: 'Kilidi aç' })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'panel');
    await page.goto('/yearbook');
    await page.getByRole('combobox', { name: 'Okul' }).click();
    await page.getByRole('option', { name: schoolName, exact: true }).click();
    const approved = page.getByRole('group', { name: `Şube ${branchName}` });
    // Every moment shown is dd/mm/yyyy hh:mm, the app's one date look.
    await expect(approved.getByText(/^Onaylandı: .+, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await approved.getByRole('button', { name: 'Kilidi aç' }).click();
    await expect(toast(page, 'Şubenin kilidi açıldı.')).toBeVisible();
    await expect(approved.getByText('Onay bekliyor')).toBeVisible();
  });
});
