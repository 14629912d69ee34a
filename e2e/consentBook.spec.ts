import type { APIRequestContext } from '@playwright/test';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { inspectPdf } from '../server/test/pdf';
import { expect, removedAfterEach, test } from './fixtures';
import { PHONE, toast } from './helpers';

/** The portrait's fill: a colour no page draws otherwise, so a page shows the photo exactly when it has these pixels. */
const PHOTO = { r: 40, g: 160, b: 60 };

const made = removedAfterEach();

/** Pixels of the portrait's colour in an image. */
async function photoPixels(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let found = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i]! - PHOTO.r) < 25 && Math.abs(data[i + 1]! - PHOTO.g) < 25 && Math.abs(data[i + 2]! - PHOTO.b) < 25) found++;
  return found;
}

test('a parent scans the letter’s code on a phone, allows print photos and refuses digital ones: the next book prints the photo, the digital yearbook does not', async ({
  browser,
  request,
}) => {
  // Two books are made in the background (the branch's and the digital edition): more than one ordinary test's time.
  test.slow();
  const login = await request.post('/api/panel/login', { data: { email: 'admin@demo.test', password: 'Demo1234!' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const answer = await request[method](`/api/panel/${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer;
  };
  const post = async (path: string, data: unknown = {}) => (await call('post', path, data)).json();
  // A small school of its own (a branch, two students with long Turkish names), so its books are quick to make.
  const code = `VB${Date.now() % 100_000_000}`;
  const school = (await post('schools', { name: 'Veli Onayı Deneme Lisesi', cityId: 6, academicYear: '2025-2026', code })).item;
  const branch = (await post(`schools/${school.id}/branches`, { grade: 12, section: 'A' })).item;
  const deniz = (await post(`branches/${branch.id}/students`, { schoolNumber: '601', firstName: 'Deniz Gökçe', lastName: 'Karaosmanoğlu' })).item;
  const ece = (await post(`branches/${branch.id}/students`, { schoolNumber: '602', firstName: 'Ece Şükriye', lastName: 'Yıldırımoğlu' })).item;
  made.remove = async (api: APIRequestContext) => {
    await api.put(`/api/panel/schools/${school.id}/yearbook/final`, { headers, data: { final: false } });
    for (const student of [deniz, ece]) expect((await api.delete(`/api/panel/students/${student.id}`, { headers })).status()).toBe(200);
    expect((await api.delete(`/api/panel/schools/${school.id}`, { headers })).status()).toBe(200);
  };
  // Both have a portrait large enough for print.
  for (const student of [deniz, ece]) {
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: PHOTO } })
      .jpeg()
      .toBuffer();
    const upload = await request.post(`/api/panel/students/${student.id}/photos`, {
      headers,
      multipart: { files: { name: 'portre.jpg', mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  // Ece's parent refused photos in print (through the API: not the subject here).
  const eceCode = (await post(`students/${ece.id}/parent-code`)).code as string;
  const eceParent = await request.post('/api/veli/login', { data: { schoolCode: code, schoolNumber: '602', parentCode: eceCode } });
  const refused = await request.put('/api/veli/consents/print-photo', {
    headers: { authorization: `Bearer ${(await eceParent.json()).token}` },
    data: { answer: 'no', name: 'Hatice Yıldırımoğlu', relation: 'anne' },
  });
  expect(refused.status()).toBe(200);

  // Deniz's consent letter: the parent code and the QR code that opens the sign-in with the school filled in.
  const letter = await (await call('post', `students/${deniz.id}/consent-form.pdf`)).body();
  const parentCode = /Veli kodu: ([A-Z0-9]{8})/.exec((await inspectPdf(letter)).text[0]!)![1]!;
  const annots = (await PDFDocument.load(letter)).getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray);
  const qr = new URL((annots.lookup(0, PDFDict).lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI')) as PDFString).decodeText());
  expect(qr.pathname).toBe('/veli/login');

  // The parent's phone.
  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const phone = await context.newPage();
  const errors: string[] = [];
  phone.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  phone.on('pageerror', (error) => void errors.push(error.message));
  await phone.goto(qr.pathname + qr.search);
  await expect(phone.getByLabel('Okul kodu')).toHaveValue(code);
  await phone.getByLabel('Okul numarası').fill('601');
  await phone.getByLabel('Veli kodu').fill(parentCode);
  await phone.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('Karaosmanoğlu');
  await phone.getByLabel('Adınız ve soyadınız').fill('Ayşe Nur Karaosmanoğlu-Çağlayan');
  await phone.getByText('Anne', { exact: true }).click();
  const answer = async (region: string, button: 'Evet' | 'Hayır') => {
    await phone.getByRole('region', { name: region }).getByRole('button', { name: button }).click();
    await expect(toast(phone, `Kaydedildi: ${region} — ${button}.`)).toBeVisible();
  };
  await answer('Basılı yıllıkta fotoğraf', 'Evet');
  await answer('Dijital yıllıkta fotoğraf', 'Hayır');
  await expect(phone.getByRole('region', { name: 'Dijital yıllıkta fotoğraf' }).getByText('Verilmedi', { exact: true })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Without consent to the digital yearbook's photos the parent is not shown the digital yearbook.
  await expect(phone.getByRole('heading', { name: 'Dijital Yıllık', exact: true })).toHaveCount(0);

  // The branch's next book: Deniz's photo on his page and the class panel; Ece's empty frame, and the check says why.
  const queued = await (await call('post', `branches/${branch.id}/yearbook`)).json();
  const finished = async (id: number) => {
    await expect.poll(async () => (await (await call('get', `yearbook-jobs/${id}`)).json()).job.status, { timeout: 170_000 }).toMatch(/^(done|failed)$/);
    return (await call('get', `yearbook-jobs/${id}`)).json();
  };
  const book = await finished(queued.job.id);
  expect(book.job.status).toBe('done');
  const about = (id: number) => book.job.preflight.warnings.filter((w: { studentId?: number }) => w.studentId === id).map((w: { code: string }) => w.code);
  expect(about(deniz.id)).not.toContain('no-consent');
  expect(book.job.preflight.warnings).toContainEqual(
    expect.objectContaining({ studentId: ece.id, code: 'no-consent', message: 'Veli fotoğrafın basılmasına onay vermedi: yerinde boş çerçeve var.' }),
  );
  const pdf = await (await call('get', `yearbook-jobs/${queued.job.id}/file`)).body();
  // Deniz's portrait and its class panel copy; nothing of Ece.
  expect((await inspectPdf(pdf)).images).toHaveLength(2);

  // The book made final: the digital edition is made with the digital answers, and Deniz's page there has no photo.
  await call('put', `schools/${school.id}/yearbook/final`, { final: true });
  await expect.poll(async () => (await (await call('get', `schools/${school.id}/digital-yearbook`)).json()).job?.status, { timeout: 170_000 }).toBe('done');
  const access = (await post(`students/${deniz.id}/access-code`)).code as string;
  const student = await request.post('/api/student/login', { data: { schoolCode: code, schoolNumber: '601', accessCode: access } });
  const token = (await student.json()).token as string;
  await phone.goto('/student/login');
  await phone.evaluate((value) => localStorage.setItem('studentAuthToken', value), token);
  await phone.goto('/student/yearbook');
  await expect(phone.getByRole('link', { name: /^Sayfa \d+$/ }).first()).toBeVisible();
  const edition = await (await request.get('/api/student/digital-yearbook', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(edition.own.pages.length).toBeGreaterThan(0);
  let withPhoto = 0;
  for (const page of edition.pages as Array<{ zoom: string }>) if ((await photoPixels(await (await request.get(page.zoom)).body())) > 500) withPhoto++;
  expect(withPhoto).toBe(0);
  expect(await photoPixels(await (await request.get(edition.own.downloads[0].url)).body())).toBe(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(errors).toEqual([]);
  await context.close();
});
