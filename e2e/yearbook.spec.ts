import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { signIn, toast } from './helpers';

/** The branch card's state badge lies inside its card and shows its whole text. */
async function expectBadgeFits(card: Locator, text: string | RegExp) {
  const badge = card.locator('.mantine-Badge-root').filter({ hasText: text });
  await expect(badge).toBeVisible();
  const [cardBox, badgeBox] = [await card.boundingBox(), await badge.boundingBox()];
  expect(badgeBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await badge.locator('.mantine-Badge-label').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
}

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
    request,
    browser,
  }) => {
    // A whole journey (a proof made, a phone, two levels): more than one ordinary test's time on a busy machine.
    test.slow();
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
    // No proof made yet: nothing waits for approval.
    await expectBadgeFits(branch, 'Prova yok');
    await expect(branch.getByText('Onay bekliyor')).toHaveCount(0);
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

    // The cover is a file of its own, downloaded beside the interior, and its wraparound proof opens in the lightbox.
    const coverFile = page.waitForEvent('download');
    await job.getByRole('button', { name: 'Kapak PDF' }).click();
    expect((await coverFile).suggestedFilename()).toMatch(/^yıllık-kapak-.+\.pdf$/);
    await job.getByRole('link', { name: 'Kapağı göster' }).click();
    const coverProof = lightbox.locator('.fancybox__slide.is-selected img');
    await expect(coverProof).toBeVisible();
    // Back, spine and front side by side: wider than tall.
    expect(await coverProof.evaluate((img) => (img as HTMLImageElement).naturalWidth / (img as HTMLImageElement).naturalHeight)).toBeGreaterThan(1.3);
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);

    // A student of this branch, with a fresh code while it is still open.
    const headers = await page.evaluate(() => ({ authorization: `Bearer ${localStorage.getItem('authToken')}` }));
    const state = await (await request.get(`/api/school/schools/${user.school.id}/yearbook`, { headers })).json();
    const branchId = state.branches.find((b: { name: string }) => b.name === branchName).id as number;
    // A student of its own: the branch may have none, and no other test's student is touched.
    const added = await request.post(`/api/school/branches/${branchId}/students`, {
      headers,
      data: { schoolNumber: '9901', firstName: 'Gökçe', lastName: 'Kilitoğlu', gender: '', quote: '' },
    });
    expect(added.status()).toBe(200);
    const pupil = (await added.json()).item as { id: number; schoolNumber: string };
    const code = (await (await request.post(`/api/school/students/${pupil.id}/access-code`, { headers })).json()).code as string;
    const schoolCode = (await (await request.get(`/api/school/schools/${user.school.id}`, { headers })).json()).item.code as string;
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(`/student/login?okul=${schoolCode}`);
    await phone.getByLabel('Okul numarası').fill(pupil.schoolNumber);
    await phone.getByLabel('Giriş kodu').fill(code);
    await phone.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(phone.getByRole('heading', { name: 'Ana sayfa' })).toBeVisible();
    await expect(phone.getByText('Sınıfının yıllığı onaylandı')).toHaveCount(0);

    // One click only asks: what freezes and who can reopen it; "Vazgeç" leaves the branch open.
    await branch.getByRole('button', { name: 'Provayı onayla' }).click();
    const ask = page.getByRole('dialog', { name: 'Provayı onayla' });
    await expect(ask).toContainText(`${branchName} şubesinin provası onaylanacak ve şube kilitlenecek`);
    await expect(ask).toContainText('Öğrenciler mesaj, lakap ve yıllık sözü yazamaz');
    await expect(ask).toContainText('Kilidi yalnızca Stüdyo Yönetimi açabilir.');
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(ask).toHaveCount(0);
    await expect(branch.getByText('Onay bekliyor')).toBeVisible();
    await branch.getByRole('button', { name: 'Provayı onayla' }).click();
    await ask.getByRole('button', { name: 'Provayı onayla' }).click();
    await expect(toast(page, 'Prova onaylandı; şubenin içeriği kilitlendi.')).toBeVisible();
    await expectBadgeFits(branch, /^Onaylandı: /);
    await expect(branch.getByRole('button', { name: 'Provayı onayla' })).toHaveCount(0);
    // Only the studio unlocks.
    await expect(branch.getByRole('button', { name: 'Kilidi aç' })).toHaveCount(0);

    // Signed in before the lock, the student learns of it on the next page it opens, before typing.
    const banner = phone.getByRole('status').filter({ hasText: 'Sınıfının yıllığı onaylandı; sayfaların artık yalnızca okunabilir.' });
    for (const tab of ['Lakaplar', 'Sayfam', 'Ana sayfa']) {
      await phone.getByRole('navigation').getByRole('link', { name: tab }).click();
      await expect(phone.getByRole('heading', { name: tab })).toBeVisible();
      await expect(banner).toBeVisible();
      await expect(phone.getByRole('main').getByRole('textbox')).toHaveCount(0);
    }
    await phone.context().close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'panel');
    await page.goto('/yearbook');
    await page.getByRole('combobox', { name: 'Okul' }).click();
    await page.getByRole('option', { name: schoolName, exact: true }).click();
    const approved = page.getByRole('group', { name: `Şube ${branchName}` });
    await expectBadgeFits(approved, /^Onaylandı: /);
    // Every moment shown is dd/mm/yyyy hh:mm, the app's one date look.
    await expect(approved.getByText(/^Onaylandı: .+, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await approved.getByRole('button', { name: 'Kilidi aç' }).click();
    await expect(toast(page, 'Şubenin kilidi açıldı.')).toBeVisible();
    await expect(approved.getByText('Onay bekliyor')).toBeVisible();
  });

  test('the studio reads a proof’s check before print and its spreads, on a phone too; marking a book with errors final asks for a reason', async ({
    page,
    request,
  }) => {
    // A proof made, read at two widths, the final mark set and taken back: more than one ordinary test's time.
    test.slow();
    await signIn(page, 'panel');
    await page.goto('/yearbook');
    await page.getByRole('combobox', { name: 'Okul' }).click();
    await page.getByRole('option').first().click();
    // The first branch: the other test locks the last one.
    const branch = page.getByRole('group', { name: /^Şube / }).first();
    const branchName = ((await branch.getAttribute('aria-label')) ?? '').replace(/^Şube /, '');
    await branch.getByRole('button', { name: 'Şube provası oluştur' }).click();
    const job = page.getByRole('group', { name: new RegExp(`^${branchName.replace('/', '\\/')} #\\d+$`) }).first();
    await expect(job.getByText('Hazır', { exact: true })).toBeVisible({ timeout: 90_000 });

    // The list shows what the API reports, errors and warnings apart, each with its page and student.
    const jobId = Number(((await job.getAttribute('aria-label')) ?? '').replace(/^.* #/, ''));
    const headers = await page.evaluate(() => ({ authorization: `Bearer ${localStorage.getItem('authToken')}` }));
    const answer = await (await request.get(`/api/panel/yearbook-jobs/${jobId}`, { headers })).json();
    const { errors, warnings } = answer.job.preflight as { errors: Array<{ page: number; item: string; message: string }>; warnings: unknown[] };
    // The demo's parents did not all give photo consent, and its portraits are screen-sized: the branch has both.
    expect(errors.length).toBeGreaterThan(0);
    expect(warnings.length).toBeGreaterThan(0);
    const preflight = job.getByRole('region', { name: 'Baskı öncesi kontrol' });
    await expect(preflight.getByText(`${errors.length} hata, ${warnings.length} uyarı`)).toBeVisible();
    const errorList = preflight.getByRole('group', { name: `Hatalar (${errors.length})` });
    await expect(errorList.getByRole('listitem').first()).toHaveText(`Sayfa ${errors[0]!.page} · ${errors[0]!.item} — ${errors[0]!.message}`);
    await expect(errorList.getByRole('listitem')).toHaveCount(Math.min(5, errors.length));
    await expect(preflight.getByRole('group', { name: `Uyarılar (${warnings.length})` })).toBeVisible();
    // The red and yellow rows stay readable: no serious or critical accessibility violation in the list.
    const axe = await new AxeBuilder({ page }).include('[data-testid="preflight"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`)).toEqual([]);

    // The book as it is held: the wraparound cover first, then the spreads as printed, page 1 alone
    // on the right, then 2–3, each twice as wide as a page.
    await job.getByText('Çift sayfa').click();
    await job.getByRole('link', { name: 'Sayfaları göster' }).click();
    const lightbox = page.locator('.fancybox__container');
    await expect(lightbox.locator('.fancybox__infobar')).toHaveText(new RegExp(`^1\\s*/\\s*${answer.detail.spreads.length + 1}$`));
    await expect(lightbox.locator('.fancybox__slide.is-selected .fancybox__caption')).toHaveText(`${branchName} · Kapak (arka kapak, sırt, ön kapak)`);
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.locator('.fancybox__slide.is-selected .fancybox__caption')).toHaveText(`${branchName} · Sayfa 1`);
    const spread = lightbox.locator('.fancybox__slide.is-selected img');
    await expect(spread).toBeVisible();
    const size = () => spread.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    await expect.poll(async () => (await size())[0]).toBeGreaterThan(0);
    const [width, height] = await size();
    // Two A4 pages side by side at 150 dpi or more.
    expect(width).toBeGreaterThanOrEqual(2 * 1240);
    expect(width).toBeGreaterThan(height!);
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.locator('.fancybox__slide.is-selected .fancybox__caption')).toHaveText(`${branchName} · Sayfa 2–3`);
    await expect(lightbox.locator('.fancybox__slide.is-selected img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);

    // On a phone the list fits the width and the spreads still open.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(errorList.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const item = await errorList.getByRole('listitem').first().boundingBox();
    expect(item!.x + item!.width).toBeLessThanOrEqual(390);
    await job.getByRole('link', { name: 'Sayfaları göster' }).click();
    await expect(
      lightbox.locator('.fancybox__slide.is-selected').getByRole('img', { name: `${branchName} · Kapak (arka kapak, sırt, ön kapak)` }),
    ).toBeVisible();
    await page.keyboard.press('ArrowRight');
    // Compact on a phone: the caption moves below the slide; the image keeps it as its name.
    const phoneSpread = lightbox.locator('.fancybox__slide.is-selected').getByRole('img', { name: `${branchName} · Sayfa 1` });
    await expect(phoneSpread).toBeVisible();
    await expect.poll(() => phoneSpread.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(width);
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);

    // With errors, "final" asks for the studio's reason first; too short a reason is refused in place.
    await page.getByRole('button', { name: 'Yıllığı son hâli olarak işaretle' }).click();
    const ask = page.getByRole('dialog', { name: 'Hatalara rağmen son hâli olarak işaretle' });
    await expect(ask).toContainText('hata var');
    await ask.getByRole('textbox', { name: 'Gerekçe' }).fill('kısa');
    await ask.getByRole('button', { name: 'Yine de işaretle' }).click();
    await expect(ask.getByText('Gerekçe en az 10 karakter olmalı.')).toBeVisible();
    await ask.getByRole('textbox', { name: 'Gerekçe' }).fill('Matbaa düşük çözünürlüğü onayladı; veliler bilgilendirildi.');
    await ask.getByRole('button', { name: 'Yine de işaretle' }).click();
    await expect(toast(page, 'Yıllık son hâli olarak işaretlendi.')).toBeVisible();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('yearbook-final')).toContainText('Yıllık son hâlinde');
    // The mark queues the digital edition for the students' phones.
    await expect(page.getByTestId('digital-edition')).toContainText(/Dijital Yıllık(Sırada|Hazırlanıyor)/);
    // Taken back, so the other tests find the demo book a draft.
    await page.getByRole('button', { name: 'Son hâl işaretini kaldır' }).click();
    await expect(page.getByTestId('yearbook-final')).toContainText('Provalar TASLAK filigranı taşır');
  });
});
