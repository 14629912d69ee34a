/**
 * A student's own event photos on their phone (390 px): reached from Home, a grid of the approved
 * album photos they are tagged in that opens in the lightbox; and, without the parents' digital
 * photo consent, a sentence that says why there is nothing. A small school of its own (names and
 * captions long, Turkish, with emoji and Arabic), set up through the studio's API, so no other
 * test's data is touched.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, removedAfterEach, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, expectNoSideways, jpeg, PHONE } from './helpers';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

const ALBUM = 'Mezuniyet Gecesi ve Bahar Şenliği 🎓🌸 حفل التخرج';
const CAPTIONS = [
  'Bahçede kep atma anı — Şükrü Öğretmen’in unutulmaz kapanış konuşması 🎉',
  'Sahnede halk oyunları: Çağrışımlı Ötüken ekibi 💃 فرقة الرقص الشعبي',
  '',
];

const made = removedAfterEach();

/**
 * A school with one branch, three students, an album of three photos the first two are tagged in;
 * the first and third students' parents gave the digital photo consent, the second's refused it.
 */
async function photoSchool(request: APIRequestContext) {
  const login = await request.post('/api/panel/login', { data: { email: DEMO.panel, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'post' | 'put', path: string, data: unknown = {}) => {
    const answer = await request[method](`/api/panel/${path}`, { headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
  const code = `EP${Date.now() % 100_000_000}`;
  const school = (
    await call('post', 'schools', { name: 'Şehit Öğretmen Abdurrahman Kocabıyıkoğlu Anadolu Lisesi', cityId: 34, academicYear: '2025-2026', code })
  ).item;
  const branch = (await call('post', `schools/${school.id}/branches`, { grade: 12, section: 'A' })).item;
  const people = [
    { schoolNumber: '801', firstName: 'Zeynep Nur Gülşah', lastName: 'Abdurrahmanoğlu-Kocabıyıkoğlu', digital: 'yes' },
    { schoolNumber: '802', firstName: 'محمد علي', lastName: 'Yıldırımoğlu', digital: 'no' },
    { schoolNumber: '803', firstName: 'Ece Şükriye', lastName: 'Karaosmanoğlu', digital: 'yes' },
  ] as const;
  const students: Array<{ id: number; schoolNumber: string }> = [];
  for (const person of people) {
    const { item } = await call('post', `branches/${branch.id}/students`, {
      schoolNumber: person.schoolNumber,
      firstName: person.firstName,
      lastName: person.lastName,
    });
    students.push({ id: item.id, schoolNumber: person.schoolNumber });
    await call('post', `students/${item.id}/consents`, {
      purpose: 'digital-photo',
      answer: person.digital,
      givenByName: `Hatice ${person.lastName}`,
      relation: 'anne',
    });
  }
  made.remove = async (api: APIRequestContext) => {
    for (const student of students) expect((await api.delete(`/api/panel/students/${student.id}`, { headers })).status()).toBe(200);
    expect((await api.delete(`/api/panel/schools/${school.id}`, { headers })).status()).toBe(200);
  };

  const album = (await call('post', `branches/${branch.id}/albums`, { name: ALBUM, description: 'Okul bahçesinde, velilerle birlikte' })).item;
  const colours = ['#2f6f8f', '#8f2f5a', '#3f8f2f'];
  for (const [i, colour] of colours.entries()) {
    const upload = await request.post(`/api/panel/albums/${album.id}/photos`, {
      headers,
      multipart: { files: { name: `etkinlik-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(colour, 1200, 800) } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const [photo] = (await upload.json()).items;
    if (CAPTIONS[i]) await call('put', `album-photos/${photo.id}`, { caption: CAPTIONS[i] });
    // The third student is in none of them.
    for (const student of students.slice(0, 2)) await call('post', `album-photos/${photo.id}/tags`, { studentId: student.id });
  }

  /** A phone signed in as one of the students through the API, on their Home. */
  const studentPhone = async (page: Page, index: 0 | 1 | 2) => {
    const student = students[index]!;
    const access = (await call('post', `students/${student.id}/access-code`)).code as string;
    const answer = await request.post('/api/student/login', { data: { schoolCode: code, schoolNumber: student.schoolNumber, accessCode: access } });
    expect(answer.status()).toBe(200);
    const { token } = (await answer.json()) as { token: string };
    await page.goto('/api/health');
    await page.evaluate((value) => localStorage.setItem('studentAuthToken', value), token);
    await page.goto('/student');
    await expect(page.getByRole('heading', { name: 'Ana sayfa' })).toBeVisible();
  };
  return { studentPhone };
}

/** Console errors and uncaught page errors, gathered for the test's end. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  return errors;
}

test('a student opens their event photos from Home, sees every photo they are tagged in and opens one in the lightbox', async ({ page, request }) => {
  const errors = consoleErrors(page);
  const { studentPhone } = await photoSchool(request);
  await studentPhone(page, 0);

  await page.getByRole('link', { name: 'Etkinlik fotoğraflarım' }).click();
  await expect(page.getByRole('heading', { name: 'Etkinlik fotoğraflarım' })).toBeVisible();
  const photos = page.getByRole('link', { name: /^\d+\. fotoğrafı büyüt: / });
  await expect(photos).toHaveCount(3);
  await expect(page.getByRole('link', { name: `1. fotoğrafı büyüt: ${ALBUM}` })).toBeVisible();
  // Every thumbnail has loaded (the fixtures check it again at the end).
  await expect
    .poll(() => page.locator('main img').evaluateAll((images: HTMLImageElement[]) => images.filter((image) => image.complete && image.naturalWidth > 0).length))
    .toBe(3);
  await expectNoSideways(page);

  // Newest first: the second in the grid is the second upload, its caption after the album's name.
  await photos.nth(1).click();
  const box = page.locator('.fancybox__container');
  await expect(box).toBeVisible();
  await expect(
    box
      .locator('.fancybox__caption')
      .filter({ hasText: `${ALBUM} · ${CAPTIONS[1]}` })
      .first(),
  ).toBeVisible();
  await expect.poll(() => box.locator('.fancybox__slide.is-selected img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveURL(/#etkinlik-fotograflarim-2$/);
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  // Closing the lightbox leaves the student on the page.
  await expect(page.getByRole('heading', { name: 'Etkinlik fotoğraflarım' })).toBeVisible();
  await expectNoSideways(page);
  expect(errors).toEqual([]);
});

test('without the parents’ digital photo consent the page says why and shows no photo', async ({ page, request }) => {
  const errors = consoleErrors(page);
  const { studentPhone } = await photoSchool(request);
  await studentPhone(page, 1);

  await page.getByRole('link', { name: 'Etkinlik fotoğraflarım' }).click();
  await expect(page.getByRole('heading', { name: 'Etkinlik fotoğraflarım' })).toBeVisible();
  await expect(page.getByText('Velin «Dijital yıllıkta fotoğraf» onayını vermediği için etkinlik fotoğrafların gösterilmiyor.')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  await expectNoSideways(page);
  expect(errors).toEqual([]);
});

test('with the consent but no photo yet, the page says there is none', async ({ page, request }) => {
  const errors = consoleErrors(page);
  const { studentPhone } = await photoSchool(request);
  await studentPhone(page, 2);

  await page.getByRole('link', { name: 'Etkinlik fotoğraflarım' }).click();
  await expect(page.getByText('Henüz etiketlendiğin bir etkinlik fotoğrafı yok.')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  await expectNoSideways(page);
  expect(errors).toEqual([]);
});
