/**
 * The yearbook through the API: a branch's book made in the background and read back as a
 * printer would (pages, boxes, fonts, names, approved content only, portrait resolution), its
 * page proofs, one book at a time per school, cancelling, approval and the content lock, the
 * final mark, and who may do each (other levels, schools and studios refused; bad input 400).
 */
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { Piscina } from 'piscina';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { insertOne } from '../../db/rows';
import { auditLog, jobs, messages, photos, schools, students, users, yearbookFinals } from '../../db/schema';
import { useApiTestKit, type Caller } from '../../test/api';
import { answerConsent } from '../../test/consents';
import { uploadForm } from '../../test/multipart';
import { inspectPdf, outputProfiles } from '../../test/pdf';
import { cmykProfile } from '../../test/printProfiles';
import { ghostscriptCheck, pdfinfo, pdfWords, pdfXmp, separations } from '../../test/pdfTools';
import { MIN_PPI, PORTRAIT_MM } from '../../typesetting/model';
import { fileKey } from '../photos/queries';
import { bookSources } from './content';

const kit = useApiTestKit();
// Every parent consented to the printed book's photos and texts, unless a test says otherwise.
beforeEach(async () => {
  for (const student of kit.world.students)
    for (const purpose of ['print-photo', 'print-text'] as const) await answerConsent(kit.database.db, student, purpose);
});
// A book is real work (images, layout, proofs in worker threads): on a busy two-core machine it takes a while.
vi.setConfig({ testTimeout: 180_000 });
const MM = 72 / 25.4;

async function message(toIndex: 0 | 1 | 2, body: string, status: 'approved' | 'rejected' | 'pending', fromIndex: 0 | 1 | 2 = 1) {
  const to = kit.world.students[toIndex];
  const from = kit.world.students[fromIndex];
  await insertOne(kit.database.db, messages, {
    studioId: kit.world.studio.id,
    kind: 'student',
    schoolId: kit.world.school.id,
    branchId: to.branchId,
    fromStudentId: from.id,
    toStudentId: to.id,
    body,
    status,
  });
}

/** A large original stored as the photos area stores it, picked as the student's portrait. */
async function portrait(index: 0 | 1 | 2, width = 2400, height = 3200) {
  const student = kit.world.students[index];
  const storageKey = `photos/s${kit.world.studio.id}/test${index}${width}`;
  const original = await sharp({ create: { width, height, channels: 3, background: '#5f7f9f' } })
    .jpeg()
    .toBuffer();
  await kit.app.storage.photos.put(fileKey(storageKey, 'original'), original);
  await insertOne(kit.database.db, photos, {
    studioId: kit.world.studio.id,
    schoolId: kit.world.school.id,
    branchId: student.branchId,
    studentId: student.id,
    isPortrait: true,
    storageKey,
    width,
    height,
    bytes: original.length,
  });
}

/** A yearbook job row of the world's branch in the given state, as the job runner would leave it. */
async function branchJob(state: Omit<typeof jobs.$inferInsert, 'kind' | 'studioId' | 'schoolId' | 'branchId'>) {
  const [job] = await kit.database.db
    .insert(jobs)
    .values({ kind: 'yearbook', studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: kit.world.branch.id, ...state })
    .returning();
  return job!;
}

/** A finished proof of the world's branch (the approval asks for one). */
const finishedProof = () => branchJob({ status: 'done', done: 6, total: 6 });

/** Signs a world student in with a new access code from the panel; answers its token. */
async function studentSignIn(index: 0 | 1 | 2) {
  const student = kit.world.students[index];
  await kit.database.db.update(schools).set({ code: 'ISIK12' }).where(eq(schools.id, kit.world.school.id));
  const panel = await kit.as(kit.world.accounts.panel);
  const issued = await panel.post(`/students/${student.id}/access-code`);
  expect(issued.status, issued.raw).toBe(200);
  const [row] = await kit.database.db.select({ schoolNumber: students.schoolNumber }).from(students).where(eq(students.id, student.id));
  const login = await kit.call('POST', '/api/student/login', { schoolCode: 'ISIK12', schoolNumber: row!.schoolNumber, accessCode: issued.body.code });
  expect(login.status, login.raw).toBe(200);
  return { authorization: `Bearer ${login.body.token as string}` };
}

async function finished(as: Caller, id: number) {
  await expect
    .poll(async () => (await as.get(`/yearbook-jobs/${id}`)).body.job.status, { timeout: 170_000, interval: 200 })
    .toMatch(/^(done|failed|cancelled)$/);
  return (await as.get(`/yearbook-jobs/${id}`)).body;
}

async function branchBook(as: Caller) {
  const res = await as.post(`/branches/${kit.world.branch.id}/yearbook`);
  expect(res.status, res.raw).toBe(200);
  expect(res.body).toMatchObject({ success: true, job: { id: expect.any(Number), status: 'queued', done: 0, total: expect.any(Number) } });
  const answer = await finished(as, res.body.job.id);
  expect(answer.job.status).toBe('done');
  return answer;
}

/** The PDF of a finished job, as the caller downloads it. */
async function pdfOf(as: Caller, jobId: number) {
  return (await kit.app.inject({ method: 'GET', url: `/api/${as.level}/yearbook-jobs/${jobId}/file`, headers: { authorization: `Bearer ${as.token}` } }))
    .rawPayload;
}

/** The cover's PDF of a finished job, as the caller downloads it. */
async function coverOf(as: Caller, jobId: number) {
  return (await kit.app.inject({ method: 'GET', url: `/api/${as.level}/yearbook-jobs/${jobId}/cover`, headers: { authorization: `Bearer ${as.token}` } }))
    .rawPayload;
}

