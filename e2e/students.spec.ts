import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiJson, atLeastTwo, jpeg, openDialog, openStudents, pauseClock, signIn, toast, uploadPortraits } from './helpers';

/** Gives the first `count` students of the branch portraits through the bulk upload call, and one a hostile caption. */
async function portraits(page: Page, branchId: number, count: number) {
  const list = await apiJson(page, 'GET', `branches/${branchId}/students?perPage=${count}`);
  const students = list.items as Array<{ id: number; schoolNumber: string; firstName: string; lastName: string; gender: string; version: number }>;
  const colors = ['#aa3344', '#3344aa', '#33aa44', '#aaaa33', '#33aaaa'];
  const files = await Promise.all(
    students.map(async (s, i) => ({ name: `${s.schoolNumber}.jpg`, data: [...(await jpeg(colors[i % colors.length] ?? '#888888'))] })),
  );
  await uploadPortraits(page, branchId, files);
  // The second student's quote holds markup: the caption must show it as text.
  const [, s] = atLeastTwo(students);
  await apiJson(page, 'PUT', `students/${s.id}`, {
    schoolNumber: s.schoolNumber,
    firstName: s.firstName,
    lastName: s.lastName,
    gender: s.gender,
    quote: '<img src=x onerror="window.__xss=1">',
    version: s.version,
  });
  return atLeastTwo(students);
}

