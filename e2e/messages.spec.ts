import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, submitEmpty, toast } from './helpers';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menü' });

async function choose(page: Page, label: string, option: string | RegExp, typed?: string) {
  const field = page.getByRole('combobox', { name: label, exact: true });
  await field.click();
  if (typed) await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Writes a message between the first two students of the signed-in branch manager's branch, through the API. */
async function writeStudentMessage(page: Page, body: string) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const headers = { authorization: `Bearer ${token}` };
  const user = await (await page.request.get('/api/branch/user', { headers })).json();
  const list = await (await page.request.get(`/api/branch/branches/${user.branch.id}/students?perPage=2`, { headers })).json();
  const [from, to] = list.items as Array<{ id: number }>;
  const created = await page.request.post('/api/branch/messages', { headers, data: { fromStudentId: from!.id, toStudentId: to!.id, body } });
  expect(created.status()).toBe(200);
}

/** In the open staff-entry dialog: types the text, reads its counter, saves, and answers the new row. */
async function saveEntry(page: Page, label: string, text: string, counter: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label).fill(text);
  await expect(dialog.getByTestId('length-counter')).toHaveText(counter);
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(toast(page, 'Kaydedildi.')).toBeVisible();
  return page.getByRole('row').filter({ hasText: text });
}

/** On message-from / message-to: keeps the students who have messages and opens the first one's list; answers the student's name. */
async function openFirstWithMessages(page: Page, direction: 'from' | 'to') {
  await choose(page, 'Mesaj durumu', 'Mesajı olanlar');
  await expect(page).toHaveURL(/has=some/);
  await expect(page.getByRole('table').getByText('Mesaj yok')).toHaveCount(0);
  // The student's own link (the studio's rows link their school too).
  const link = page
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /: Mesajları aç$/ });
  const name = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/messages/${direction}/\\d+$`));
  return name;
}

test.describe('messages', () => {
  test('school messages: a school manager writes, edits and deletes; HTML shows as text', async ({ page }) => {
    await signIn(page, 'school');
    await menu(page).getByRole('link', { name: 'Okul Mesajları' }).click();
    await expect(page.getByRole('heading', { name: 'Okul Mesajları' })).toBeVisible();
    const field = page.getByLabel('Yeni mesaj');
    // Markup someone types must read as text, never become bold.
    await field.fill('Yeni hayatınızda başarılar. <b>Kapımız</b> açık.');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(page.getByText('<b>Kapımız</b>', { exact: false })).toBeVisible();
    await expect(page.locator('main b, table b')).toHaveCount(0);

    await field.fill('Sevgili 2026 mezunları,\nyolunuz açık olsun.');
    await expect(page.getByTestId('length-counter')).toHaveText('43 / 1000');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    // The first save's toast may still be showing: the new row below proves this save.
    await expect(toast(page, 'Kaydedildi.').last()).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Sevgili 2026 mezunları' });
    await expect(row).toContainText('Okul Yöneticisi');
    await expect(field).toHaveValue('');

    await row.getByRole('button', { name: 'Düzenle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mesaj').fill('Sevgili 2026 mezunları, başarılar!');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.').last()).toBeVisible();
    const edited = page.getByRole('row').filter({ hasText: 'başarılar!' });
    await edited.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, 'Silindi.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'başarılar!' })).toHaveCount(0);
  });

  test('branch messages: the counter warns past the limit and nothing is sent; a script payload shows as text', async ({ page }) => {
    await signIn(page, 'branch');
    await menu(page).getByRole('link', { name: 'Şube Mesajları' }).click();
    await expect(page.getByRole('heading', { name: 'Şube Mesajları' })).toBeVisible();
    const field = page.getByLabel('Yeni mesaj');
    await field.fill('x'.repeat(1001));
    await expect(page.getByTestId('length-counter')).toHaveText('1001 / 1000');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('En fazla 1000 karakter olabilir.')).toBeVisible();
    await field.fill('<script>window.hacked = 1</script><i>Sınıfım</i>');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(page.getByText('<script>window.hacked = 1</script><i>Sınıfım</i>')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });

  test('student messages: filter, approve with undo, reject with a note, search an HTML payload, bulk "all that match"', async ({ page }) => {
    await signIn(page, 'branch');
    await writeStudentMessage(page, '<b>kalın</b> yazıyla: en iyi arkadaşım sensin! 👩‍🎓 字');
    await menu(page).getByRole('link', { name: 'Öğrenci Mesajları' }).click();
    await expect(page.getByRole('heading', { name: /Öğrenci Mesajları/ })).toBeVisible();
    await choose(page, 'Durum', 'Onay bekliyor');
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByRole('table').getByText('Onaylandı', { exact: true })).toHaveCount(0);
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow).toContainText('Onay bekliyor');
    const totalText = page.getByText(/^Toplam \d+ kayıt$/);
    const before = Number((await totalText.textContent())!.match(/\d+/)![0]);

    await firstRow.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();
    await expect(totalText).toHaveText(`Toplam ${before - 1} kayıt`);
    await toast(page, 'Onaylandı.').getByRole('button', { name: 'Geri al' }).click();
    await expect(toast(page, 'İşlem geri alındı.')).toBeVisible();
    await expect(totalText).toHaveText(`Toplam ${before} kayıt`);

    await page.getByRole('row').nth(1).getByRole('button', { name: 'Reddet' }).click();
    await page.getByRole('dialog').getByLabel('Not').fill('Uygunsuz ifade');
    await page.getByRole('dialog').getByRole('button', { name: 'Reddet' }).click();
    await expect(toast(page, 'Reddedildi.')).toBeVisible();
    await expect(totalText).toHaveText(`Toplam ${before - 1} kayıt`);

    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    await page.getByRole('textbox', { name: 'Ara', exact: true }).fill('kalin');
    await expect(page).toHaveURL(/q=kalin/);
    // The folded search finds the markup as text, and only it.
    await expect(page.getByText('<b>kalın</b> yazıyla', { exact: false })).toBeVisible();
    await expect(page.getByText(/^Toplam 1 kayıt$/)).toBeVisible();
    await expect(page.locator('table b')).toHaveCount(0);
    // The emoji prints; the moderator is told what will not.
    await expect(page.getByRole('row').nth(1).getByText('Bu karakterler baskıda görünmeyecek: 字', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Aramayı temizle' }).click();
    await choose(page, 'Durum', 'Onay bekliyor');
    await expect(page.getByRole('table').getByText('Reddedildi', { exact: true })).toHaveCount(0);

    // Ten a page, so "all that match" has to reach rows on other pages.
    await choose(page, 'Sayfa başına kayıt', '10 / sayfa');
    await expect(page.getByRole('row')).toHaveCount(11);
    const remaining = Number((await totalText.textContent())!.match(/\d+/)![0]);
    expect(remaining).toBeGreaterThan(10);
    await page.getByRole('checkbox', { name: 'Sayfadakilerin tümünü seç' }).check();
    await expect(page.getByRole('region', { name: 'Toplu işlem' })).toContainText('10 kayıt seçildi');
    await page.getByRole('button', { name: `Filtreye uyan ${remaining} kaydın tümünü seç` }).click();
    await expect(page.getByRole('region', { name: 'Toplu işlem' })).toContainText(String(remaining));
    await page.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await expect(toast(page, `${remaining} kayıt onaylandı.`)).toBeVisible();
    await expect(page.getByText('Henüz mesaj yok.')).toBeVisible();
  });

  test("student messages: staff enters a message on a student's behalf with searchable selects", async ({ page }) => {
    await signIn(page, 'branch');
    await menu(page).getByRole('link', { name: 'Öğrenci Mesajları' }).click();
    await page.getByRole('button', { name: 'Öğrenci adına mesaj gir' }).click();
    const dialog = page.getByRole('dialog');
    await submitEmpty(dialog);
    const fromField = dialog.getByLabel('Yazan öğrenci', { exact: true });
    await fromField.click();
    const first = page.getByRole('option').first();
    const firstName = (await first.textContent())!;
    await first.click();
    const toField = dialog.getByLabel('Alan öğrenci', { exact: true });
    await toField.click();
    await page.getByRole('option').nth(1).click();
    const row = await saveEntry(page, 'Mesaj', 'Kâğıt formdan: <u>teşekkürler</u>', '33 / 1000');
    await expect(row).toContainText(firstName.replace(/ \(\d+\)$/, ''));
    await expect(row).toContainText('Onay bekliyor');
  });

  test("message-from: students with none stand out; a row opens that student's messages", async ({ page }) => {
    await signIn(page, 'school');
    await menu(page).getByRole('link', { name: 'Yazılan Mesajlar' }).click();
    await expect(page.getByRole('heading', { name: 'Yazılan Mesajlar' })).toBeVisible();
    await choose(page, 'Mesaj durumu', 'Hiç mesajı olmayanlar');
    await expect(page).toHaveURL(/has=none/);
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toContainText('Mesaj yok');
    const name = await openFirstWithMessages(page, 'from');
    await expect(page.getByRole('heading', { name: /Öğrencinin yazdığı mesajlar/ })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText(name);
  });

  test("message-to: the studio filters by school and branch and opens a student's received messages", async ({ page }) => {
    await signIn(page, 'panel');
    await menu(page).getByRole('link', { name: 'Alınan Mesajlar' }).click();
    await expect(page.getByRole('heading', { name: 'Alınan Mesajlar' })).toBeVisible();
    await choose(page, 'Okul', 'Işıklar Fen Lisesi', 'isik');
    await expect(page).toHaveURL(/schoolId=\d+/);
    await choose(page, 'Şube', /12\/İ/);
    await expect(page).toHaveURL(/branchId=\d+/);
    await expect(page.getByRole('row').nth(1)).toContainText('12/İ');
    const name = await openFirstWithMessages(page, 'to');
    await expect(page.getByRole('row').nth(1)).toContainText(name);
  });

  test('nickname suggestions: approve with undo, bulk reject with a note, HTML as text', async ({ page }) => {
    await signIn(page, 'branch');
    await menu(page).getByRole('link', { name: 'Lakap Önerileri' }).click();
    await expect(page.getByRole('heading', { name: 'Lakap Önerileri' })).toBeVisible();
    await page.getByRole('button', { name: 'Yeni lakap önerisi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Yazan öğrenci', { exact: true }).click();
    await page.getByRole('option').nth(2).click();
    await dialog.getByLabel('Alan öğrenci', { exact: true }).click();
    await page.getByRole('option').nth(3).click();
    const row = await saveEntry(page, 'Lakap', '<em>Kral</em>', '13 / 40');
    await expect(row).toContainText('Onay bekliyor');
    await expect(page.locator('table em')).toHaveCount(0);

    await row.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();
    await expect(row).toContainText('Onaylandı');
    await toast(page, 'Onaylandı.').getByRole('button', { name: 'Geri al' }).click();
    await expect(toast(page, 'İşlem geri alındı.')).toBeVisible();
    await expect(row).toContainText('Onay bekliyor');

    await choose(page, 'Durum', 'Onay bekliyor');
    await expect(page.getByRole('table').getByText('Onaylandı', { exact: true })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Sayfadakilerin tümünü seç' }).check();
    const selected = Number(
      (await page
        .getByRole('region', { name: 'Toplu işlem' })
        .getByText(/kayıt seçildi/)
        .textContent())!.match(/\d+/)![0],
    );
    await page.getByRole('button', { name: 'Seçilenleri reddet' }).click();
    await page.getByRole('dialog').getByLabel('Not').fill('Kırıcı olabilir');
    await page.getByRole('dialog').getByRole('button', { name: 'Reddet' }).click();
    await expect(toast(page, `${selected} kayıt reddedildi.`)).toBeVisible();
    await choose(page, 'Durum', 'Reddedildi');
    await expect(page.getByRole('row').filter({ hasText: '<em>Kral</em>' })).toContainText('Kırıcı olabilir');
  });
});

test.describe('messages on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('a branch manager moderates and writes from a phone; no screen scrolls sideways', async ({ page }) => {
    const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, 'branch');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await menu(page).getByRole('link', { name: 'Öğrenci Mesajları' }).click();
    await expect(page.getByRole('heading', { name: /Öğrenci Mesajları/ })).toBeVisible();
    await choose(page, 'Durum', 'Onay bekliyor');
    // On a phone each message is a card, its approve button a large one.
    const firstCard = page.getByTestId('record-card').first();
    await expect(firstCard).toContainText('Onay bekliyor');
    await noSidewaysScroll();
    await firstCard.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'Onaylandı.')).toBeVisible();

    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await menu(page).getByRole('link', { name: 'Şube Mesajları' }).click();
    await expect(page.getByRole('heading', { name: 'Şube Mesajları' })).toBeVisible();
    await noSidewaysScroll();
    await page.getByLabel('Yeni mesaj').fill('Telefondan yazıldı: hepinize başarılar!');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(page.getByText('Telefondan yazıldı: hepinize başarılar!')).toBeVisible();
    await noSidewaysScroll();
  });
});