describe('the yearbook PDF of a branch', () => {
  it('is made in the background from approved content only, A4 with bleed, fonts embedded, portraits at 300 ppi or more', async () => {
    await message(0, 'Onaylı anı: Şule ile İzmir’de çay', 'approved');
    await message(0, 'Reddedilen anı bu', 'rejected');
    await message(0, 'Bekleyen anı bu', 'pending');
    await portrait(0);
    await portrait(1);
    const reads = vi.spyOn(kit.app.storage.photos, 'get');
    const school = await kit.as(kit.world.accounts.school);
    const { job, detail } = await branchBook(school);
    expect(job.done).toBe(job.total);
    // Each original is read once: its class panel copy and its page's portrait come from one decode.
    const originals = reads.mock.calls.map(([key]) => String(key)).filter((key) => key.endsWith('/original.jpg'));
    expect(originals.sort()).toEqual([...new Set(originals)].sort());
    expect(originals).toHaveLength(2);
    reads.mockRestore();
    expect(detail.proofs).toHaveLength(job.total);

    const file = await school.raw('GET', `/api/school/yearbook-jobs/${job.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = (await kit.app.inject({ method: 'GET', url: `/api/school/yearbook-jobs/${job.id}/file`, headers: { authorization: `Bearer ${school.token}` } }))
      .rawPayload;
    const report = await inspectPdf(pdf);
    // branch divider, class panel, three students (one page each, each from a right-hand page),
    // index (the cover is a file of its own)
    expect(report.pages).toBe(8);
    expect(job.total).toBe(8);
    for (const { media, trim } of report.boxes) {
      expect(media.width).toBeCloseTo(216 * MM, 1);
      expect(media.height).toBeCloseTo(303 * MM, 1);
      expect(trim.width).toBeCloseTo(210 * MM, 1);
      expect(trim.height).toBeCloseTo(297 * MM, 1);
    }
    expect(report.missingFonts).toEqual([]);
    expect(report.embeddedFonts.length).toBeGreaterThan(0);
    for (const name of report.embeddedFonts) expect(name).toMatch(/^[A-Z]{6}\+(Inter|Merriweather)/);
    const text = report.text.join('\n');
    for (const name of ['12/A', 'Şule Işık', 'Ömer Çelik', 'İpek Ünal', 'Onaylı anı: Şule ile İzmir’de çay', 'Ömer Çelik']) expect(text).toContain(name);
    expect(text).not.toContain('Reddedilen anı');
    expect(text).not.toContain('Bekleyen anı');
    expect(text).not.toContain('Ilgaz Yılmaz'); // another branch
    expect(report.text.every((page) => page.includes('TASLAK'))).toBe(true);
    // two portraits on their pages, and their small copies on the class panel
    expect(report.images).toHaveLength(4);
    for (const image of report.images) expect(image.ppi).toBeGreaterThanOrEqual(MIN_PPI);
    // The index in Turkish order: Çelik, Işık, Ünal.
    const index = report.text.find((page) => page.includes('Öğrenci Dizini'))!;
    expect(index.indexOf('Çelik, Ömer')).toBeLessThan(index.indexOf('Işık, Şule'));
    expect(index.indexOf('Işık, Şule')).toBeLessThan(index.indexOf('Ünal, İpek'));

    // The page proofs load from their signed URLs without a token; a forged one does not.
    const proof = await kit.call('GET', detail.proofs[0]);
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect((await kit.call('GET', detail.proofs[0].replace(/s=[^&]+/, 's=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'))).status).toBe(404);
  });

  it('is one at a time per school (409 in Turkish); another school may start its own', async () => {
    // A job another process holds, so this process's runner leaves it alone.
    await kit.database.db.insert(jobs).values({
      kind: 'yearbook',
      studioId: kit.world.studio.id,
      schoolId: kit.world.school.id,
      status: 'running',
      lockedBy: 'another-process',
      lockedUntil: new Date(Date.now() + 60 * 60 * 1000),
    });
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.post(`/branches/${kit.world.branch.id}/yearbook`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'Bu okul için bir yıllık hazırlanıyor; bitmesini bekleyin ya da iptal edin.' });
    const other = await kit.as(kit.world.accounts.otherSchool);
    const otherJob = await other.post(`/schools/${kit.world.otherSchool.id}/yearbook`);
    expect(otherJob.status).toBe(200);
    await finished(other, otherJob.body.job.id);
  });

  it('is cancelled when asked: a running job stops at its next report and is never reported done', async () => {
    const held = await branchJob({ status: 'running', lockedBy: 'another-process', lockedUntil: new Date(Date.now() + 60 * 60 * 1000), done: 2, total: 6 });
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post(`/yearbook-jobs/${held.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.job).toEqual({ id: held.id, status: 'running', done: 2, total: 6 });
    const [row] = await kit.database.db.select().from(jobs).where(eq(jobs.id, held.id));
    expect(row!.cancelRequested).toBe(true);
    expect((await panel.get(`/yearbook-jobs/${held.id}/file`)).status).toBe(409);
    const cover = await panel.get(`/yearbook-jobs/${held.id}/cover`);
    expect(cover.status).toBe(409);
    expect(cover.body.message).toBe('Yıllık henüz hazır değil.');
  });
});

describe('what students write', () => {
  it('prints emoji, a ZWJ sequence, Arabic and Greek in names, nicknames, quotes and messages; invisible characters never fail it; the report lists what shows as □', async () => {
    const [first, second, , sibling] = kit.world.students;
    const db = kit.database.db;
    await db.update(students).set({ firstName: 'Şule 🌸', nickname: 'Yıldız\u200B⭐', quote: 'Καλή τύχη σε όλους 👩‍🎓' }).where(eq(students.id, first.id));
    await db.update(students).set({ lastName: 'Çelik مرحبا', quote: 'Hep böyle kal\uFEFF 字' }).where(eq(students.id, second.id));
    await db.update(students).set({ quote: 'شكرا لكم 🎓', nickname: 'Firavun 𓀀' }).where(eq(students.id, sibling.id));
    await message(0, 'Seni özleyeceğim 👩‍🎓', 'approved');
    await message(0, 'Kardeşim\u200B\uFEFF 👍🏽 ❤️ Καλημέρα مرحبا\u200D', 'approved', 2);
    await message(1, '好朋友 🎓', 'approved', 0);
    const school = await kit.as(kit.world.accounts.school);

    const { job, detail } = await branchBook(school);
    const report = await inspectPdf(await pdfOf(school, job.id));
    expect(report.missingFonts).toEqual([]);
    const families = new Set(report.embeddedFonts.map((name) => name.replace(/^[A-Z]{6}\+/, '').split('-')[0]));
    expect(families).toEqual(new Set(['Inter', 'Merriweather', 'NotoSansArabic', 'NotoEmoji']));
    // Spaces compared away: the extracted text has one wherever the font changes.
    const text = report.text.join('').replace(/\s+/g, '');
    for (const shown of ['Şule🌸Işık', 'Yıldız⭐', 'Καλήτύχησεόλους', 'Seniözleyeceğim👩\u200D🎓', 'Kardeşim👍🏽', 'Καλημέρα', 'Hepböylekal□', '□□□🎓'])
      expect(text).toContain(shown);
    expect(text).not.toMatch(/[\u200B\uFEFF字好朋友]/);
    expect(detail.substitutions).toEqual([
      { item: 'Ömer Çelik مرحبا sayfasındaki yıllık sözü', characters: ['字'] },
      { item: 'Ömer Çelik مرحبا sayfasındaki mesaj (yazan: Şule 🌸 Işık)', characters: ['好', '朋', '友'] },
    ]);

    // The whole school's book: the other branch's student too.
    const started = await school.post(`/schools/${kit.world.school.id}/yearbook`);
    expect(started.status, started.raw).toBe(200);
    const whole = await finished(school, started.body.job.id);
    expect(whole.job.status).toBe('done');
    expect(whole.detail.substitutions).toEqual([...detail.substitutions, { item: 'Ilgaz Yılmaz sayfasındaki lakap', characters: ['𓀀'] }]);
    const schoolText = (await inspectPdf(await pdfOf(school, whole.job.id))).text.join('').replace(/\s+/g, '');
    for (const shown of ['Seniözleyeceğim👩\u200D🎓', 'Firavun□', 'IlgazYılmaz']) expect(schoolText).toContain(shown);
  });

  it('that still cannot be laid out is left out (a name printed as a stand-in) and listed as an error of the check before print, naming whose page; the rest of the book is made', async () => {
    await message(0, 'Sağlam bir anı', 'approved', 2);
    await message(0, 'Dizgiyi bozan anı', 'approved', 2);
    const [, second] = kit.world.students;
    await kit.database.db.update(students).set({ firstName: 'Kırık' }).where(eq(students.id, second.id));
    // The layout engine refuses every part holding that message or that name, as it would a text it cannot set.
    const run = Piscina.prototype.run;
    const engine = vi.spyOn(Piscina.prototype, 'run').mockImplementation(function (this: Piscina, task: { task: string; input: { model?: unknown } }, options) {
      const model = JSON.stringify(task.input.model);
      if (['bookPart', 'proofPart'].includes(task.task) && (model.includes('Dizgiyi bozan') || model.includes('Kırık')))
        return Promise.reject(new Error('PDF/A-2b error: the text could not be displayed with font "Merriweather"'));
      return run.call(this, task, options);
    });
    try {
      const school = await kit.as(kit.world.accounts.school);
      const { job, detail } = await branchBook(school);
      const text = (await inspectPdf(await pdfOf(school, job.id))).text;
      const all = text.join('\n');
      expect(all).toContain('Sağlam bir anı');
      expect(all).not.toContain('Dizgiyi bozan');
      expect(all).not.toContain('Kırık');
      expect(all).toContain('Ad basılamadı');
      const unplaced = detail.preflight.errors.filter((entry: { code: string }) => entry.code === 'unplaced-text');
      // In the book's order: Ömer (now Kırık) Çelik's pages come first.
      expect(unplaced).toEqual([
        {
          page: expect.any(Number),
          item: 'Kırık Çelik sayfasındaki ad',
          studentId: second.id,
          code: 'unplaced-text',
          message: 'Metin sayfaya yerleştirilemedi; yerine “Ad basılamadı” basıldı. Metni düzeltip yıllığı yeniden oluşturun.',
        },
        {
          page: expect.any(Number),
          item: 'Şule Işık sayfasındaki mesaj (yazan: İpek Ünal)',
          studentId: kit.world.students[0].id,
          code: 'unplaced-text',
          message: 'Metin sayfaya yerleştirilemedi ve yıllığa konmadı. Metni düzeltip yıllığı yeniden oluşturun.',
        },
      ]);
      // Each on the page where its student's pages begin.
      expect(text[unplaced[0].page - 1]).toContain('Ad basılamadı');
      expect(unplaced[1].page).toBe(text.findIndex((page) => page.includes('Sağlam bir anı')) + 1);
      expect(JSON.stringify(detail)).not.toContain('PDF/A');
      // An error of the check: the final mark is refused until overridden.
      const panel = await kit.as(kit.world.accounts.panel);
      expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(409);
    } finally {
      engine.mockRestore();
    }
  });
});

describe('the cover', () => {
  /** A file of a finished job, as the caller downloads it. */
  const download = async (as: Caller, jobId: number, file: 'file' | 'cover') =>
    kit.app.inject({ method: 'GET', url: `/api/${as.level}/yearbook-jobs/${jobId}/${file}`, headers: { authorization: `Bearer ${as.token}` } });

  /** The studio's design cover, uploaded by the panel as a 3600 × 5000 JPEG; answers the design as saved. */
  async function uploadCover(panel: Caller) {
    const original = await sharp({ create: { width: 3600, height: 5000, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer();
    const form = uploadForm(original, 'kapak.jpg', 'image/jpeg');
    const uploaded = await kit.call('POST', '/api/panel/design/cover', form.payload, { ...form.headers, authorization: `Bearer ${panel.token}` });
    expect(uploaded.status, uploaded.raw).toBe(200);
    return uploaded.body as { settings: { coverImageUrl: string }; version: number };
  }

  it('is a wraparound sheet of its own for the binding and paper set, its 3600 × 5000 image printed from the master at 300 ppi or more', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const uploaded = await uploadCover(panel);
    const settings = { ...uploaded.settings, binding: 'hardcover', paper: 'uncoated-120' };
    expect((await panel.put('design', { version: uploaded.version, settings })).status).toBe(200);
    // The web keeps the small copy.
    const web = await kit.app.inject({ method: 'GET', url: settings.coverImageUrl });
    expect((await sharp(web.rawPayload).metadata()).width).toBe(1152);

    await portrait(0);
    const school = await kit.as(kit.world.accounts.school);
    const { job, detail } = await branchBook(school);
    const res = await download(school, job.id, 'cover');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/y%C4%B1ll%C4%B1k-kapak-/);
    const cover = await inspectPdf(res.rawPayload);
    // The interior's leaves (two pages each) of 150 µm and two 2 mm boards, to a tenth of a millimetre.
    const spine = Math.round((Math.ceil(job.total / 2) * 0.15 + 2 * 2) * 10) / 10;
    expect(spine).toBeLessThan(6);
    // Each side: bleed 3, turn-in 15, board 206.5, joint 10; height: bleed and turn-in round a board 3 mm over head and foot.
    const width = 2 * (3 + 15 + 206.5 + 10) + spine;
    const height = 2 * (3 + 15) + 297 + 6;
    expect(detail.cover).toMatchObject({ binding: 'hardcover', spineMm: spine, widthMm: width, heightMm: height });
    expect(cover.pages).toBe(1);
    const [{ media, trim, bleed }] = cover.boxes as [(typeof cover.boxes)[number]];
    expect(media.width).toBeCloseTo(width * MM, 1);
    expect(media.height).toBeCloseTo(height * MM, 1);
    expect(trim.width).toBeCloseTo((width - 6) * MM, 1);
    expect(trim.height).toBeCloseTo((height - 6) * MM, 1);
    expect(bleed.width).toBeCloseTo(media.width, 1);
    expect(cover.images).toHaveLength(1);
    expect(cover.images[0]!.ppi).toBeGreaterThanOrEqual(MIN_PPI);
    expect(cover.text[0]).toContain('Işıklar Anadolu Lisesi');
    // A spine under 6 mm holds no line.
    expect(cover.text[0]).not.toContain('Işıklar Anadolu Lisesi · ');
    expect(cover.missingFonts).toEqual([]);
    // The printer's second file is PDF/X-4 like the interior, and Ghostscript's strict reading passes it.
    expect((await pdfinfo(res.rawPayload))['PDF subtype']).toBe('PDF/X-4');
    expect(await ghostscriptCheck(res.rawPayload)).toEqual({ clean: true, output: '' });

    // The interior no longer opens with the cover.
    const interior = await inspectPdf((await download(school, job.id, 'file')).rawPayload);
    expect(interior.text[0]).not.toContain('Mezuniyet Yıllığı');
    expect(interior.text.join('\n')).not.toContain('Mezuniyet Yıllığı');

    // Its proof loads from its signed URL without a token; a forged or a page's signature does not open it.
    const proof = await kit.call('GET', detail.cover.proof);
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect((await kit.call('GET', detail.cover.proof.replace(/s=[^&]+/, 's=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'))).status).toBe(404);
    const page = new URL(detail.proofs[0], 'http://x').searchParams;
    expect((await kit.call('GET', `/api/school/yearbook-jobs/${job.id}/cover-proof?${page.toString()}`)).status).toBe(404);
  });

  it('falls back to the web copy of a cover uploaded before print masters were kept', async () => {
    const uploaded = await uploadCover(await kit.as(kit.world.accounts.panel));
    const rowId = uploaded.settings.coverImageUrl.match(/design-cover\/(\d+)/)![1];
    await kit.app.storage.images.remove(`design-cover/${rowId}.master`);
    const school = await kit.as(kit.world.accounts.school);
    const { job } = await branchBook(school);
    const cover = await inspectPdf((await download(school, job.id, 'cover')).rawPayload);
    // 1152 × 1600 px over a 213 × 303 mm front: about 134 ppi, printed rather than left out.
    expect(cover.images).toHaveLength(1);
    expect(cover.images[0]!.ppi).toBeLessThan(150);
  });
});

describe('the cover of a book made before it was a file of its own', () => {
  it('answers 404 with a Turkish message', async () => {
    const old = await branchJob({ status: 'done', done: 5, total: 5, result: { file: 'yearbooks/0/book.pdf', pages: 5, bytes: 1, draft: true } });
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.get(`/yearbook-jobs/${old.id}/cover`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Bu yıllığın kapak dosyası yok; yıllığı yeniden oluşturun.');
    expect((await school.get(`/yearbook-jobs/${old.id}`)).body.detail.cover).toBeNull();
  });
});

describe('who may make and read books', () => {
  it('refuses branch managers, other schools and other studios; the panel reaches every school of its studio', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const { job } = await branchBook(school);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post(`/branches/${kit.world.branch.id}/yearbook`)).status).toBe(403);
    expect((await branch.get(`/yearbook-jobs/${job.id}`)).status).toBe(403);
    expect((await branch.get(`/yearbook-jobs/${job.id}/file`)).status).toBe(403);
    expect((await branch.get(`/yearbook-jobs/${job.id}/cover`)).status).toBe(403);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.get(`/yearbook-jobs/${job.id}`)).status).toBe(404);
    expect((await other.get(`/yearbook-jobs/${job.id}/file`)).status).toBe(404);
    expect((await other.get(`/yearbook-jobs/${job.id}/cover`)).status).toBe(404);
    expect((await other.post(`/branches/${kit.world.branch.id}/yearbook`)).status).toBe(404);
    expect((await other.post(`/yearbook-jobs/${job.id}/cancel`)).status).toBe(404);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.get(`/yearbook-jobs/${job.id}`)).status).toBe(404);
    expect((await foreign.get(`/yearbook-jobs/${job.id}/cover`)).status).toBe(404);
    expect((await foreign.post(`/schools/${kit.world.school.id}/yearbook`)).status).toBe(404);
    expect((await foreign.get(`/schools/${kit.world.school.id}/yearbook`)).status).toBe(404);
    const panel = await kit.as(kit.world.accounts.panel);
    const file = await panel.get(`/yearbook-jobs/${job.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const cover = await panel.get(`/yearbook-jobs/${job.id}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers['content-type']).toBe('application/pdf');
    expect(await kit.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs)).toEqual([{ n: 1 }]);
  });

  it('answers bad input with 400 and a Turkish message, and changes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    for (const res of [
      await school.post('/branches/abc/yearbook'),
      await school.post('/schools/0/yearbook'),
      await school.get('/yearbook-jobs/-1'),
      await school.get('/yearbook-jobs/bir/cover'),
      await school.get('/yearbook-jobs/0/cover'),
      await school.post(`/branches/${kit.world.branch.id}/yearbook/approval`, {}),
      await school.post(`/branches/${kit.world.branch.id}/yearbook/approval`, { jobId: 'bir' }),
    ]) {
      expect(res.status, res.raw).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[ğüşıöçİ]|Geçersiz|giriniz/i);
    }
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: 'evet' })).status).toBe(400);
    expect(await kit.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs)).toEqual([{ n: 0 }]);
  });
});

