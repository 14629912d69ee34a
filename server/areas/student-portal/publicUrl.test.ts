/**
 * The address printed on login cards (text and QR code) is the configured public one: a request's
 * Host or X-Forwarded-Host header never reaches a card, in the page's data or in the PDF.
 */
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { expect, it } from 'vitest';
import { schools } from '../../db/schema';
import { useApiTestKit } from '../../test/api';
import { inspectPdf } from '../../test/pdf';

const PUBLIC_URL = 'https://yillik.ornek.com.tr';
const kit = useApiTestKit({ PUBLIC_URL: `${PUBLIC_URL}/`, TRUST_PROXY: '1' });
const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

it('prints the configured public address on the cards, whatever the Host header says', async () => {
  await kit.database.db.update(schools).set({ code: 'ISIK12' }).where(eq(schools.id, kit.world.school.id));
  const school = await kit.as(kit.world.accounts.school);
  const url = `/api/school/branches/${kit.world.branch.id}`;

  const codes = await school.raw('POST', `${url}/access-codes`, {}, hostile);
  expect(codes.status, codes.raw).toBe(200);
  expect(codes.body.loginUrl).toBe(`${PUBLIC_URL}/student/login`);
  expect(codes.raw).not.toContain('evil.example');

  const res = await kit.app.inject({ method: 'POST', url: `${url}/login-cards.pdf`, headers: { ...hostile, authorization: `Bearer ${school.token}` } });
  expect(res.statusCode).toBe(200);
  // Named by the branch, readable with or without filename* support.
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="giris-kartlari-12-A.pdf"; filename*=UTF-8''${encodeURIComponent('giriş-kartları-12-A.pdf')}`,
  );
  const report = await inspectPdf(res.rawPayload);
  expect(report.text[0]).toContain(`${PUBLIC_URL}/student/login`);
  expect(report.text.join(' ')).not.toContain('evil.example');
  const links: string[] = [];
  for (const page of (await PDFDocument.load(res.rawPayload)).getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < annots.size(); i++) {
      const uri = annots.lookup(i, PDFDict).lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'));
      links.push(uri instanceof PDFString ? uri.decodeText() : String(uri));
    }
  }
  expect(links).toHaveLength(3);
  for (const link of links) expect(link).toBe(`${PUBLIC_URL}/student/login?okul=ISIK12`);
});
