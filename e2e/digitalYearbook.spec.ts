import type { APIRequestContext } from '@playwright/test';
import { expect, removedAfterEach, test } from './fixtures';
import { PHONE } from './helpers';

const made = removedAfterEach();

/** A small school of its own, made through the API: a branch and two students, so its book is quick to make. */
async function smallSchool(request: APIRequestContext) {
  const login = await request.post('/api/panel/login', { data: { email: 'admin@demo.test', password: 'Demo1234!' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const post = async (path: string, data: unknown = {}) => {
    const answer = await request.post(`/api/panel/${path}`, { headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };
  const code = `DJ${Date.now() % 100_000_000}`;
  const school = (await post('schools', { name: 'Dijital Deneme Lisesi', cityId: 6, academicYear: '2025-2026', code })).item;
  const branch = (await post(`schools/${school.id}/branches`, { grade: 12, section: 'A' })).item;
  const deniz = (await post(`branches/${branch.id}/students`, { schoolNumber: '501', firstName: 'Deniz', lastName: 'Aksoy' })).item;
  const ece = (await post(`branches/${branch.id}/students`, { schoolNumber: '502', firstName: 'Ece', lastName: 'Yıldız' })).item;
  // Other tests of this server count the demo's schools and students: the school goes when the test ends.
  made.remove = async (api: APIRequestContext) => {
    await api.put(`/api/panel/schools/${school.id}/yearbook/final`, { headers, data: { final: false } });
    for (const student of [deniz, ece]) expect((await api.delete(`/api/panel/students/${student.id}`, { headers })).status()).toBe(200);
    expect((await api.delete(`/api/panel/schools/${school.id}`, { headers })).status()).toBe(200);
  };
  const access = await post(`students/${deniz.id}/access-code`);
  const parent = await post(`students/${deniz.id}/parent-code`);
  return { school, code, accessCode: access.code as string, parentCode: parent.code as string, headers };
}

test('a student reads the final book on a phone: finds their name, opens their page in the lightbox and downloads it; their parent reads it once they said yes', async ({
  browser,
  request,
}) => {
  // The book is made in the background once it is marked final: more than one ordinary test's time on a busy machine.
  test.slow();
  const { school, code, accessCode, parentCode, headers } = await smallSchool(request);
  const login = await request.post('/api/student/login', { data: { schoolCode: code, schoolNumber: '501', accessCode } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;

  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul', acceptDownloads: true });
  const phone = await context.newPage();
  const errors: string[] = [];
  phone.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  phone.on('pageerror', (error) => void errors.push(error.message));
  await phone.goto('/student/login');
  await phone.evaluate((value) => localStorage.setItem('studentAuthToken', value), token);

  // Before the book is final: a clear Turkish message, nothing else.
  await phone.goto('/student/yearbook');
  await expect(phone.getByRole('heading', { name: 'Dijital Yıllık' })).toBeVisible();
  await expect(phone.getByRole('status')).toHaveText('Yıllık henüz hazır değil. Okulunuzun yıllığı son hâline getirildiğinde burada okuyabileceksiniz.');

  const veli = await request.post('/api/veli/login', { data: { schoolCode: code, schoolNumber: '501', parentCode } });
  expect(veli.status()).toBe(200);
  const parentToken = (await veli.json()).token as string;
  const yes = await request.put('/api/veli/consents/digital-photo', {
    headers: { authorization: `Bearer ${parentToken}` },
    data: { answer: 'yes', name: 'Selin Aksoy', relation: 'anne' },
  });
  expect(yes.status()).toBe(200);
  // And to the student's name and words: without it the book leaves the name out, and the search does not find them.
  const text = await request.put('/api/veli/consents/print-text', {
    headers: { authorization: `Bearer ${parentToken}` },
    data: { answer: 'yes', name: 'Selin Aksoy', relation: 'anne' },
  });
  expect(text.status()).toBe(200);

  const final = await request.put(`/api/panel/schools/${school.id}/yearbook/final`, { headers, data: { final: true } });
  expect(final.status()).toBe(200);
  await expect
    .poll(async () => (await (await request.get(`/api/panel/schools/${school.id}/digital-yearbook`, { headers })).json()).job?.status, { timeout: 170_000 })
    .toBe('done');

  await phone.reload();
  const pages = phone.getByRole('link', { name: /^Sayfa \d+$/ });
  await expect(pages.first()).toBeVisible();
  expect(await pages.count()).toBeGreaterThanOrEqual(4);
  // Nothing pushed sideways at 390 px, the tab bar included.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The name search, Turkish-folded, goes to the student's pages through the lightbox's address.
  await phone.getByRole('searchbox', { name: 'İsimle ara' }).fill('AKSOY');
  const found = phone.getByRole('link', { name: /^Deniz Aksoy · 12\/A · Sayfa (\d+)/ });
  const own = Number(/Sayfa (\d+)/.exec((await found.textContent())!)![1]);
  await found.click();
  const lightbox = phone.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await expect(phone).toHaveURL(new RegExp(`#yillik-${own}$`));
  const slide = lightbox.locator('.fancybox__slide.is-selected img.fancybox-image');
  await expect(slide).toHaveAttribute('alt', `Dijital Deneme Lisesi · Sayfa ${own}`);
  // The phone's copy first; zoomed in (a double tap), the page grows beyond the screen and its large copy takes its place.
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  const before = (await slide.boundingBox())!.width;
  await slide.dblclick();
  await expect.poll(async () => (await slide.boundingBox())!.width).toBeGreaterThan(before * 1.5);
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1240);
  await phone.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(phone).toHaveURL(/\/student\/yearbook$/);

  // "Sayfamı indir": their own page, as a JPEG image.
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('link', { name: 'Sayfamı indir' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`yıllık-sayfa-${own}.jpg`);
  const file = await download.createReadStream();
  const bytes: Buffer[] = [];
  for await (const chunk of file) bytes.push(chunk as Buffer);
  expect(Buffer.concat(bytes).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

  // The spread view: the open book's pages side by side, in the lightbox too.
  await phone.getByText('Çift sayfa').click();
  const spreads = phone.getByRole('link', { name: /^Sayfa \d+(–\d+)?$/ });
  await expect(spreads.nth(1)).toHaveAccessibleName('Sayfa 2–3');
  await spreads.nth(1).click();
  await expect(phone).toHaveURL(/#yillik-acilim-2$/);
  await expect
    .poll(() => lightbox.locator('.fancybox__slide.is-selected img.fancybox-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThanOrEqual(1600);
  await phone.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // The parent, who said yes to the digital yearbook's photos before the book was final, reads it under their answers.
  await phone.goto('/veli/login');
  await phone.evaluate((value) => localStorage.setItem('parentAuthToken', value), parentToken);
  await phone.goto('/veli');
  await expect(phone.getByRole('heading', { name: 'Dijital Yıllık', exact: true })).toBeVisible();
  const parentPages = phone.getByRole('link', { name: /^Sayfa \d+$/ });
  await expect(parentPages.first()).toBeVisible();
  await expect.poll(() => phone.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  expect(errors).toEqual([]);
});