describe('approval, the content lock and the final mark', () => {
  it('records who approved a branch’s proof and when; the branch’s content locks (423) until the studio unlocks it', async () => {
    await message(0, 'Kilitten önce yazılan anı', 'approved');
    const school = await kit.as(kit.world.accounts.school);
    const { job } = await branchBook(school);
    // Only a finished proof of this very branch can be approved.
    const sibling = await school.post(`/branches/${kit.world.siblingBranch.id}/yearbook/approval`, { jobId: job.id });
    expect(sibling.status).toBe(400);
    expect(sibling.body.message).toBe('Onay yalnızca bu şubenin tamamlanmış provası için verilebilir.');

    expect((await school.post(`/branches/${kit.world.branch.id}/yearbook/approval`, { jobId: job.id })).status).toBe(200);
    const state = (await school.get(`/schools/${kit.world.school.id}/yearbook`)).body;
    const approved = state.branches.find((b: { id: number }) => b.id === kit.world.branch.id);
    expect(approved.approval).toMatchObject({ approvedByName: 'Okul Yöneticisi', jobId: job.id, approvedAt: expect.any(String) });
    expect(state.branches.find((b: { id: number }) => b.id === kit.world.siblingBranch.id).approval).toBeNull();
    expect((await school.post(`/branches/${kit.world.branch.id}/yearbook/approval`, { jobId: job.id })).status).toBe(409);

    // Writes to the branch's students and messages are refused in Turkish; the sibling branch is free.
    const student = kit.world.students[0];
    const refused = await school.del(`/students/${student.id}`);
    expect(refused.status).toBe(423);
    expect(refused.body.message).toBe('Bu şubenin yıllık provası onaylandı; içerik kilitli. Değişiklik için stüdyonun kilidi açması gerekir.');
    const [written] = await kit.database.db.select().from(messages).where(eq(messages.toStudentId, student.id));
    expect((await school.del(`/messages/${written!.id}`)).status).toBe(423);
    expect((await school.del(`/students/${kit.world.students[3].id}`)).status).toBe(200);

    // Only the studio unlocks.
    expect((await school.del(`/branches/${kit.world.branch.id}/yearbook/approval`)).status).toBe(403);
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.del(`/branches/${kit.world.branch.id}/yearbook/approval`)).status).toBe(200);
    expect((await school.del(`/messages/${written!.id}`)).status).toBe(200);
  });

  it('lets a student of an approved branch get a new code and sign in, while its content stays locked', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const proof = await finishedProof();
    expect((await school.post(`/branches/${kit.world.branch.id}/yearbook/approval`, { jobId: proof.id })).status).toBe(200);
    const student = kit.world.students[0];
    const [before] = await kit.database.db.select().from(students).where(eq(students.id, student.id));

    // Issuing a code and signing in write only the student's sign-in columns.
    const auth = await studentSignIn(0);
    const me = await kit.call('GET', '/api/student/user', undefined, auth);
    expect(me.status, me.raw).toBe(200);
    const [signedIn] = await kit.database.db.select().from(students).where(eq(students.id, student.id));
    expect(signedIn!.lastSignInAt).not.toBeNull();
    expect(signedIn!.accessCodeHash).not.toBe(before!.accessCodeHash);

    // What the book prints from the student does not change.
    const quote = await kit.call('PUT', '/api/student/quote', { text: 'Kilitten sonra yazılan söz' }, auth);
    expect(quote.status, quote.raw).toBe(423);
    // The student reads the lock in its own words, not the staff's.
    expect(quote.body.message).toBe('Sınıfının yıllığı onaylandı; artık yazamaz ve değişiklik yapamazsın.');
    const [after] = await kit.database.db.select().from(students).where(eq(students.id, student.id));
    expect(after!.quote).toBe(before!.quote);
    expect(after!.quoteDraft).toBe(before!.quoteDraft);
  });

  it('prints without the draft watermark once the studio marks the book final', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(403);
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(200);
    expect((await school.get(`/schools/${kit.world.school.id}/yearbook`)).body.final).toMatchObject({ markedAt: expect.any(String) });
    const { job, detail } = await branchBook(school);
    expect(detail.draft).toBe(false);
    const pdf = (await kit.app.inject({ method: 'GET', url: `/api/school/yearbook-jobs/${job.id}/file`, headers: { authorization: `Bearer ${school.token}` } }))
      .rawPayload;
    expect((await inspectPdf(pdf)).text.join('\n')).not.toContain('TASLAK');
  });
});

