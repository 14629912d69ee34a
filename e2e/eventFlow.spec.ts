/**
 * Event photos from the album to the printed book, on a phone (390 px), as the studio's staff work:
 * an album is made for a branch and a photo of three of its students uploaded; the face scan finds
 * the two whose parents consented to face matching and staff confirm both in bulk; their coverage
 * goes up on the students list; two photos are placed on an event page; and the branch's book
 * lists that page beside the tagged student's name in its index (read with pdftotext).
 *
 * A small school of its own (a branch, three students with long Turkish names), so the book is quick
 * to make and no other test's data is touched; portraits and consents go through the API.
 */
import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { faceCut, SAMPLE1_FACES, samplePhoto, sideBySide } from '../server/areas/faces/samples';
import { pdfWords } from '../server/test/pdfTools';
import { expect, removedAfterEach, test } from './fixtures';
import { createAlbum, DEMO, DEMO_PASSWORD, expectNoSideways, jpeg, PHONE, signIn, toast } from './helpers';

test.use({ viewport: PHONE });

const ALBUM = 'Mezuniyet Gecesi 🎓 حفل التخرج';
const CAPTION = 'Bahçede kep atma anı — Şükrü Öğretmen’in sunumu';

const made = removedAfterEach();

test('staff upload a photo of three students, confirm the two consented faces in bulk, place it on an event page and find the page in the book’s index', async ({
  page,
  request,
}) => {
  // A face scan in the worker pool and a book made in the background, on a shared machine.
  test.setTimeout(420_000);
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));

  // The school, its branch and students, portraits and consents: set up through the studio's API.
  const login = await request.post('/api/panel/login', { data: { email: DEMO.panel, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const post = async (path: string, data: unknown = {}) => {
    const answer = await request.post(`/api/panel/${path}`, { headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
  const code = `EF${Date.now() % 100_000_000}`;
  const school = (await post('schools', { name: 'Etkinlik Fotoğrafı Deneme Anadolu Lisesi', cityId: 6, academicYear: '2025-2026', code })).item;
  const branch = (await post(`schools/${school.id}/branches`, { grade: 12, section: 'A' })).item;
  const people = [
    { schoolNumber: '701', firstName: 'Deniz Gökçe', lastName: 'Karaosmanoğlu', face: 0, consent: 'yes' },
    { schoolNumber: '702', firstName: 'Mehmet Ali', lastName: 'Çakıroğlu', face: 1, consent: 'no' },
    { schoolNumber: '703', firstName: 'Ece Şükriye', lastName: 'Yıldırımoğlu', face: 2, consent: 'yes' },
  ] as const;
  const students: Array<{ id: number; name: string }> = [];
  for (const person of people) {
    const item = (await post(`branches/${branch.id}/students`, { schoolNumber: person.schoolNumber, firstName: person.firstName, lastName: person.lastName }))
      .item;
    students.push({ id: item.id, name: `${person.firstName} ${person.lastName}` });
  }
  made.remove = async (api: APIRequestContext) => {
    for (const student of students) expect((await api.delete(`/api/panel/students/${student.id}`, { headers })).status()).toBe(200);
    expect((await api.delete(`/api/panel/schools/${school.id}`, { headers })).status()).toBe(200);
  };
  for (const [i, person] of people.entries()) {
    // Each portrait is one of the people of the face package's first group photo.
    const upload = await request.post(`/api/panel/students/${students[i]!.id}/photos`, {
      headers,
      multipart: { files: { name: 'portre.jpg', mimeType: 'image/jpeg', buffer: await faceCut(samplePhoto(1), SAMPLE1_FACES[person.face]!, 600) } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    // The parents' paper forms: the name and photo in print for all, face matching as each answered.
    const answers = { 'print-text': 'yes', 'print-photo': 'yes', 'face-matching': person.consent };
    for (const [purpose, answer] of Object.entries(answers))
      await post(`students/${students[i]!.id}/consents`, { purpose, answer, givenByName: `Hatice ${person.lastName}`, relation: 'anne' });
  }
  const [deniz, mehmet, ece] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
  // The event photo: the three side by side, mirrored, as a photographer would catch them.
  const group = await sideBySide(await Promise.all(SAMPLE1_FACES.map((box) => faceCut(samplePhoto(1), box, 300, { mirror: true }))), 300);

  // 1. The album of the branch, made on its screen, and the photos uploaded to it.
  await signIn(page, 'panel');
  const albumId = await createAlbum(page, `/branch-albums/${branch.id}`, ALBUM, 'Okul bahçesinde, velilerle birlikte');
  await page.locator('input[type=file]').setInputFiles([
    { name: 'kep-atma.jpg', mimeType: 'image/jpeg', buffer: group },
    { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2f6f8f', 1200, 800) },
  ]);
  await page.getByRole('button', { name: 'Yükle', exact: true }).click();
  await expect(toast(page, '2 fotoğraf yüklendi.')).toBeVisible();
  await expect(page.getByRole('link', { name: '2. fotoğrafı büyüt' })).toBeVisible();
  await expectNoSideways(page);

  // Coverage before: nobody of the branch is tagged yet.
  await page.goto(`/students/${branch.id}`);
  const badge = (n: number) => page.getByText(new RegExp(`^Hedefin altında: ${n}/\\d+$`));
  await expect(badge(0)).toHaveCount(3);

  // 2. The album leads to its face review; the upload started the scan, the screen shows its result.
  await page.goto(`/albums/${albumId}`);
  await page.getByRole('link', { name: 'Yüz eşleştirme' }).click();
  await expect(page.getByRole('heading', { name: `${ALBUM}: yüz eşleştirme` })).toBeVisible();
  await expect(page.getByText(/taranmayı bekliyor/)).toBeHidden({ timeout: 300_000 });
  const denizGroup = page.getByRole('region', { name: deniz.name });
  const eceGroup = page.getByRole('region', { name: ece.name });
  await expect(denizGroup.getByRole('img', { name: `${deniz.name} olabilecek yüz` })).toHaveCount(1);
  await expect(eceGroup.getByRole('img', { name: `${ece.name} olabilecek yüz` })).toHaveCount(1);
  await expect(denizGroup.getByText(/^Benzerlik %\d+$/)).toBeVisible();
  // The student without face-matching consent is never suggested: the face is left unmatched.
  await expect(page.getByRole('region', { name: mehmet.name })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Eşleşmeyenler' }).getByRole('img', { name: 'Eşleşmeyen yüz' })).toHaveCount(1);
  await denizGroup.getByRole('checkbox', { name: `${deniz.name}: hepsini seç` }).check();
  await eceGroup.getByRole('checkbox', { name: `${ece.name}: hepsini seç` }).check();
  await page.getByRole('button', { name: 'Seçilenleri onayla (2)' }).click();
  await expect(toast(page, '2 yüz onaylandı.')).toBeVisible();
  await expect(page.getByText('Karar verilenler: 2')).toBeVisible();
  await expect(denizGroup).toHaveCount(0);
  // The unmatched face's student is found by typing: the server searches the school, with or without Turkish letters.
  const picker = page.getByRole('region', { name: 'Eşleşmeyenler' }).getByLabel('Öğrenci adı', { exact: true });
  await picker.fill('cakiroglu');
  await expect(page.getByRole('option', { name: mehmet.name })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await picker.press('Escape');
  await expectNoSideways(page);

  // 3. Coverage after: the two confirmed students are in one photo each, the third still in none.
  await page.goto(`/students/${branch.id}`);
  await expect(badge(1)).toHaveCount(2);
  await expect(badge(0)).toHaveCount(1);
  await expectNoSideways(page);

  // The group photo gets a caption on the album screen: the book prints it under the photo.
  await page.goto(`/albums/${albumId}`);
  const card = page.locator('.mantine-Card-root').filter({ hasText: deniz.name });
  await card.getByRole('button', { name: /^Açıklamayı düzenle/ }).click();
  const captionDialog = page.getByRole('dialog', { name: 'Açıklamayı düzenle' });
  await captionDialog.getByLabel('Açıklama').fill(CAPTION);
  await captionDialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(toast(page, 'Fotoğraf açıklaması kaydedildi.')).toBeVisible();

  // 4. Both photos on one event page, two to a page.
  await page.goto('/event-pages');
  await page.getByRole('link', { name: `${ALBUM} albümünün sayfaları` }).click();
  await page.getByRole('radio', { name: 'Sayfada 2 fotoğraf' }).check();
  await page.getByRole('button', { name: `Fotoğrafı seç: ${CAPTION}` }).click();
  await page.getByRole('button', { name: 'Fotoğrafı seç: Açıklamasız fotoğraf' }).click();
  await expect(page.getByText('2 / 2 seçildi')).toBeVisible();
  await page.getByRole('button', { name: 'Sayfayı kaydet' }).click();
  await expect(toast(page, 'Etkinlik sayfası eklendi.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sayfa 1' })).toBeVisible();
  await expectNoSideways(page);

  // 5. The branch's book, made on the yearbook screen and downloaded.
  await page.goto('/yearbook');
  await page.getByRole('combobox', { name: 'Okul' }).click();
  await page.getByRole('option', { name: school.name }).click();
  const bookOf = page.getByRole('group', { name: 'Şube 12/A' });
  await bookOf.getByRole('button', { name: 'Şube provası oluştur' }).click();
  const job = page.getByRole('group', { name: /^12\/A #\d+$/ }).first();
  await expect(job.getByText('Hazır', { exact: true })).toBeVisible({ timeout: 240_000 });
  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: 'PDF indir' }).click();
  const pdf = await fs.readFile((await (await downloading).path())!);
  await expectNoSideways(page);

  // The index lists the event page beside both tagged students, not beside the third.
  const { words } = await pdfWords(pdf);
  const indexPage = words.find((w) => w.text === 'Dizini')!.page;
  const eventPage = words.find((w) => w.text === 'Bahçede' && w.page < indexPage)!.page;
  const listed = (surname: string) => {
    const name = words.find((w) => w.page === indexPage && w.text === `${surname},`)!;
    return words
      .filter((w) => w.page === indexPage && Math.abs(w.yMin - name.yMin) < 2 && w.xMin > name.xMax)
      .flatMap((w) => w.text.split(',').filter((part) => /^\d+$/.test(part)))
      .map(Number);
  };
  expect(listed('Karaosmanoğlu')).toContain(eventPage);
  expect(listed('Yıldırımoğlu')).toContain(eventPage);
  expect(listed('Çakıroğlu')).not.toContain(eventPage);
  expect(errors).toEqual([]);
});
