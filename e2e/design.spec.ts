import { cmykProfile } from '../server/test/printProfiles';
import { expect, test } from './fixtures';
import { callApi, pastTheRightEdge, signIn, toast } from './helpers';

test.describe('yearbook design', () => {
  test('changing a colour changes the live preview, and saving colours the panel', async ({ page }) => {
    await signIn(page, 'panel');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Yıllık Tasarımı' }).click();
    const preview = page.getByRole('region', { name: 'Canlı önizleme' });
    const name = preview.getByTestId('preview-name');
    await expect(name).toBeVisible();
    await expect(name).toHaveCSS('color', 'rgb(28, 126, 214)'); // #1c7ed6, the seeded studio colour

    await page.getByLabel('Ana renk').fill('#2f9e44');
    await page.getByLabel('Ana renk').blur();
    await expect(name).toHaveCSS('color', 'rgb(47, 158, 68)');

    // Other settings show in the preview too.
    await page.getByRole('group', { name: 'Fotoğraf biçimi' }).getByText('Daire').click();
    await expect(preview.locator('[data-shape="circle"]')).toBeVisible();
    await page.getByRole('group', { name: 'Şablon' }).getByText('Pastel').click();
    await expect(preview.locator('[data-template="pastel"]')).toBeVisible();

    // A word that is not a colour is not kept: the field goes back to the last colour.
    await page.getByLabel('Vurgu rengi').fill('kırmızı');
    await page.getByLabel('Vurgu rengi').blur();
    await expect(page.getByLabel('Vurgu rengi')).toHaveValue('#f08c00');
    await page.getByLabel('Vurgu rengi').fill('#e8590c');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    // The panel uses the studio's primary colour (seen without the pointer over the button: hover darkens it).
    await page.mouse.move(0, 0);
    await expect(page.getByRole('button', { name: 'Kaydet' })).toHaveCSS('background-color', 'rgb(47, 158, 68)');

    await page.reload();
    await expect(page.getByLabel('Ana renk')).toHaveValue('#2f9e44');
  });

  test('the binding and the interior’s paper are chosen, saved and read back', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/design');
    await expect(page.getByRole('combobox', { name: 'Cilt' })).toHaveValue('Karton kapak (Amerikan cilt)');
    await page.getByRole('combobox', { name: 'Cilt' }).click();
    await page.getByRole('option', { name: 'Sert kapak (mukavva cilt)' }).click();
    await page.getByRole('combobox', { name: 'İç sayfa kâğıdı' }).click();
    await page.getByRole('option', { name: '1. hamur 90 g/m² (yaprak 0,11 mm)' }).click();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Cilt' })).toHaveValue('Sert kapak (mukavva cilt)');
    await expect(page.getByRole('combobox', { name: 'İç sayfa kâğıdı' })).toHaveValue('1. hamur 90 g/m² (yaprak 0,11 mm)');
  });

  test('a school gets its own design; the studio design stays', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/design');
    await page.getByRole('combobox', { name: 'Tasarımı düzenlenen' }).click();
    await page.getByRole('option', { name: 'Işıklar Fen Lisesi' }).click();
    await expect(page.getByText('Bu okul stüdyo tasarımını kullanıyor.', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Canlı önizleme' })).toContainText('Işıklar Fen Lisesi');
    await page.getByLabel('Ana renk').fill('#ae3ec9');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(page.getByText('Bu okulun kendine özel tasarımı var.')).toBeVisible();

    await page.getByRole('combobox', { name: 'Tasarımı düzenlenen' }).click();
    await page.getByRole('option', { name: 'Stüdyo tasarımı (tüm okullar)' }).click();
    await expect(page.getByLabel('Ana renk')).not.toHaveValue('#ae3ec9');

    await page.getByRole('combobox', { name: 'Tasarımı düzenlenen' }).click();
    await page.getByRole('option', { name: 'Işıklar Fen Lisesi' }).click();
    await page.getByRole('button', { name: 'Okula özel tasarımı kaldır' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Okula özel tasarımı kaldır' }).click();
    await expect(toast(page, 'Okul stüdyo tasarımına döndü.')).toBeVisible();
  });

  test('a school manager edits only its own school’s design', async ({ page }) => {
    await signIn(page, 'school');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Yıllık Tasarımı' }).click();
    await expect(page.getByRole('combobox', { name: 'Tasarımı düzenlenen' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Canlı önizleme' })).toContainText('Atatürk Anadolu Lisesi');
    await page.getByLabel('Sayfa başına mesaj').fill('3');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
  });

  test('the preview pages through the student’s messages: dots from two pages, dynamic from eleven', async ({ page }) => {
    await signIn(page, 'panel');
    // A student with eleven approved messages, entered on classmates' behalf and approved.
    const name = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' };
      const get = async (path: string) => (await fetch(`/api/panel/${path}`, { headers })).json();
      const send = async (method: string, path: string, body: unknown) =>
        (await fetch(`/api/panel/${path}`, { method, headers, body: JSON.stringify(body) })).json();
      const school = (await get('schools?sort=name')).items[0];
      const branch = (await get(`schools/${school.id}/branches`)).items[0];
      const students = (await get(`branches/${branch.id}/students?perPage=12`)).items;
      const [to, ...classmates] = students;
      for (const [i, from] of classmates.slice(0, 11).entries()) {
        const created = await send('POST', 'messages', { fromStudentId: from.id, toStudentId: to.id, body: `Anı ${i + 1}: seninle geçen yıllar çok güzeldi.` });
        await send('PUT', `messages/${created.item.id}`, { status: 'approved', version: created.item.version });
      }
      return `${to.firstName} ${to.lastName}`;
    });
    await page.goto('/design');
    const preview = page.getByRole('region', { name: 'Canlı önizleme' });
    await expect(preview.getByTestId('preview-name')).toHaveText(name);
    const pages = preview.getByRole('region', { name: 'Yıllık sayfaları' });
    const dots = pages.getByRole('tablist');
    const perPage = page.getByLabel('Sayfa başına mesaj');

    await perPage.fill('12');
    await expect(pages.getByRole('group', { name: /^Sayfa \d+ \/ \d+$/, includeHidden: true })).toHaveCount(1);
    await expect(dots).toHaveCount(0);

    await perPage.fill('6');
    await expect(pages.getByRole('group', { name: /^Sayfa \d+ \/ 2$/, includeHidden: true })).toHaveCount(2);
    await expect(dots.getByLabel(/^\d+\. sayfaya git$/)).toHaveCount(2);
    await expect(dots).not.toHaveClass(/is-dynamic/);
    await dots.getByLabel('2. sayfaya git').click();
    await expect(pages.getByRole('group', { name: 'Sayfa 2 / 2' })).toHaveClass(/is-selected/);
    await expect(pages.getByRole('group', { name: 'Sayfa 2 / 2' })).toContainText(`${name} · devam`);
    // Each message is signed by the classmate who wrote it, not by the staff who typed it in.
    await expect(pages.getByRole('group', { name: 'Sayfa 2 / 2' })).not.toContainText('Stüdyo Yöneticisi');

    await perPage.fill('1');
    const count = await pages.getByRole('group', { includeHidden: true }).count();
    expect(count).toBeGreaterThanOrEqual(11);
    await expect(dots.getByLabel(/^\d+\. sayfaya git$/)).toHaveCount(count);
    await expect(dots).toHaveClass(/is-dynamic/);
  });

  test('FOGRA51 with the studio’s own ICC profile: chosen, uploaded, kept after a reload; on a phone nothing is cut', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'panel');
    await page.goto('/design');
    const condition = page.getByRole('combobox', { name: 'Baskı koşulu' });
    await expect(condition).toHaveValue('FOGRA39 (ISO Coated v2)');
    const profile = page.getByRole('group', { name: 'Renk profili (ICC)' });
    await expect(profile).toHaveCount(0);
    await condition.click();
    await page.getByRole('option', { name: 'FOGRA51 (PSO Coated v3)' }).click();
    await expect(profile.getByText('FOGRA51 için renk profili (ICC) yüklenmedi', { exact: false })).toBeVisible();

    const file = cmykProfile('PSO Coated v3 (matbaa)');
    const chooser = page.waitForEvent('filechooser');
    await profile.getByRole('button', { name: 'Renk profili seç' }).click();
    await (await chooser).setFiles({ name: 'PSOcoated_v3.icc', mimeType: 'application/vnd.iccprofile', buffer: file });
    await expect(profile.getByTestId('print-profile')).toHaveText(`PSOcoated_v3.icc (${Math.round(file.length / 1024)} KB)`);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    // The stored profile is named by its own description.
    const stored = `PSO Coated v3 (matbaa) (${Math.round(file.length / 1024)} KB)`;
    await expect(profile.getByTestId('print-profile')).toHaveText(stored);

    await page.reload();
    await expect(condition).toHaveValue('FOGRA51 (PSO Coated v3)');
    await expect(profile.getByTestId('print-profile')).toHaveText(stored);
    await expect(profile.getByRole('button', { name: 'Renk profilini kaldır' })).toBeVisible();
    await profile.scrollIntoViewIfNeeded();
    const { found, width } = await pastTheRightEdge(page);
    expect(found).toEqual([]);
    expect(width).toBeLessThanOrEqual(390);
    for (const part of [profile, profile.getByText('PSO Coated v3 (FOGRA51) profili', { exact: false })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(consoleErrors).toEqual([]);

    // The studio's design as it was, for the tests after this one.
    const { body } = await callApi(page, 'GET', 'design');
    const back = await callApi(page, 'PUT', 'design', { version: body.version, settings: { ...body.settings, printCondition: 'FOGRA39', printProfile: null } });
    expect(back.status).toBe(200);
  });
});