describe('the check before print and the final mark', () => {
  /** An original 130 ppi at the printed size of the default (rounded, 60 × 80 mm) portrait. */
  const ppi130 = () => {
    expect(PORTRAIT_MM.rounded).toEqual({ width: 60, height: 80 });
    return portrait(0, 308, 410);
  };

  it('lists a 130 ppi portrait as an error; prints a refused photo as the empty frame and leaves out a refused student’s texts, saying why; each with its page', async () => {
    const [sule, omer, ipek] = kit.world.students;
    await ppi130();
    // Ömer's parent refused photos in print: his portrait exists but is not placed.
    await portrait(1);
    await answerConsent(kit.database.db, omer, 'print-photo', 'no');
    // İpek's parent refused her text in print: her name, quote and the messages by and to her stay out.
    await kit.database.db.update(students).set({ quote: 'Gizli kalsın bu söz' }).where(eq(students.id, ipek.id));
    await message(0, 'İpekten Şuleye anı', 'approved', 2);
    await message(2, 'Şuleden İpeğe anı', 'approved', 0);
    await message(0, 'Ömerden Şuleye anı', 'approved', 1);
    await answerConsent(kit.database.db, ipek, 'print-text', 'no');
    const school = await kit.as(kit.world.accounts.school);
    const { job, detail } = await branchBook(school);
    const answer = (await school.get(`/yearbook-jobs/${job.id}`)).body;
    expect(answer.job.preflight).toEqual(detail.preflight);
    const { errors, warnings } = answer.job.preflight;
    expect(errors).toEqual([
      {
        page: expect.any(Number),
        item: 'Şule Işık',
        studentId: sule.id,
        code: 'image-resolution',
        message: 'Görsel basıldığı boyutta yalnızca 130 ppi; en az 200 ppi gerekir, baskıda bulanık çıkar. Daha büyük bir dosya yükleyin.',
      },
    ]);
    expect(warnings).toEqual([
      { page: expect.any(Number), item: 'İpek Ünal', studentId: ipek.id, code: 'no-portrait', message: 'Vesikalık yok; sayfasında baş harfleri basıldı.' },
      {
        page: expect.any(Number),
        item: 'İpek Ünal',
        studentId: ipek.id,
        code: 'no-text-consent',
        message: 'Veli ad, söz ve mesajların basılmasına onay vermedi: adı, lakabı, sözü ve mesajları basılmadı; sayfası ve sınıf panosundaki yeri adsız.',
      },
      {
        page: expect.any(Number),
        item: 'Ömer Çelik',
        studentId: omer.id,
        code: 'no-consent',
        message: 'Veli fotoğrafın basılmasına onay vermedi: yerinde boş çerçeve var.',
      },
    ]);
    const pdf = await pdfOf(school, job.id);
    const report = await inspectPdf(pdf);
    // Şule's portrait and its class panel copy only: no image of Ömer anywhere in the book.
    expect(report.images).toHaveLength(2);
    const pages = report.text;
    // Each page named is the student's page in the PDF; İpek's is unnamed: its folio (and the draft's watermark) alone.
    for (const entry of [...errors, ...warnings]) if (entry.studentId !== ipek.id) expect(pages[entry.page - 1]).toContain(entry.item);
    const ipekPage = warnings.find((entry: { studentId: number }) => entry.studentId === ipek.id).page;
    expect(pages[ipekPage - 1]!.replace('TASLAK', '').trim()).toBe(String(ipekPage));
    const words = (await pdfWords(pdf)).words.map((w) => w.text).join(' ');
    for (const shown of ['Ömer', 'Çelik', 'Ömerden Şuleye anı', 'Şule', 'Işık']) expect(words).toContain(shown);
    // Nowhere in the book: not on her page, in the class list, on the class panel, in the index or a running head.
    for (const hidden of ['İpek', 'Ünal', 'İÜ', 'Gizli kalsın', 'İpekten Şuleye', 'Şuleden İpeğe']) expect(words).not.toContain(hidden);
    // The screen's state says what the final mark is checked against.
    expect((await school.get(`/schools/${kit.world.school.id}/yearbook`)).body.finalCheck).toEqual({ jobIds: [job.id], errors: 1 });
  });

  it('draws page proofs at 150 dpi of the trim or more, and pairs them into spreads as printed: page 1 alone on the right, then 2–3, 4–5…', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const { job, detail } = await branchBook(school);
    const size = async (url: string) => {
      const res = await kit.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const { width = 0, height = 0 } = await sharp(res.rawPayload).metadata();
      return { width, height, image: res.rawPayload };
    };
    const page = await size(detail.proofs[0]);
    // A4's trim, 210 × 297 mm, at 150 dpi.
    expect(page.width).toBeGreaterThanOrEqual(Math.floor((210 / 25.4) * 150));
    expect(page.height).toBeGreaterThanOrEqual(Math.floor((297 / 25.4) * 150));
    expect(detail.spreads).toHaveLength(Math.floor(job.total / 2) + 1);
    const first = await size(detail.spreads[0]);
    expect(first).toMatchObject({ width: 2 * page.width, height: page.height });
    // Page 1 sits on the right; the left is the empty table (grey), not a page (white paper).
    const stats = async (image: Buffer, left: number) => {
      // sharp's stats() reads its input, not the pipeline: the half is cut out to a buffer first.
      const half = await sharp(image).extract({ left, top: 0, width: page.width, height: page.height }).toBuffer();
      return (await sharp(half).stats()).channels[0]!.mean;
    };
    expect(await stats(first.image, 0)).toBeLessThan(235);
    expect(Math.abs((await stats(first.image, page.width)) - (await sharp(page.image).stats()).channels[0]!.mean)).toBeLessThan(2);
    expect((await size(detail.spreads[1])).width).toBe(2 * page.width);
    // A spread's signature never opens a page, nor the other way round.
    expect((await kit.call('GET', detail.spreads[0].replace('/spreads/', '/pages/'))).status).toBe(404);
    expect((await kit.call('GET', detail.proofs[0].replace('/pages/', '/spreads/'))).status).toBe(404);
  });

  it('has nothing to report for a book of consented full-size portraits; an older book without a check answers null', async () => {
    for (const index of [0, 1, 2] as const) await portrait(index);
    const school = await kit.as(kit.world.accounts.school);
    const { job } = await branchBook(school);
    expect((await school.get(`/yearbook-jobs/${job.id}`)).body.job.preflight).toEqual({ errors: [], warnings: [] });
    const older = await branchJob({ status: 'done', done: 6, total: 6, result: { file: 'x', pages: 6, draft: true, substitutions: [] } });
    expect((await school.get(`/yearbook-jobs/${older.id}`)).body.job.preflight).toBeNull();
  });

  it('refuses the final mark (409, in Turkish) while the latest book has errors; an override needs a panel user and a written reason, and is audited', async () => {
    await ppi130();
    const school = await kit.as(kit.world.accounts.school);
    const panel = await kit.as(kit.world.accounts.panel);
    await branchBook(school);
    const url = `/schools/${kit.world.school.id}/yearbook/final`;
    const finals = () => kit.database.db.select().from(yearbookFinals);
    const marks = () => kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'mark_final'));

    const refused = await panel.put(url, { final: true });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.message).toBe(
      'Baskı öncesi kontrolde 1 hata var; yıllık son hâli olarak işaretlenemez. Hataları düzeltip yıllığı yeniden oluşturun ya da gerekçe yazarak yine de işaretleyin.',
    );
    for (const overrideReason of ['', '   kısa   ']) {
      const bad = await panel.put(url, { final: true, overrideReason });
      expect(bad.status, bad.raw).toBe(400);
      expect(bad.body.message).toMatch(/[ğüşıöçİ]|Geçersiz|giriniz/i);
      expect(JSON.stringify(bad.body)).toContain('Gerekçe en az 10 karakter olmalı.');
    }
    const reason = 'Veli yeni fotoğrafı baskıdan önce getirmeyecek; matbaa onayladı.';
    expect((await school.put(url, { final: true, overrideReason: reason })).status).toBe(403);
    expect(await finals()).toEqual([]);
    expect(await marks()).toEqual([]);

    const overridden = await panel.put(url, { final: true, overrideReason: reason });
    expect(overridden.status, overridden.raw).toBe(200);
    expect(await finals()).toHaveLength(1);
    const [entry] = await marks();
    expect(entry).toMatchObject({
      userName: expect.any(String),
      entity: 'yearbook',
      entityId: kit.world.school.id,
      changes: { overrideReason: reason, errors: 1 },
    });
    expect((await school.get(`/schools/${kit.world.school.id}/yearbook`)).body.final).toMatchObject({ markedAt: expect.any(String) });
  });
});

