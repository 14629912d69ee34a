import AxeBuilder from '@axe-core/playwright';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFString } from 'pdf-lib';
import { inspectPdf } from '../server/test/pdf';
import { expect, test } from './fixtures';
import { toast } from './helpers';

const PHONE = { width: 390, height: 844 };
const PARENT = 'Ayşegül Nurdan Karaçalıoğlu-Büyükşahin';

test('a parent opens the consent letter’s QR on a phone, signs in, gives print photos and refuses digital photos', async ({ browser, request }) => {
  // The branch manager prints the consent letter of a student whose family has not answered yet (a new parent code on it).
  const login = await request.post('/api/branch/login', { data: { email: 'sube@demo.test', password: 'Demo1234!' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const branchId = (await (await request.get('/api/branch/user', { headers })).json()).branch.id as number;
  const students = await (
    await request.get(`/api/branch/branches/${branchId}/students?consentPurpose=print-photo&consentState=none&sort=schoolNumber&order=desc&perPage=1`, {
      headers,
    })
  ).json();
  const student = students.items[0] as { id: number; schoolNumber: string };
  const letter = await request.post(`/api/branch/students/${student.id}/consent-form.pdf`, { headers });
  expect(letter.status()).toBe(200);
  const pdf = await letter.body();
  const page1 = (await inspectPdf(pdf)).text[0]!;
  const code = /Veli kodu: ([A-Z0-9]{8})/.exec(page1)![1]!;
  const annots = (await PDFDocument.load(pdf)).getPages()[0]!.node.lookup(PDFName.of('Annots'), PDFArray);
  const qr = (annots.lookup(0, PDFDict).lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI')) as PDFString).decodeText();
  const opened = new URL(qr);
  expect(opened.pathname).toBe('/veli/login');

  // The parent's phone: long, real-looking names on the page (read, not written).
  const context = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const phone = await context.newPage();
  const consoleErrors: string[] = [];
  phone.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  phone.on('pageerror', (error) => consoleErrors.push(error.message));
  await phone.route('**/api/veli/consents', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    body.student = {
      name: `${body.student.name} Nurdan Karaçalıoğlu-Büyükşahin`,
      schoolName: `${body.student.schoolName} Şehit Piyade Er Ömer Halisdemir Mesleki ve Teknik Anadolu Lisesi`,
      branchName: `${body.student.branchName} Fen Bilimleri ve Matematik Alanı`,
    };
    return route.fulfill({ response, json: body });
  });

  await phone.goto(opened.pathname + opened.search);
  await expect(phone.getByLabel('Okul kodu')).toHaveValue(opened.searchParams.get('school')!);
  await phone.getByLabel('Okul numarası').fill(student.schoolNumber);
  await phone.getByLabel('Veli kodu').fill(code);
  await phone.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('için açık rıza');

  await phone.getByLabel('Adınız ve soyadınız').fill(PARENT);
  await phone.getByText('Anne', { exact: true }).click();
  await expect(phone.getByRole('radio', { name: 'Anne' })).toBeChecked();

  const print = phone.getByRole('region', { name: 'Basılı yıllıkta fotoğraf' });
  await expect(print).toContainText('açık rıza');
  await print.getByRole('button', { name: 'Evet' }).click();
  await expect(toast(phone, 'Kaydedildi: Basılı yıllıkta fotoğraf — Evet.')).toBeVisible();
  await expect(print.getByText('Verildi', { exact: true })).toBeVisible();
  await expect(print.getByRole('button', { name: 'Evet' })).toHaveAttribute('aria-pressed', 'true');

  const digital = phone.getByRole('region', { name: 'Dijital yıllıkta fotoğraf' });
  await digital.getByRole('button', { name: 'Hayır' }).click();
  await expect(toast(phone, 'Kaydedildi: Dijital yıllıkta fotoğraf — Hayır.')).toBeVisible();
  await expect(digital.getByText('Verilmedi', { exact: true })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Yüz eşleştirme' })).toContainText('biyometrik');
  await expect(phone.getByRole('region', { name: 'Yüz eşleştirme' }).getByText('Yanıt bekleniyor')).toBeVisible();

  // Nothing is cut at 390 px: the page does not scroll sideways and every card and button fits.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const overflowing = await phone.evaluate(() =>
    [...document.querySelectorAll('main section, main button, main h1, main h2, header, main p')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent?.slice(0, 40)),
  );
  expect(overflowing).toEqual([]);

  // Read again after a reload: the answers are the server's, and the name given stays filled in.
  await phone.reload();
  await expect(phone.getByRole('region', { name: 'Basılı yıllıkta fotoğraf' }).getByText('Verildi', { exact: true })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Dijital yıllıkta fotoğraf' }).getByText('Verilmedi', { exact: true })).toBeVisible();
  await expect(phone.getByLabel('Adınız ve soyadınız')).toHaveValue(PARENT);
  // Read out as it looks: no serious accessibility violation on the page a parent answers on.
  const axe = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});
