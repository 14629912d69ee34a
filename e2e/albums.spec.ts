/**
 * Event albums on a phone (390 px), as a school manager and a parent use them: an album is made,
 * photos uploaded and shown in the lightbox, an upload link made, a parent sends photos through
 * it without an account, the manager approves them in bulk and captions one.
 */
import { expect, test } from './fixtures';
import { callApi, createAlbum, expectNoSideways, jpeg, PHONE, signIn, toast } from './helpers';

test.use({ viewport: PHONE });

const ALBUM = 'Mezuniyet Gecesi ve Kep Atma Töreni 🎓 حفل التخرج';

test('a school manager fills an album, a parent sends photos through its link, the manager approves and captions them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'school');
  const user = await callApi(page, 'GET', 'user');
  const schoolId = user.body.school.id as number;
  const albumId = await createAlbum(page, `/school-albums/${schoolId}`, ALBUM, 'Okulun bahçesinde, velilerle birlikte — Şükrü Öğretmen’in sunumuyla');

  // Staff photos: approved at once.
  await page.locator('input[type=file]').setInputFiles([
    { name: 'sahne.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#cc2244', 400, 300) },
    { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2244cc', 400, 300) },
  ]);
  await page.getByRole('button', { name: 'Yükle', exact: true }).click();
  await expect(toast(page, '2 fotoğraf yüklendi.')).toBeVisible();
  await expect(page.getByRole('link', { name: '2. fotoğrafı büyüt' })).toBeVisible();

  // The lightbox opens on the photo, names the album in its caption and writes the slug into the address.
  await page.getByRole('link', { name: '1. fotoğrafı büyüt' }).click();
  const box = page.locator('.fancybox__container');
  await expect(box).toBeVisible();
  // On a phone the lightbox is compact and shows the caption below the slide.
  await expect(
    box
      .locator('.fancybox__caption')
      .filter({ hasText: `${ALBUM} · 1` })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#album${albumId}-1$`));
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);

  // An upload link for the parents, its address shown once with its QR code.
  await page.getByLabel('Bağlantı adı (ör. 12/A öğretmenleri)').fill('12/A velileri');
  await page.getByRole('button', { name: 'Yükleme bağlantısı oluştur' }).click();
  await expect(toast(page, 'Yükleme bağlantısı oluşturuldu.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Yükleme bağlantısının karekodu' })).toBeVisible();
  const address = (await page.getByTestId('upload-address').textContent())!;
  expect(address).toMatch(/\/yukle\/[\w-]{32}$/);
  await expectNoSideways(page);

  // A parent's phone, with no account.
  const parentContext = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const parent = await parentContext.newPage();
  await parent.goto(address);
  await expect(parent.getByRole('heading', { name: 'Etkinlik fotoğrafı gönder' })).toBeVisible();
  await expect(parent.getByText(ALBUM, { exact: false })).toBeVisible();
  await parent.locator('input[type=file]').setInputFiles([
    { name: 'veli-1.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#22aa44', 400, 300) },
    { name: 'veli-2.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#aa8822', 400, 300) },
  ]);
  // Without a name nothing goes: the field says why.
  await parent.getByRole('button', { name: 'Yükle', exact: true }).click();
  await expect(parent.getByText('Lütfen önce adınızı yazınız.').first()).toBeVisible();
  await parent.getByLabel('Adınız soyadınız').fill('Ayşegül Çağlayan-Öztürkmenoğlu');
  await parent
    .getByRole('button', { name: /Tekrar dene|Yükle/ })
    .first()
    .click();
  await expect(toast(parent, '2 fotoğraf gönderildi. Teşekkür ederiz!')).toBeVisible();
  await expectNoSideways(parent);
  // A link that does not exist says so.
  await parent.goto(`/yukle/${'x'.repeat(32)}`);
  await expect(parent.getByRole('alert').filter({ hasText: 'Yükleme bağlantısı bulunamadı.' })).toBeVisible();
  await parentContext.close();

  // Back at the album: the parent's photos wait; the manager approves them together.
  await page.reload();
  await page.getByRole('combobox', { name: 'Durum' }).click();
  await page.getByRole('option', { name: 'Onay bekliyor' }).click();
  await expect(page.getByText('Bağlantıyla gönderen: Ayşegül Çağlayan-Öztürkmenoğlu')).toHaveCount(2);
  await page.getByRole('button', { name: 'Bu sayfadakilerin tümünü seç' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 fotoğraf seçili' })).toBeVisible();
  await page.getByRole('button', { name: 'Onayla' }).click();
  await expect(toast(page, '2 fotoğraf onaylandı.')).toBeVisible();
  await expect(page.getByText('Seçilen koşullara uyan fotoğraf yok.')).toBeVisible();
  const approved = await callApi(page, 'GET', `albums/${albumId}`);
  expect(approved.body.item).toMatchObject({ photoCount: 4, pendingCount: 0 });

  // A caption on the first photo.
  await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
  await page.getByRole('button', { name: 'Açıklamayı düzenle: 1' }).click();
  const captionDialog = page.getByRole('dialog', { name: 'Açıklamayı düzenle' });
  await captionDialog.getByLabel('Açıklama').fill('Kep atma anı — 12/A ve 12/B 🎓');
  await captionDialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(toast(page, 'Fotoğraf açıklaması kaydedildi.')).toBeVisible();
  await expect(page.getByText('Kep atma anı — 12/A ve 12/B 🎓')).toBeVisible();
  await expectNoSideways(page);
});