describe('the portrait a student’s page shows', () => {
  /** A stored photo of a world student (its file is not read: the book's sources only name it). */
  async function photoOf(index: 0 | 1, name: string, isPortrait = false) {
    const student = kit.world.students[index];
    return insertOne(kit.database.db, photos, {
      studioId: kit.world.studio.id,
      schoolId: kit.world.school.id,
      branchId: student.branchId,
      studentId: student.id,
      isPortrait,
      storageKey: `photos/s${kit.world.studio.id}/${name}`,
      width: 2400,
      height: 3200,
      bytes: 1,
    });
  }
  /** The stored original the branch's book places for a world student. */
  async function bookPortrait(index: 0 | 1) {
    const { model, images } = await bookSources(kit.database.db, kit.world.studio.id, kit.world.school.id, kit.world.branch.id);
    const student = model.branches.flatMap((b) => b.students).find((s) => s.id === kit.world.students[index].id);
    return images.find((image) => image.path === student?.portrait)?.key ?? null;
  }

  it('is the student’s own pick first, then the one staff chose, then the first photo', async () => {
    const first = await photoOf(0, 'ilk');
    const staffs = await photoOf(0, 'vesikalik', true);
    const picked = await photoOf(0, 'secilen');
    await photoOf(1, 'tek-ilk');
    await photoOf(1, 'tek-ikinci');
    expect(await bookPortrait(0)).toBe(fileKey(staffs.storageKey, 'original'));
    expect(await bookPortrait(1)).toBe(fileKey(`photos/s${kit.world.studio.id}/tek-ilk`, 'original'));

    // The student picks a photo (its parent consented to print): the book follows the pick, whatever staff choose later.
    const auth = await studentSignIn(0);
    expect((await kit.call('PUT', '/api/student/portrait', { photoId: picked.id }, auth)).status).toBe(200);
    expect(await bookPortrait(0)).toBe(fileKey(picked.storageKey, 'original'));
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put(`/photos/${first.id}/portrait`)).status).toBe(200);
    expect(await bookPortrait(0)).toBe(fileKey(picked.storageKey, 'original'));

    // Without a pick, staff's choice.
    await kit.database.db.update(students).set({ portraitPickPhotoId: null }).where(eq(students.id, kit.world.students[0].id));
    expect(await bookPortrait(0)).toBe(fileKey(first.storageKey, 'original'));
  });
});