test.describe('students', () => {
  test('adds a student, then records a paper consent form: the filter by consent state and its count follow', async ({ page }) => {
    await openStudents(page);
    const dialog = await openDialog(page, 'Yeni öğrenci');
    await dialog.getByLabel('Okul No').fill('9876');
    await dialog.getByRole('textbox', { name: /^Ad(\s|$)/ }).fill('Çağla');
    await dialog.getByLabel('Soyad').fill('Işıkoğlu');
    await dialog.getByLabel('Cinsiyet').click();
    await page.getByRole('option', { name: 'Kız' }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    await page.getByLabel('Ara', { exact: true }).fill('cagla isikoglu');
    const row = page.getByRole('row', { name: /Çağla Işıkoğlu/ });
    await expect(row).toContainText('9876');
    await expect(row).toContainText('Kız');

    // Not answered for photos in print: the filter by state finds her, and only her.
    await page.getByRole('combobox', { name: 'Onay durumu' }).click();
    await page.getByRole('option', { name: 'Yanıt bekleniyor' }).click();
    await expect(page.getByRole('row', { name: /Çağla Işıkoğlu/ })).toHaveCount(1);
    // A paper form: the answer, who signed it and as whom; the toast says it is recorded.
    await page.getByRole('button', { name: 'Veli onayı: Çağla Işıkoğlu' }).click();
    const consent = page.getByRole('dialog', { name: 'Çağla Işıkoğlu: veli onayı (kâğıt form)' });
    await consent.getByLabel('Formu imzalayan').fill('Ayşe Işıkoğlu');
    await consent.getByLabel('Yakınlığı').click();
    await page.getByRole('option', { name: 'Anne' }).click();
    await consent.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Veli onayı kaydedildi.')).toBeVisible();
    await expect(consent.getByRole('table', { name: 'Onay geçmişi' })).toContainText('Ayşe Işıkoğlu (Anne)');
    await expect(consent.getByRole('table', { name: 'Onay geçmişi' })).toContainText('Kâğıt form');
    await page.keyboard.press('Escape');
    // She has left the "not answered" list and is counted among those given.
    await expect(page.getByRole('row', { name: /Çağla Işıkoğlu/ })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Onay durumu' }).click();
    await page.getByRole('option', { name: 'Verildi' }).click();
    await expect(page.getByRole('row', { name: /Çağla Işıkoğlu/ })).toHaveCount(1);
    await expect(page.getByRole('row', { name: /Çağla Işıkoğlu/ }).getByText('Baskı foto')).toBeVisible();

    // The same number again: the server's Turkish message, on the field too.
    await page.getByRole('button', { name: 'Yeni öğrenci' }).click();
    await dialog.getByLabel('Okul No').fill('9876');
    await dialog.getByRole('textbox', { name: /^Ad(\s|$)/ }).fill('Başka');
    await dialog.getByLabel('Soyad').fill('Öğrenci');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Bu okul numarası okulda başka bir öğrenciye ait.')).toBeVisible();
    await expect(dialog.getByText('Bu okul numarası okulda başka bir öğrenciye ait.')).toBeVisible();
  });

  test('a school manager edits a student and reads who changed what in its history, in Turkish', async ({ page }) => {
    const branchId = await openStudents(page);
    // The branch manager has no history button: the audit log is for the studio and the school.
    await expect(page.getByRole('button', { name: /^İşlem geçmişi:/ })).toHaveCount(0);
    await signIn(page, 'school');
    await page.goto(`/students/${branchId}`);
    const row = page.getByRole('row').nth(1);
    const name = ((await row.getByRole('button', { name: /: düzenle$/ }).getAttribute('aria-label')) ?? '').replace(': düzenle', '');
    await row.getByRole('button', { name: `${name}: düzenle` }).click();
    const dialog = page.getByRole('dialog', { name: 'Öğrenciyi düzenle' });
    const first = dialog.getByRole('textbox', { name: /^Ad(\s|$)/ });
    const before = await first.inputValue();
    await first.fill('Güneş');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Kaydedildi.')).toBeVisible();
    const renamed = name.replace(before, 'Güneş');
    await page.getByRole('button', { name: `İşlem geçmişi: ${renamed}` }).click();
    const history = page.getByRole('dialog', { name: `İşlem geçmişi: ${renamed}` });
    const entry = history.getByRole('row').filter({ hasText: 'Güncelleme' });
    await expect(entry).toContainText('Okul Yöneticisi');
    await expect(entry).toContainText(`Ad: ${before} → Güneş`);
  });

  test('imports a spreadsheet through the preview', async ({ page }) => {
    await openStudents(page);
    const dialog = await openDialog(page, 'İçe aktar', 'Öğrenci listesini içe aktar');
    const csv = '\uFEFFOkul No;Adı;Soyadı;Cinsiyet\r\n7001;Ilgın;Şener;Kız\r\n7002;İsmet;Ünal;\r\n7003;;Eksik;Erkek\r\n';
    await dialog.locator('input[type=file]').setInputFiles({ name: 'liste.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Önizle', exact: true }).click();
    await expect(dialog.getByText('1 satırda hata var')).toBeVisible();
    // "Durum" tells the row's state; "Hatalar" only its errors.
    const bad = dialog.getByRole('row', { name: /7003/ }).getByRole('cell');
    await expect(bad.nth(-2)).toHaveText('Hatalı');
    await expect(bad.nth(-1)).toHaveText('Ad: Bu alan zorunludur.');
    const good = dialog.getByRole('row', { name: /7001/ }).getByRole('cell');
    await expect(good.nth(-2)).toHaveText('Yeni');
    await expect(good.nth(-1)).toHaveText('');
    await expect(dialog.getByRole('button', { name: 'İçe aktar' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Geri' }).click();
    const fixed = csv.replace('7003;;Eksik;Erkek', '7003;Tam;Eksik;Erkek');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'liste.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await dialog.getByRole('button', { name: 'Önizle', exact: true }).click();
    await expect(dialog.getByText('3 satır hazır')).toBeVisible();
    await dialog.getByRole('button', { name: 'İçe aktar' }).click();
    await expect(toast(page, 'İçe aktarma tamamlandı: 3 yeni, 0 güncellendi, 0 değişmedi.').first()).toBeVisible();
    await expect(dialog.getByRole('alert', { name: 'Özet' })).toContainText('3 yeni');
    await dialog.getByRole('button', { name: 'Kapat' }).last().click();
    await page.getByLabel('Ara', { exact: true }).fill('sener');
    await expect(page.getByRole('row', { name: /Ilgın Şener/ })).toContainText('7001');
  });

  test('picks two photos, shows both previews, removes one and uploads the other', async ({ page }) => {
    await openStudents(page);
    const first = page.getByRole('row').nth(1);
    await first.getByRole('button', { name: /fotoğraflar$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Fotoğraflar ·/ });
    await expect(dialog.getByText('Bu öğrencinin fotoğrafı yok.')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'bir.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#cc2244') },
      { name: 'iki.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2244cc') },
    ]);
    const previews = dialog.getByRole('list', { name: 'Seçilen fotoğraflar' }).getByRole('listitem');
    await expect(previews).toHaveCount(2);
    await expect(previews.first().getByRole('img', { name: 'bir.jpg' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // Each preview names its file (cut to the tile, whole on hover).
    await expect(previews.first().getByTestId('preview-name')).toHaveText('bir.jpg');
    await expect(previews.first().getByTestId('preview-name')).toHaveAttribute('title', 'bir.jpg');
    await dialog.getByRole('button', { name: 'Önizlemeyi kaldır: iki.jpg' }).click();
    await expect(previews).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Yükle' }).click();
    await expect(toast(page, '1 fotoğraf yüklendi.')).toBeVisible();
    await expect(dialog.getByText('Vesikalık', { exact: true })).toBeVisible();
    await expect(previews).toHaveCount(0);
    // The 300 × 400 portrait shows whole in its tile, not cut to a landscape.
    const tile = dialog.getByRole('link', { name: /fotoğrafını aç/ }).locator('img');
    await expect(tile).toHaveCSS('object-fit', 'contain');
  });

  test('bulk upload after a shoot: a numbered file and an index file’s row find their students; the rest are listed', async ({ page }) => {
    const branchId = await openStudents(page);
    const list = await apiJson(page, 'GET', `branches/${branchId}/students?perPage=2`);
    const [byNumber, byIndex] = atLeastTwo(list.items as Array<{ schoolNumber: string; firstName: string; lastName: string }>);
    const dialog = await openDialog(page, 'Toplu fotoğraf yükle');

    // The photographer's index: headerless, tab-separated, PSPA order (volume, folder, file, first, last, grade, teacher).
    const index = `V1\tImages\tDSC_0042.JPG\t${byIndex.firstName}\t${byIndex.lastName}\t12/A\tAyşe Öğretmen\r\n`;
    let chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /Dizin dosyası/ }).click();
    await (await chooser).setFiles({ name: 'INDEX.TXT', mimeType: 'text/plain', buffer: Buffer.from(index) });
    await expect(dialog.getByRole('button', { name: /Dizin dosyası/ })).toContainText('INDEX.TXT');

    chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Fotoğraf seç' }).click();
    await (
      await chooser
    ).setFiles([
      { name: `${byNumber.schoolNumber}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg('#884422') },
      { name: 'DSC_0042.JPG', mimeType: 'image/jpeg', buffer: await jpeg('#228844') },
      { name: 'tatil.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#224488') },
    ]);
    await expect(dialog.getByRole('list', { name: 'Seçilen fotoğraflar' }).getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByTestId('preview-name')).toHaveText([`${byNumber.schoolNumber}.jpg`, 'DSC_0042.JPG', 'tatil.jpg']);
    await dialog.getByRole('button', { name: 'Yükle' }).click();
    // The toast, and the same summary kept in the dialog with the file left over.
    await expect(toast(page, '2 fotoğraf eşleşti, 1 dosya eşleşmedi.')).toHaveCount(2);
    const summary = dialog.getByRole('alert', { name: '2 fotoğraf eşleşti, 1 dosya eşleşmedi.' });
    await expect(summary).toContainText('tatil.jpg: Dosya adı okul numarası değil (ör. 1234.jpg).');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    for (const s of [byNumber, byIndex]) {
      await expect(
        page.getByRole('row', { name: new RegExp(s.schoolNumber) }).getByRole('link', { name: `${s.firstName} ${s.lastName} fotoğrafını aç` }),
      ).toBeVisible();
    }
  });
});

test.describe('acting on picked students', () => {
  test('delete picked students with "Geri al" inside the window, and for real after it', async ({ page }) => {
    await page.clock.install();
    const branchId = await openStudents(page);
    const made: Array<{ id: number }> = [];
    for (const [schoolNumber, firstName] of [
      ['8801', 'Bulut'],
      ['8802', 'Deniz'],
      ['8803', 'Ekin'],
    ] as const) {
      const body = { schoolNumber, firstName, lastName: 'Toplu', gender: '', quote: '' };
      made.push((await apiJson(page, 'POST', `branches/${branchId}/students`, body)).item);
    }
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (/\/students\/delete$/.test(r.url())) deletes.push(r.postData() ?? '');
    });
    await page.getByLabel('Ara', { exact: true }).fill('toplu');
    await expect(page.getByRole('row', { name: /Toplu/ })).toHaveCount(3);

    await page.getByRole('checkbox', { name: 'Seç: 8801 Bulut Toplu' }).check();
    await page.getByRole('checkbox', { name: 'Seç: 8802 Deniz Toplu' }).check();
    const bar = page.getByRole('region', { name: 'Seçilen öğrenciler' });
    await expect(bar).toContainText('2 öğrenci seçildi');

    // All three of the page, deleted, then brought back inside the window: nothing reached the server.
    await page.getByRole('checkbox', { name: 'Sayfadakilerin tümünü seç' }).check();
    await bar.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('dialog', { name: 'Sil' }).getByRole('button', { name: 'Sil' }).click();
    await expect(page.getByRole('row', { name: /Toplu/ })).toHaveCount(0);
    const undo = page.locator('.toast', { hasText: '3 öğrenci silindi.' });
    await undo.getByRole('button', { name: 'Geri al' }).click();
    await expect(toast(page, 'Silme geri alındı; öğrenciler yerinde.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Toplu/ })).toHaveCount(3);
    expect(deletes).toEqual([]);

    // One of them, left to go: once the toast has gone the delete is sent, and the student is gone.
    await page.getByRole('checkbox', { name: 'Seç: 8803 Ekin Toplu' }).check();
    await bar.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('dialog', { name: 'Sil' }).getByRole('button', { name: 'Sil' }).click();
    await expect(page.locator('.toast', { hasText: '1 öğrenci silindi.' })).toBeVisible();
    const sent = page.waitForResponse((r) => /\/students\/delete$/.test(r.url()));
    await page.clock.runFor(10_000);
    expect((await sent).status()).toBe(200);
    expect(deletes).toEqual([JSON.stringify({ studentIds: [made[2]!.id] })]);
    await expect(page.getByRole('row', { name: /Toplu/ })).toHaveCount(2);
    expect((await apiJson(page, 'GET', `branches/${branchId}/students?q=toplu`)).total).toBe(2);
    await apiJson(page, 'POST', `branches/${branchId}/students/delete`, { studentIds: [made[0]!.id, made[1]!.id] });
  });

  test('login cards for picked students only: opened from the list, the branch named, in school number order; others’ codes still work', async ({ page }) => {
    const branchId = await openStudents(page);
    const list = await apiJson(page, 'GET', `branches/${branchId}/students?perPage=3`);
    const [a, b, c] = list.items as Array<{ id: number; schoolNumber: string; firstName: string; lastName: string }>;
    // The third student's card, printed earlier: it must keep working.
    const kept = await apiJson(page, 'POST', `students/${c!.id}/access-code`);
    for (const s of [b!, a!]) await page.getByRole('checkbox', { name: `Seç: ${s.schoolNumber} ${s.firstName} ${s.lastName}` }).check();
    await page.getByRole('region', { name: 'Seçilen öğrenciler' }).getByRole('button', { name: 'Yeni giriş kodları' }).click();

    await expect(page.getByRole('heading', { name: '12/A giriş kartları' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Bulunduğunuz yer' });
    await expect(crumbs.getByRole('link', { name: '12/A' })).toBeVisible();
    await expect(crumbs).toContainText('Giriş kartları');
    await expect(
      page.getByText(/Seçtiğiniz öğrencilere yeni giriş kodu verilir ve onların eski kartları hemen geçersiz olur; diğer öğrencilerin/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Seçilen 2 öğrencinin kartlarını hazırla' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Seçilen 2 öğrenciye yeni giriş kodu verilecek');
    await confirm.getByRole('button', { name: 'Yeni giriş kodu' }).click();
    const cards = page.locator('.login-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Okul numarası: ${a!.schoolNumber}`);
    await expect(cards.nth(1)).toContainText(`Okul numarası: ${b!.schoolNumber}`);
    const login = await page.request.post('/api/student/login', { data: { schoolCode: 'ATA2026', schoolNumber: c!.schoolNumber, accessCode: kept.code } });
    expect(login.status()).toBe(200);
  });
});

/**
 * The lightbox tests' start: the page's clock is the test's, so the library's timers run exactly
 * as long as the test says; then the branch's students open, the first `count` with portraits.
 */
async function openWithPortraits(page: Page, count: number) {
  await page.clock.install();
  const branchId = await openStudents(page);
  const students = await portraits(page, branchId, count);
  await page.reload();
  return { branchId, students, slug: `sube${branchId}`, box: page.locator('.fancybox__container') };
}

test.describe('lightbox', () => {
  test('opens by click and by #slug-2, moves with every key, toggles thumbnails with t, closes with Escape on the same route', async ({ page }) => {
    const { students, slug, box } = await openWithPortraits(page, 3);
    const path = new URL(page.url()).pathname;
    const name = (i: 0 | 1) => `${students[i].firstName} ${students[i].lastName} fotoğrafını aç`;
    await page.getByRole('link', { name: name(0) }).click();
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${slug}-1$`));
    const caption = page.locator('.fancybox__slide.is-selected .fancybox__caption');
    await expect(caption).toContainText(`${students[0].firstName} ${students[0].lastName} (${students[0].schoolNumber})`);

    for (const [key, index] of [
      ['ArrowRight', 2],
      ['ArrowLeft', 1],
      ['ArrowDown', 2],
      ['ArrowUp', 1],
      ['PageUp', 2],
      ['PageDown', 1],
    ] as const) {
      await page.keyboard.press(key);
      await expect(page, key).toHaveURL(new RegExp(`#${slug}-${index}$`));
      await page.clock.runFor(200); // past the 150 ms throttle between slides
    }
    const thumbs = page.locator('.fancybox__container .f-thumbs');
    await expect(thumbs).toBeVisible();
    await page.keyboard.press('t');
    await expect(thumbs).toHaveAttribute('aria-hidden', 'true');
    await page.keyboard.press('t');
    await expect(thumbs).not.toHaveAttribute('aria-hidden', 'true');

    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();

    // Back closes an open lightbox and stays on the route; forward opens it again.
    await page.getByRole('link', { name: name(0) }).click();
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#${slug}-1$`));
    await page.goBack();
    await expect(box).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();
    await page.goForward();
    await expect(box).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);

    // Delete and Backspace close too.
    for (const key of ['Delete', 'Backspace']) {
      await page.getByRole('link', { name: name(0) }).click();
      await expect(box).toBeVisible();
      await page.keyboard.press(key);
      await expect(box, key).toHaveCount(0);
    }

    // A #slug-2 URL opens the second slide after load; back closes it and stays on the route.
    await page.goto(`${path}#${slug}-2`);
    await expect(box).toBeVisible();
    await expect(page.locator('.fancybox__slide.is-selected .fancybox__caption')).toContainText(students[1].lastName);
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(path);
  });

  test('opens a student’s photos in the lightbox from the photos dialog; Escape closes only the lightbox', async ({ page }) => {
    const branchId = await openStudents(page);
    const students = await portraits(page, branchId, 2);
    await page.reload();
    const name = `${students[0].firstName} ${students[0].lastName}`;
    await page.getByRole('button', { name: `${name}: fotoğraflar` }).click();
    const dialog = page.getByRole('dialog', { name: `Fotoğraflar · ${name}` });
    await dialog.getByRole('link', { name: `${name} 1 fotoğrafını aç` }).click();
    const box = page.locator('.fancybox__container');
    await expect(box).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#ogrenci${students[0].id}(-1)?$`));
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });

  test('shows a caption holding markup as text, and a missing photo as "Image Not Found"', async ({ page, brokenImages }) => {
    const branchId = await openStudents(page);
    const students = await portraits(page, branchId, 2);
    await page.reload();
    await page.getByRole('link', { name: `${students[1].firstName} ${students[1].lastName} fotoğrafını aç` }).click();
    const caption = page.locator('.fancybox__slide.is-selected .fancybox__caption');
    await expect(caption).toContainText('<img src=x onerror="window.__xss=1">');
    await expect(caption.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.keyboard.press('Escape');

    // The display size of every photo now answers 404.
    await page.route('**/photo-files/*/display*', (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
    await expect(page.locator('.fancybox__slide.is-selected').getByText('Image Not Found')).toBeVisible();
    // The only images that failed are the display sizes this test made answer 404.
    expect(brokenImages.length).toBeGreaterThan(0);
    expect(brokenImages.filter((image) => !/\/photo-files\/\d+\/display\?/.test(image))).toEqual([]);
    brokenImages.length = 0;
    await page.keyboard.press('Escape');
    await expect(page.locator('.fancybox__container')).toHaveCount(0);
  });

  test('keeps the lightbox’s timings and sizes: idle after 3.5 s, slideshow every 3 s with space, compact at 578 px', async ({ page }) => {
    const { students, slug, box } = await openWithPortraits(page, 3);
    await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
    await expect(page.locator('.fancybox__slide.is-selected img.fancybox-image')).toBeVisible();
    await expect(box).not.toHaveClass(/is-opening|is-zooming-in/);
    await expect(box).not.toHaveClass(/is-compact/);

    // The idle wait starts once the slide has settled, which it has.
    await pauseClock(page);
    await expect(box).toHaveClass(/is-idle/);
    await page.mouse.move(10, 10); // any movement ends idle and starts its wait again
    await expect(box).not.toHaveClass(/is-idle/);
    await page.clock.runFor(3_499);
    await expect(box).not.toHaveClass(/is-idle/);
    await page.clock.runFor(1);
    await expect(box).toHaveClass(/is-idle/);

    // Space starts the slideshow; the slide moves after 3 s (the address follows 300 ms later).
    // Whole captions (name and school number): two students may share a last name.
    const selectedCaption = page.locator('.fancybox__slide.is-selected .fancybox__caption');
    const captionOf = (s: (typeof students)[number]) => `${s.firstName} ${s.lastName} (${s.schoolNumber})`;
    await page.keyboard.press(' ');
    await page.clock.runFor(2_999);
    await expect(box).toHaveClass(/has-slideshow/);
    await expect(selectedCaption).toContainText(captionOf(students[0]));
    await page.clock.runFor(1);
    await expect(selectedCaption).toContainText(captionOf(students[1]));
    await page.clock.runFor(300);
    await expect(page).toHaveURL(new RegExp(`#${slug}-2$`));
    await page.keyboard.press(' ');
    await page.clock.runFor(4_000);
    await expect(page).toHaveURL(new RegExp(`#${slug}-2$`));
    await expect(box).not.toHaveClass(/has-slideshow/);
    await page.clock.resume();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);

    await page.setViewportSize({ width: 578, height: 800 });
    await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
    await expect(box).toHaveClass(/is-compact/);
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.setViewportSize({ width: 900, height: 579 });
    await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
    await expect(box).toBeVisible();
    await expect(box).not.toHaveClass(/is-compact/);
  });

  test('thumbnails only from two images; two quick presses move one slide (150 ms throttle); the alt text is the plain caption', async ({ page }) => {
    const { branchId, students, slug, box } = await openWithPortraits(page, 3);

    // A new student with a single photo: no thumbnails, and t shows none.
    const created = await apiJson(page, 'POST', `branches/${branchId}/students`, {
      schoolNumber: '88001',
      firstName: 'Tek',
      lastName: 'Fotoğraflı',
      gender: 'female',
      quote: '',
    });
    const photo = [...(await jpeg('#556677'))];
    await page.evaluate(
      async ({ id, photo }) => {
        const form = new FormData();
        form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tek.jpg');
        const res = await fetch(`/api/branch/students/${id}/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
          body: form,
        });
        if (!res.ok) throw new Error(await res.text());
      },
      { id: created.item.id as number, photo },
    );
    await page.getByLabel('Ara', { exact: true }).fill('88001');
    const dialog = await openDialog(page, 'Tek Fotoğraflı: fotoğraflar', 'Fotoğraflar · Tek Fotoğraflı');
    await dialog.getByRole('link', { name: 'Tek Fotoğraflı 1 fotoğrafını aç' }).click();
    await expect(box).toBeVisible();
    await expect(page.locator('.fancybox__slide.is-selected img.fancybox-image')).toBeVisible();
    await expect(box.locator('.f-thumbs')).toHaveCount(0);
    await page.keyboard.press('t');
    await expect(box.locator('.f-thumbs')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The branch's portraits: thumbnails; a second press within 150 ms of the first moves nothing.
    await page.getByLabel('Ara', { exact: true }).fill('');
    await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
    await expect(box.locator('.f-thumbs')).toBeVisible();
    await pauseClock(page);
    await page.keyboard.press('ArrowRight');
    await page.clock.runFor(149);
    await page.keyboard.press('ArrowRight');
    // The address follows a slide 300 ms after it moves.
    await page.clock.runFor(400);
    await expect(page).toHaveURL(new RegExp(`#${slug}-2$`));
    await page.keyboard.press('ArrowRight');
    await page.clock.runFor(400);
    await expect(page).toHaveURL(new RegExp(`#${slug}-3$`));

    // Back to the hostile caption's slide: its image's alt is the caption as plain text, markup dropped.
    await page.keyboard.press('ArrowLeft');
    await page.clock.runFor(400);
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`#${slug}-2$`));
    const caption = (await page.locator('.fancybox__slide.is-selected .fancybox__caption').textContent()) ?? '';
    expect(caption).toContain('<img src=x onerror="window.__xss=1">');
    const alt = (await page.locator('.fancybox__slide.is-selected img.fancybox-image').getAttribute('alt')) ?? '';
    expect(alt).toContain(`${students[1].firstName} ${students[1].lastName} (${students[1].schoolNumber})`);
    expect(alt).not.toMatch(/&[#a-z0-9]+;|<img/);
    expect(alt).toBe(caption.replace(/<[^>]+>/g, '').substring(0, 1000));
  });

  test('drag to close: 200 px or 50 px within 300 ms closes; shorter or slower does not', async ({ page }) => {
    // Fancybox times a drag with Date.now(): the page's clock is ours, so "quick" means exactly that.
    const { students, box } = await openWithPortraits(page, 2);
    const image = page.locator('.fancybox__slide.is-selected img.fancybox-image');
    const top = async () => Math.round((await image.boundingBox())?.y ?? Number.NaN);
    let restingTop = 0;
    const open = async () => {
      await page.getByRole('link', { name: `${students[0].firstName} ${students[0].lastName} fotoğrafını aç` }).click();
      await expect(image).toBeVisible();
      await expect(box).not.toHaveClass(/is-opening|is-zooming-in/);
      await expect.poll(async () => Math.abs((await top()) - (await top()))).toBe(0);
      restingTop = await top();
    };
    /** Drags the image down by `distance` px in 10 moves, `msPerMove` of page time apart; then lets time run. */
    const drag = async (distance: number, msPerMove: number) => {
      const area = await image.boundingBox();
      if (!area) throw new Error('no image');
      const x = area.x + area.width / 2;
      const y = area.y + area.height / 2;
      await pauseClock(page);
      await page.mouse.move(x, y);
      await page.mouse.down();
      // Each move is taken in at the page's next frame, inside the time that follows it.
      for (let i = 1; i <= 10; i++) {
        await page.mouse.move(x, y + (distance * i) / 10);
        await page.clock.runFor(msPerMove);
      }
      await page.mouse.up();
      await page.clock.resume();
    };
    const stillOpen = async () => {
      await expect(box).toBeVisible();
      await expect(box).not.toHaveClass(/is-closing/);
      // The image has gone back to where it rests before the next drag.
      await expect.poll(top).toBe(restingTop);
    };

    await open();
    await drag(150, 60); // 150 px in 600 ms: short of 200 px, and slow
    await stillOpen();
    await drag(70, 35); // 70 px in 350 ms: past 50 px, but not within 300 ms
    await stillOpen();
    await drag(250, 60); // 250 px, however slow
    await expect(box).toHaveCount(0);

    await open();
    await drag(70, 25); // 70 px in 250 ms: a flick
    await expect(box).toHaveCount(0);
  });
});

test.describe('the list toolbar on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('a filter takes the whole line, narrows the list and stays in the address; "Filtreleri temizle" brings the whole list back', async ({ page }) => {
    await signIn(page, 'branch');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Öğrenciler' }).click();
    await expect(page.getByRole('heading', { name: /Öğrenciler · 12\/A/ })).toBeVisible();
    // On a phone the list is cards.
    const table = page.getByRole('list', { name: /Öğrenciler · 12\/A/ });
    const total = page.getByText(/^Toplam \d+ kayıt$/);
    const all = Number((await total.textContent())!.match(/\d+/)![0]);
    const photo = page.getByRole('combobox', { name: 'Fotoğraf', exact: true });
    // One control a line, nothing past the screen's edge.
    const box = (await photo.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: 'Filtreleri temizle' })).toHaveCount(0);

    await photo.click();
    await page.getByRole('option', { name: 'Fotoğrafı olmayan' }).click();
    await expect(page).toHaveURL(/photo=missing/);
    await expect(total).not.toHaveText(`Toplam ${all} kayıt`);
    const shown = Number((await total.textContent())!.match(/\d+/)![0]);
    expect(shown).toBeGreaterThan(0);
    // Every row left is a student without a portrait.
    await expect(table.getByLabel('Fotoğraf yok')).toHaveCount(Math.min(shown, 25));
    await expect(table.getByRole('link', { name: /fotoğrafını aç$/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.reload();
    await expect(photo).toHaveValue('Fotoğrafı olmayan');
    await expect(total).toHaveText(`Toplam ${shown} kayıt`);

    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    await expect(page).not.toHaveURL(/photo=/);
    await expect(total).toHaveText(`Toplam ${all} kayıt`);
    await expect(photo).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Filtreleri temizle' })).toHaveCount(0);
  });
});
