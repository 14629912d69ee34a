/**
 * Where am I, and what covers what: breadcrumbs, titles, the section's menu item, the school in
 * the studio's lists; toasts that cover nothing; the lightbox's buttons in Turkish.
 */
import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, jpeg, openDialog, signIn, toast, uploadPortraits } from './helpers';

const SCHOOL = 'Atatürk Anadolu Lisesi';

/** Whether two boxes on the screen share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe('where am I', () => {
  test('from the schools to a branch’s students: links, breadcrumbs, titles and the active menu item', async ({ page }) => {
    await signIn(page, 'panel');
    const menu = page.getByRole('navigation', { name: 'Menü' });
    await menu.getByRole('link', { name: 'Okullar' }).click();
    // The school's name is a link to the school.
    await page.getByRole('link', { name: SCHOOL, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Şubeler' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Bulunduğunuz yer' });
    await expect(crumbs).toHaveText(`Okullar›${SCHOOL}›Şubeler`);
    await expect(page).toHaveTitle(`Şubeler · ${SCHOOL} · Yıllık Paneli`);
    await expect(menu.getByRole('link', { name: 'Okullar' })).toHaveAttribute('data-active', 'true');

    const schoolId = Number(new URL(page.url()).pathname.split('/').pop());
    const branch = ((await apiJson(page, 'GET', `schools/${schoolId}/branches`)).items as Array<{ id: number; name: string }>).find((b) => b.name === '12/A')!;
    await page.goto(`/students/${branch.id}`);
    await expect(crumbs).toHaveText(`Okullar›${SCHOOL}›12/A›Öğrenciler`);
    await expect(page).toHaveTitle(`Öğrenciler · 12/A · ${SCHOOL} · Yıllık Paneli`);
    await expect(menu.getByRole('link', { name: 'Okullar' })).toHaveAttribute('data-active', 'true');
    await expect(menu.getByRole('link', { name: 'Ana Sayfa' })).not.toHaveAttribute('data-active', 'true');
    await crumbs.getByRole('link', { name: SCHOOL }).click();
    await expect(page).toHaveURL(`/branches/${schoolId}`);
    await crumbs.getByRole('link', { name: 'Okullar' }).click();
    await expect(page).toHaveURL('/schools');
    await expect(crumbs).toHaveCount(0);
  });

  test('a school manager’s trail starts at its school; its branches item stays active inside a branch', async ({ page }) => {
    await signIn(page, 'school');
    const user = await apiJson(page, 'GET', 'user');
    const branch = ((await apiJson(page, 'GET', `schools/${user.school.id}/branches`)).items as Array<{ id: number; name: string }>).find(
      (b) => b.name === '12/A',
    )!;
    await page.goto(`/branch-managers/${branch.id}`);
    const crumbs = page.getByRole('navigation', { name: 'Bulunduğunuz yer' });
    await expect(crumbs).toHaveText(`${SCHOOL}›12/A›Şube Yöneticileri`);
    await expect(page).toHaveTitle(`Şube Yöneticileri · 12/A · ${SCHOOL} · Yıllık Paneli`);
    await expect(page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Şubeler' })).toHaveAttribute('data-active', 'true');
  });

  test('the studio’s lists across schools name each row’s school, as a link', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/message-from');
    const table = page.getByRole('table', { name: 'Yazılan Mesajlar' });
    await expect(table.getByRole('columnheader', { name: 'Okul', exact: true })).toBeVisible();
    const firstRow = table.getByRole('row').nth(1);
    const school = firstRow.getByRole('link', { name: /Lisesi$/ });
    await expect(school).toBeVisible();
    const name = await school.textContent();
    await school.click();
    await expect(page.getByRole('navigation', { name: 'Bulunduğunuz yer' })).toContainText(name!);

    await page.goto('/nickname-messages');
    await expect(page.getByRole('columnheader', { name: 'Okul', exact: true })).toBeVisible();
    // One school only: no school column.
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await signIn(page, 'school');
    await page.goto('/message-from');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Okul', exact: true })).toHaveCount(0);
  });
});

test.describe('what covers what', () => {
  test('a toast covers neither the header nor a dialog’s close and save buttons', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/studio');
    await expect(page.getByLabel('Stüdyo adı')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const saved = toast(page, 'Kaydedildi.');
    await expect(saved).toBeVisible();
    await expect(saved).toHaveClass(/\btoast\b.*\btoast-success\b/);
    for (const target of [page.getByTestId('user-name'), page.getByRole('button', { name: 'Çıkış yap' }), page.getByTestId('studio-name')]) {
      expect(await overlap(saved, target)).toBe(false);
    }

    // A refusal while a dialog is open: a school number that is taken.
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await signIn(page, 'branch');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page).toHaveURL(/\/students\/\d+$/);
    const branchId = Number(new URL(page.url()).pathname.split('/').pop());
    const taken = (await apiJson(page, 'GET', `branches/${branchId}/students?perPage=1`)).items[0].schoolNumber as string;
    const dialog = await openDialog(page, 'Yeni öğrenci');
    await dialog.getByLabel('Okul No').fill(taken);
    await dialog.getByRole('textbox', { name: /^Ad(\s|$)/ }).fill('Deniz');
    await dialog.getByLabel('Soyad').fill('Kaya');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    const refused = page.locator('.toast-error');
    await expect(refused).toBeVisible();
    for (const target of [
      dialog.locator('.mantine-Modal-close'),
      dialog.getByRole('button', { name: 'Kaydet' }),
      dialog.getByRole('button', { name: 'Vazgeç' }),
    ]) {
      expect(await overlap(refused, target)).toBe(false);
    }
  });

  test('the lightbox’s buttons and the preview’s carousel have Turkish names; only the spec’s messages stay English', async ({ page }) => {
    await signIn(page, 'branch');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page).toHaveURL(/\/students\/\d+$/);
    const branchId = Number(new URL(page.url()).pathname.split('/').pop());
    const students = (await apiJson(page, 'GET', `branches/${branchId}/students?perPage=2`)).items as Array<{
      id: number;
      schoolNumber: string;
      firstName: string;
      lastName: string;
    }>;
    const files = await Promise.all(
      students.map(async (s, i) => ({
        name: `${s.schoolNumber}.jpg`,
        data: [...(await jpeg(i ? '#1971c2' : '#c92a2a'))],
      })),
    );
    await uploadPortraits(page, branchId, files);
    await page.reload();
    await page.getByRole('link', { name: `${students[0]!.firstName} ${students[0]!.lastName} fotoğrafını aç` }).click();
    const box = page.locator('.fancybox__container');
    await expect(box.locator('.fancybox__slide.is-selected img.fancybox-image')).toBeVisible();
    await expect(box.getByRole('button', { name: 'Slayt gösterisini başlat / durdur' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Küçük resimleri göster / gizle' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Kapat' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Sonraki' }).first()).toBeAttached();
    const names = await box.evaluate((root) =>
      [...root.querySelectorAll('[title], [aria-label]')].flatMap((el) => [el.getAttribute('title'), el.getAttribute('aria-label')]).filter(Boolean),
    );
    const english = names.filter((n) => /\b(Toggle|Next|Previous|Close|Download|Go to slide|Zoom|slideshow|thumbnails)\b/i.test(n!));
    // The modal's label is the spec's English sentence.
    expect(english.filter((n) => n !== 'You can close this modal content with the ESC key')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);

    // The demo's first students have no photo, and later tests start from that: the photos go again.
    for (const student of students) {
      const photos = (await apiJson(page, 'GET', `students/${student.id}/photos`)).items as Array<{ id: number }>;
      await page.evaluate(
        async (ids) => {
          for (const id of ids) {
            const res = await fetch(`/api/branch/photos/${id}`, {
              method: 'DELETE',
              headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
            });
            if (!res.ok) throw new Error(await res.text());
          }
        },
        photos.map((p) => p.id),
      );
    }
  });
});