describe('the print file', () => {
  it('is PDF/X-4 for offset on coated paper (FOGRA39), its black text and grey folios on the black plate only', async () => {
    await message(0, 'Siyah mürekkeple basılan anı', 'approved');
    await portrait(0);
    // The printer's file is the final one, without the draft watermark across the page.
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(200);
    const school = await kit.as(kit.world.accounts.school);
    const { job } = await branchBook(school);
    const pdf = await pdfOf(school, job.id);

    const info = await pdfinfo(pdf);
    expect(info).toMatchObject({ 'PDF subtype': 'PDF/X-4', 'PDF version': '1.6', Encrypted: 'no' });
    const report = await inspectPdf(pdf);
    // The printing condition's profile is a CMYK output (printer) profile, embedded.
    expect(report.outputIntents).toEqual([{ subtype: 'GTS_PDFX', condition: 'FOGRA39', profile: { deviceClass: 'prtr', colourSpace: 'CMYK' } }]);
    // The portrait and its class panel copy stay RGB, tagged with their profile: the printer's RIP converts them for the press.
    expect(report.imageColourSpaces).toEqual(['ICCBased', 'ICCBased']);
    expect(report.info).toMatchObject({
      Trapped: 'False',
      GTS_PDFXVersion: 'PDF/X-4',
      CreationDate: expect.stringMatching(/^D:\d{14}Z$/),
      ModDate: expect.stringMatching(/^D:\d{14}Z$/),
    });
    const xmp = await pdfXmp(pdf);
    for (const entry of [
      '<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>',
      '<pdf:Trapped>False</pdf:Trapped>',
      `<rdf:li xml:lang="x-default">${report.info.Title}</rdf:li>`,
    ])
      expect(xmp).toContain(entry);
    expect(xmp).toMatch(/<xmp:CreateDate>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/xmp:CreateDate>/);
    expect(xmp).toMatch(/<xmpMM:DocumentID>uuid:[0-9a-f-]{36}<\/xmpMM:DocumentID>/);
    // Every page has its own trim box 3 mm inside the media box, and a bleed box of the whole page.
    for (const { media, trim, bleed } of report.boxes) {
      expect(trim).toMatchObject({ x: expect.closeTo(3 * MM, 1), y: expect.closeTo(3 * MM, 1), width: expect.closeTo(media.width - 6 * MM, 1) });
      expect(bleed).toEqual(media);
    }
    const ghostscript = await ghostscriptCheck(pdf);
    expect(ghostscript.output).toBe('');
    expect(ghostscript.clean).toBe(true);

    // On the student's page, as the press separates it: the message's words and the page number
    // carry black ink and no cyan, magenta or yellow; the name, in the design's colour, carries colour.
    const { pages, words } = await pdfWords(pdf);
    const body = words.find((word) => word.text === 'mürekkeple')!;
    const page = words.filter((word) => word.page === body.page);
    const folio = page.find((word) => /^\d+$/.test(word.text) && word.yMin > pages[body.page - 1]!.height - 30 * MM)!;
    const name = page.reduce((largest, word) => (word.yMax - word.yMin > largest.yMax - largest.yMin ? word : largest));
    expect(folio).toBeDefined();
    const plates = await separations(pdf, body.page);
    for (const word of [body, folio]) {
      expect(plates.Black.maxIn(word), word.text).toBeGreaterThan(0.3);
      for (const ink of ['Cyan', 'Magenta', 'Yellow'] as const) expect(plates[ink].maxIn(word), `${ink} in ${word.text}`).toBe(0);
    }
    expect(plates.Cyan.maxIn(name) + plates.Magenta.maxIn(name), name.text).toBeGreaterThan(0.3);
  });
});

