import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, openDialog, signIn, signInWithForm, submitEmpty, toast } from './helpers';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Çıkış yap' }).click();
  await expect(page.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table');
const search = (page: Page) => page.getByRole('textbox', { name: 'Ara' });

test.describe('Okullar', () => {
  test('finds a school by a folded search, kept in the URL across reload', async ({ page }) => {
    await signIn(page, 'panel');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Okullar' }).click();
    await expect(page.getByRole('heading', { name: 'Okullar' })).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(4);
    await search(page).fill('ISIK');
    await expect(page).toHaveURL(/q=ISIK/);
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(table(page)).toContainText('Işıklar Fen Lisesi');
    await page.reload();
    await expect(search(page)).toHaveValue('ISIK');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await search(page).fill('şehit ömer');
    await expect(table(page)).toContainText('Şehit Ömer Halisdemir Lisesi');
    await expect(table(page).getByRole('row')).toHaveCount(2);
  });

  test('creates a school with the city select and the date picker, edits and archives it', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools');
    const dialog = await openDialog(page, 'Yeni okul');
    await submitEmpty(dialog);
    await dialog.getByLabel('Okul adı').fill('Çamlıca Kız Lisesi');
    await dialog.getByRole('combobox', { name: 'İl', exact: true }).fill('izmir');
    await page.getByRole('option', { name: 'İzmir' }).click();
    await dialog.getByLabel('İlçe').fill('Bornova');
    await dialog.getByLabel('Telefon').fill('0232 555 11 22');
    await dialog.getByLabel('E-posta').fill('bilgi@camlica.test');
    await dialog.getByLabel('Mesaj son tarihi').click();
    // Calendar days are labelled like "15 Kasım 2026".
    await page.getByRole('button', { name: /^15 \S+ \d{4}$/ }).click();
    await expect(dialog.getByLabel('Mesaj son tarihi')).toHaveValue(/^15\/\d{2}\/\d{4}$/);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await search(page).fill('camlica');
    const row = table(page).getByRole('row', { name: /Çamlıca Kız Lisesi/ });
    await expect(row).toContainText('İzmir');
    await expect(row).toContainText(/15\/\d{2}\/\d{4}/);

    await row.getByRole('button', { name: 'Düzenle: Çamlıca Kız Lisesi' }).click();
    const edit = page.getByRole('dialog', { name: 'Okulu düzenle' });
    await edit.getByLabel('Okul adı').fill('Çamlıca Anadolu Lisesi');
    await edit.getByLabel('Telefon').fill('123');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await expect(edit.getByText('Geçerli bir telefon numarası giriniz (ör. 0212 555 12 34).')).toBeVisible();
    await edit.getByLabel('Telefon').fill('0232 555 11 22');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.').first()).toBeVisible();
    await expect(table(page)).toContainText('Çamlıca Anadolu Lisesi');

    const history = await openDialog(page, 'İşlem geçmişi: Çamlıca Anadolu Lisesi');
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('Güncelleme');
    await expect(history.getByRole('row').nth(1)).toContainText('Ad: Çamlıca Kız Lisesi → Çamlıca Anadolu Lisesi');
    await expect(history.getByRole('row').nth(2)).toContainText('Oluşturma');
    await expect(history).toContainText('Stüdyo Yöneticisi');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Arşivle: Çamlıca Anadolu Lisesi' }).click();
    await expect(toast(page, 'Okul arşivlendi.')).toBeVisible();
    await expect(table(page).getByRole('row', { name: /Çamlıca Anadolu Lisesi/ })).toContainText('Arşivlendi');

    await page.getByRole('button', { name: 'Sil: Çamlıca Anadolu Lisesi' }).click();
    await expect(page.getByText(/"Çamlıca Anadolu Lisesi" okulu silinecek/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, 'Silindi.')).toBeVisible();
    await expect(page.getByText('Kayıt bulunamadı')).toBeVisible();
  });

  test('gives a school a logo, which comes back from its file after a reload, and removes it', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools');
    const row = table(page).getByRole('row', { name: /Işıklar Fen Lisesi/ });
    await row.getByRole('button', { name: 'Düzenle: Işıklar Fen Lisesi' }).click();
    let dialog = page.getByRole('dialog', { name: 'Okulu düzenle' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Logo seç' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: fs.readFileSync('e2e/files/logo.png') });
    await expect(dialog.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', /^data:image\/png;base64,/);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();

    await page.reload();
    await table(page)
      .getByRole('row', { name: /Işıklar Fen Lisesi/ })
      .getByRole('button', { name: 'Düzenle: Işıklar Fen Lisesi' })
      .click();
    dialog = page.getByRole('dialog', { name: 'Okulu düzenle' });
    const logo = dialog.getByRole('img', { name: 'Logo' });
    await expect(logo).toHaveAttribute('src', /^\/api\/files\/school-logo\/\d+\?v=\d+$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await dialog.getByRole('button', { name: 'Logoyu kaldır' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await table(page)
      .getByRole('row', { name: /Işıklar Fen Lisesi/ })
      .getByRole('button', { name: 'Düzenle: Işıklar Fen Lisesi' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Okulu düzenle' }).getByRole('img', { name: 'Logo' })).toHaveCount(0);
  });

  test('exports the filtered list as a CSV Turkish Excel reads', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools?q=lisesi&sort=name&order=desc');
    await expect(table(page).getByRole('row')).toHaveCount(4);
    await page.getByRole('button', { name: 'Dışa aktar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^okullar-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Okul adı;İl;İlçe;Adres;Telefon;E-posta;Eğitim-öğretim yılı;Mesaj son tarihi;Durum;Şube sayısı;Öğrenci sayısı');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Şehit Ömer Halisdemir Lisesi', 'Işıklar Fen Lisesi', 'Atatürk Anadolu Lisesi']);
  });
});

test.describe('Okul Yöneticileri', () => {
  test('adds a manager with a generated password, who then signs in', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools?q=isiklar');
    await table(page).getByRole('link', { name: 'Yöneticiler' }).click();
    await expect(page.getByRole('heading', { name: 'Okul Yöneticileri' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Bulunduğunuz yer' })).toContainText('Işıklar Fen Lisesi');
    await expect(page.getByText('Henüz yönetici yok')).toBeVisible();
    const dialog = await openDialog(page, 'Yeni yönetici');
    await dialog.getByLabel('Ad soyad').fill('Şule Işık');
    await dialog.getByLabel('E-posta').fill('okul@demo.test');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Bu e-posta adresi başka bir hesapta kullanılıyor.')).toBeVisible();
    await dialog.getByLabel('E-posta').fill('sule@isiklar.test');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    const password = (await page.getByTestId('generated-password').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole('dialog', { name: 'Oluşturulan şifre' }).getByRole('button', { name: 'Kapat' }).last().click();
    await expect(table(page).getByRole('row', { name: /Şule Işık/ })).toContainText('Aktif');
    const history = await openDialog(page, 'İşlem geçmişi: Şule Işık');
    await expect(history.getByRole('row').filter({ hasText: 'Oluşturma' })).toContainText('E-posta: — → sule@isiklar.test');
    await expect(history).not.toContainText(password);
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    await signOut(page);
    await signInWithForm(page, 'school', 'sule@isiklar.test', password);
    await expect(page.getByText('Okul Yöneticisi · Işıklar Fen Lisesi')).toBeVisible();
  });

  test('deactivating a manager ends their session', async ({ page, browser }) => {
    const other = await browser.newContext();
    const managerPage = await other.newPage();
    await signIn(managerPage, 'school');
    await signIn(page, 'panel');
    await page.goto('/schools?q=ataturk');
    await table(page).getByRole('link', { name: 'Yöneticiler' }).click();
    await page.getByRole('button', { name: 'Pasifleştir: Okul Yöneticisi' }).click();
    await expect(toast(page, 'Yönetici pasifleştirildi; oturumları sonlandırıldı.')).toBeVisible();
    await managerPage.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Şubeler' }).click();
    await expect(toast(managerPage, 'Oturumunuz sonlandırıldı. Tekrar giriş yapınız!')).toBeVisible();
    await expect(managerPage.getByRole('button', { name: 'Giriş yap' })).toBeVisible();
    await other.close();
    // Back to active, so the demo account still signs in for the tests after this one.
    await page.getByRole('button', { name: 'Aktifleştir: Okul Yöneticisi' }).click();
    await expect(toast(page, 'Yönetici aktifleştirildi.')).toBeVisible();
  });
});

test.describe('Şubeler', () => {
  test('a school manager creates a branch range and sees Turkish order', async ({ page }) => {
    await signIn(page, 'school');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Şubeler' }).click();
    await expect(page.getByRole('heading', { name: 'Şubeler' })).toBeVisible();
    const dialog = await openDialog(page, 'Toplu oluştur', 'Toplu şube oluştur');
    await dialog.getByLabel('Sınıf').fill('12');
    await dialog.getByLabel('İlk şube harfi').fill('A');
    await dialog.getByLabel('Son şube harfi').fill('E');
    await dialog.getByRole('button', { name: 'Toplu oluştur' }).click();
    await expect(toast(page, '3 şube oluşturuldu.')).toBeVisible();
    await expect(toast(page, 'Zaten var olduğu için atlananlar: 12/A, 12/B, 12/C')).toBeVisible();
    const names = await table(page).locator('tbody tr td:first-child a[aria-label^="Öğrenciler"]').allTextContents();
    expect(names).toEqual(['12/A', '12/B', '12/C', '12/Ç', '12/D', '12/E']);
    // The new branch's history names who created it and what.
    const history = await openDialog(page, 'İşlem geçmişi: 12/D');
    await expect(history.getByRole('row').filter({ hasText: 'Oluşturma' })).toContainText('Okul Yöneticisi');
    await expect(history.getByRole('row').filter({ hasText: 'Oluşturma' })).toContainText('Şube: — → D');
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);

    await page.getByRole('button', { name: 'Sil: 12/A' }).click();
    await expect(toast(page, /Bu şubede \d+ öğrenci kayıtlı/)).toBeVisible();
    await page.getByRole('button', { name: 'Sil: 12/E' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, 'Silindi.')).toBeVisible();
    await expect(table(page).getByRole('link', { name: 'Öğrenciler: 12/E' })).toHaveCount(0);
  });

  test('a school manager adds a branch manager; a branch manager sees its branch read-only', async ({ page }) => {
    await signIn(page, 'school');
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Şubeler' }).click();
    await table(page).getByRole('row', { name: /12\/B/ }).getByRole('link', { name: 'Yöneticiler' }).click();
    await expect(page.getByRole('heading', { name: 'Şube Yöneticileri' })).toBeVisible();
    const dialog = await openDialog(page, 'Yeni yönetici');
    await dialog.getByLabel('Ad soyad').fill('Ümit Öğretmen');
    await dialog.getByLabel('E-posta').fill('umit@demo.test');
    await dialog.getByLabel('Şifre').fill('Umit12345');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(page.getByTestId('generated-password')).toHaveCount(0);
    await expect(table(page)).toContainText('Ümit Öğretmen');

    await signOut(page);
    await signIn(page, 'branch', 'umit@demo.test', 'Umit12345');
    await expect(page.getByText('Şube Yöneticisi · Atatürk Anadolu Lisesi · 12/B')).toBeVisible();
    await signOut(page);
    await signIn(page, 'branch', DEMO.branch, DEMO_PASSWORD);
    // The demo's first school (id 1 on the fresh demo database) holds the branch manager's 12/A.
    await page.goto('/branches/1');
    await expect(page.getByText('Şube bilgilerini yalnızca görüntüleyebilirsiniz.')).toBeVisible();
    await expect(table(page).getByRole('link', { name: /^Öğrenciler: / })).toHaveText(['12/A']);
    await expect(page.getByRole('button', { name: 'Yeni şube' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Sil: / })).toHaveCount(0);
  });
});

test.describe('Şube Yöneticileri', () => {
  test('the panel edits a branch and resets its manager’s password; the new one signs in', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools?q=sehit');
    await table(page).getByRole('link', { name: 'Şubeler' }).click();
    // The school's name is on the page and in the breadcrumbs.
    await expect(page.getByRole('main').getByText('Şehit Ömer Halisdemir Lisesi', { exact: true }).last()).toBeVisible();
    const edit = await openDialog(page, 'Düzenle: 11/A', 'Şubeyi düzenle');
    await edit.getByLabel('Alan / program').fill('Sayısal');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await expect(table(page).getByRole('row', { name: /11\/A/ })).toContainText('Sayısal');

    await table(page).getByRole('row', { name: /12\/A/ }).getByRole('link', { name: 'Yöneticiler' }).click();
    await expect(page.getByRole('heading', { name: 'Şube Yöneticileri' })).toBeVisible();
    const row = table(page).getByRole('row', { name: /sube3@demo\.test/ });
    const name = (await row.getByRole('cell').first().textContent())!.trim();
    await row.getByRole('button', { name: `Şifre sıfırla: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Şifre sıfırla' }).click();
    const password = (await page.getByTestId('generated-password').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Kapat' }).last().click();

    await signOut(page);
    await signIn(page, 'branch', 'sube3@demo.test', password);
    await expect(page.getByText('Şube Yöneticisi · Şehit Ömer Halisdemir Lisesi · 12/A')).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test('the schools list and its form work on a phone', async ({ page }) => {
    await signIn(page, 'panel');
    await page.goto('/schools');
    // On a phone the list is cards, one a school.
    await expect(page.getByTestId('record-card').filter({ hasText: 'Atatürk Anadolu Lisesi' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Yeni okul' }).click();
    await expect(page.getByRole('dialog', { name: 'Yeni okul' }).getByLabel('Okul adı')).toBeVisible();
  });
});
