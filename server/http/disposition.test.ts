/**
 * Download names: every download carries an ASCII `filename` any client reads (Turkish letters
 * folded, unsafe characters gone) and the Turkish name as RFC 5987 `filename*`; the yearbook is
 * named by school, branch and date.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInTurkey } from '../../common/dates';
import { insertOne } from '../db/rows';
import { branches, jobs, schools } from '../db/schema';
import { useApiTestKit } from '../test/api';
import { attachmentHeader } from './disposition';

const kit = useApiTestKit();

/** The two names a Content-Disposition header carries, the UTF-8 one decoded. */
function namesOf(header: unknown) {
  const text = String(header);
  expect(text).toMatch(/^[\x20-\x7e]+$/);
  return {
    ascii: /filename="([^"]*)"/.exec(text)?.[1],
    utf8: decodeURIComponent(/filename\*=UTF-8''([^;\s]*)/.exec(text)?.[1] ?? ''),
  };
}

describe('the Content-Disposition of a download', () => {
  it('folds Turkish letters for the ASCII name and keeps them in filename*', () => {
    expect(namesOf(attachmentHeader('öğrenciler-12-Ç-2026-11-27.csv'))).toEqual({
      ascii: 'ogrenciler-12-C-2026-11-27.csv',
      utf8: 'öğrenciler-12-Ç-2026-11-27.csv',
    });
    expect(namesOf(attachmentHeader('İŞLEM ılık "şey"/..\\x\u0007.pdf'))).toEqual({ ascii: 'ISLEM-ilik-sey-..-x.pdf', utf8: 'İŞLEM ılık şey-..-x.pdf' });
    expect(attachmentHeader("a'(b)*.pdf", 'inline')).toBe(`inline; filename="ab.pdf"; filename*=UTF-8''a%27%28b%29%2A.pdf`);
  });

  it('names a student list export of branch 12/Ç readably', async () => {
    const ç = await insertOne(kit.database.db, branches, {
      studioId: kit.world.studio.id,
      schoolId: kit.world.school.id,
      grade: 12,
      section: 'Ç',
      sectionKey: 'c',
    });
    const school = await kit.as(kit.world.accounts.school);
    for (const format of ['csv', 'xlsx']) {
      const res = await school.get(`branches/${ç.id}/students/export?format=${format}`);
      expect(res.status, res.raw).toBe(200);
      expect(namesOf(res.headers['content-disposition'])).toEqual({
        ascii: `ogrenciler-12-C-${todayInTurkey()}.${format}`,
        utf8: `öğrenciler-12-Ç-${todayInTurkey()}.${format}`,
      });
    }
  });

  it('names the yearbook PDF by school, branch and date', async () => {
    await kit.database.db.update(schools).set({ name: 'Atatürk Anadolu Lisesi' }).where(eq(schools.id, kit.world.school.id));
    await kit.app.storage.photos.put('yearbooks/test.pdf', Buffer.from('%PDF-1.7\n'));
    const result = { file: 'yearbooks/test.pdf', pages: 1, bytes: 9, draft: true, minPortraitPpi: null, lowResolution: [], pdfMs: 1, totalMs: 1 };
    const job = (scope: { branchId: number | null }) =>
      insertOne(kit.database.db, jobs, {
        kind: 'yearbook',
        studioId: kit.world.studio.id,
        schoolId: kit.world.school.id,
        ...scope,
        status: 'done',
        done: 1,
        total: 1,
        result,
      });
    const school = await kit.as(kit.world.accounts.school);
    const branchFile = await school.get(`yearbook-jobs/${(await job({ branchId: kit.world.branch.id })).id}/file`);
    expect(branchFile.status, branchFile.raw).toBe(200);
    expect(namesOf(branchFile.headers['content-disposition'])).toEqual({
      ascii: `yillik-ataturk-anadolu-lisesi-12-A-${todayInTurkey()}.pdf`,
      utf8: `yıllık-atatürk-anadolu-lisesi-12-A-${todayInTurkey()}.pdf`,
    });
    const schoolFile = await school.get(`yearbook-jobs/${(await job({ branchId: null })).id}/file`);
    expect(namesOf(schoolFile.headers['content-disposition']).ascii).toBe(`yillik-ataturk-anadolu-lisesi-${todayInTurkey()}.pdf`);
  });
});