describe('the print file for FOGRA51', () => {
  it('embeds the studio’s uploaded profile in the interior and the cover; chosen without one, the check before print says so and the files are FOGRA39', async () => {
    await message(0, 'PSO Coated v3 ile basılan anı', 'approved');
    const panel = await kit.as(kit.world.accounts.panel);
    const chosen = await panel.put('design', { version: 0, settings: { ...(await panel.get('design')).body.settings, printCondition: 'FOGRA51' } });
    expect(chosen.status, chosen.raw).toBe(200);
    const school = await kit.as(kit.world.accounts.school);
    const files = async (jobId: number) => [await pdfOf(school, jobId), await coverOf(school, jobId)];

    // Chosen without its profile: no quiet fallback, the check before print names it as an error.
    const without = await branchBook(school);
    expect(without.detail.preflight.errors).toEqual([
      {
        page: null,
        item: 'Baskı koşulu: FOGRA51 (PSO Coated v3)',
        code: 'print-profile',
        message:
          "Renk profili (ICC) yüklenmedi; baskı dosyaları bu koşul için hazırlanamadı ve FOGRA39 (ISO Coated v2) ile hazırlandı. Profili Yıllık Tasarımı'nda yükleyip yıllığı yeniden oluşturun.",
      },
    ]);
    for (const pdf of await files(without.job.id)) expect((await outputProfiles(pdf)).map((intent) => intent.condition)).toEqual(['FOGRA39']);

    const profile = cmykProfile('PSO Coated v3 (matbaa)');
    const form = uploadForm(profile, 'PSOcoated_v3.icc', 'application/vnd.iccprofile');
    const uploaded = await kit.call('POST', '/api/panel/design/print-profile', form.payload, { ...form.headers, authorization: `Bearer ${panel.token}` });
    expect(uploaded.status, uploaded.raw).toBe(200);
    const made = await branchBook(school);
    expect(made.detail.preflight.errors).toEqual([]);
    for (const pdf of await files(made.job.id)) {
      expect(await pdfinfo(pdf)).toMatchObject({ 'PDF subtype': 'PDF/X-4' });
      expect(await outputProfiles(pdf)).toEqual([{ condition: 'FOGRA51', registry: 'http://www.color.org', info: 'PSO Coated v3 (matbaa)', bytes: profile }]);
      expect((await inspectPdf(pdf)).outputIntents).toEqual([
        { subtype: 'GTS_PDFX', condition: 'FOGRA51', profile: { deviceClass: 'prtr', colourSpace: 'CMYK' } },
      ]);
    }
  });
});

describe('the staff messages in the book', () => {
  it('are signed by the manager who wrote them, by the name they have now, with their place in the school; the studio’s by the place alone', async () => {
    const { school, branch } = kit.world;
    for (const [account, path, body] of [
      [kit.world.accounts.school, `/schools/${school.id}/messages`, 'Okuldan'],
      [kit.world.accounts.panel, `/schools/${school.id}/messages`, 'Stüdyodan'],
      [kit.world.accounts.branch, `/branches/${branch.id}/messages`, 'Öğretmenden'],
      [kit.world.accounts.school, `/branches/${branch.id}/messages`, 'Müdürden'],
    ] as const) {
      const res = await (await kit.as(account)).post(path, { body });
      expect(res.status, res.raw).toBe(200);
    }
    await kit.database.db.update(users).set({ name: 'Ayşe Demir' }).where(eq(users.id, kit.world.accounts.school.id));
    await kit.database.db.update(users).set({ name: 'Mehmet Kaya' }).where(eq(users.id, kit.world.accounts.branch.id));
    const { model } = await bookSources(kit.database.db, kit.world.studio.id, school.id, branch.id);
    expect(model.schoolMessages).toEqual([
      { body: 'Okuldan', author: 'Ayşe Demir', title: 'Okul Yönetimi' },
      { body: 'Stüdyodan', author: 'Okul Yönetimi' },
    ]);
    expect(model.branches[0]!.teacherMessages).toEqual([
      { body: 'Öğretmenden', author: 'Mehmet Kaya', title: 'Sınıf Öğretmeni' },
      { body: 'Müdürden', author: 'Ayşe Demir', title: 'Okul Yönetimi' },
    ]);
  });
});
