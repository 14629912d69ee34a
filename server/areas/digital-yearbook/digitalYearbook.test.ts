/**
 * The digital yearbook through the API: nothing to read before the book is final (a Turkish
 * message), an edition made when the book is marked final, with the digital-photo consent
 * applied to its pages, read by the school's students only, their own pages to download, its
 * images behind signed links, and the staff's "make it again" with its refusals.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertOne } from '../../db/rows';
import { auditLog, jobs, photos, schools, students, yearbookFinals } from '../../db/schema';
import { useApiTestKit, type Caller } from '../../test/api';
import type { StudentIndex } from '../../test/fixtures';
import { answerConsent } from '../../test/consents';
import { recordConsent } from '../consents/records';
import { fileKey } from '../photos/queries';

const kit = useApiTestKit();
// The edition is a real book (layout, proofs, images in worker threads): on a busy two-core machine it takes a while.
vi.setConfig({ testTimeout: 240_000 });

/** The portrait's fill: a colour the layout draws nowhere else, so a page shows the photo exactly when it has these pixels. */
const PHOTO = { r: 40, g: 160, b: 60 };

/** A world student with their school (the first four are of the world's school, the fifth of its other school). */
const studentAt = (index: StudentIndex) => {
  const { id, branchId } = kit.world.students[index];
  const schoolId = index < 4 ? kit.world.school.id : index === 4 ? kit.world.otherSchool.id : kit.world.foreignSchool.id;
  return { id, branchId, schoolId };
};

async function portrait(index: StudentIndex) {
  const student = studentAt(index);
  const storageKey = `photos/s${kit.world.studio.id}/digital${index}`;
  const original = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: PHOTO } })
    .jpeg()
    .toBuffer();
  await kit.app.storage.photos.put(fileKey(storageKey, 'original'), original);
  await insertOne(kit.database.db, photos, {
    studioId: kit.world.studio.id,
    schoolId: student.schoolId,
    branchId: student.branchId,
    studentId: student.id,
    isPortrait: true,
    storageKey,
    width: 1200,
    height: 1600,
    bytes: original.length,
  });
}

async function digitalConsent(index: StudentIndex, answer: 'yes' | 'no') {
  const student = studentAt(index);
  await kit.database.db.transaction((tx) =>
    recordConsent(
      tx,
      { id: student.id, studioId: kit.world.studio.id, schoolId: student.schoolId, branchId: student.branchId },
      { purpose: 'digital-photo', answer, givenByName: 'Ayşe Veli', relation: 'anne', channel: 'online', textVersion: 'test' },
    ),
  );
}

/** Signs a world student in with a new access code from the panel; answers a caller under /api/student. */
async function student(index: StudentIndex) {
  const { id, schoolId } = studentAt(index);
  await kit.database.db
    .update(schools)
    .set({ code: `OKUL${schoolId}` })
    .where(eq(schools.id, schoolId));
  const panel = await kit.as(kit.world.accounts.panel);
  const issued = await panel.post(`/students/${id}/access-code`);
  expect(issued.status, issued.raw).toBe(200);
  const [row] = await kit.database.db.select({ schoolNumber: students.schoolNumber }).from(students).where(eq(students.id, id));
  const login = await kit.call('POST', '/api/student/login', { schoolCode: `OKUL${schoolId}`, schoolNumber: row!.schoolNumber, accessCode: issued.body.code });
  expect(login.status, login.raw).toBe(200);
  const auth = { authorization: `Bearer ${login.body.token as string}` };
  return { get: (path: string) => kit.call('GET', `/api/student/${path}`, undefined, auth) };
}

async function edition(as: Caller) {
  const url = `/schools/${kit.world.school.id}/digital-yearbook`;
  await expect.poll(async () => (await as.get(url)).body.job?.status, { timeout: 230_000, interval: 250 }).toMatch(/^(done|failed|cancelled)$/);
  return (await as.get(url)).body;
}

/** An image URL handed out, fetched as a browser's <img> would (no token). */
async function image(url: string) {
  const res = await kit.app.inject({ method: 'GET', url });
  return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], bytes: res.rawPayload };
}

/** Pixels of the photo's colour in an image. */
async function photoPixels(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let found = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - PHOTO.r) < 25 && Math.abs(data[i + 1]! - PHOTO.g) < 25 && Math.abs(data[i + 2]! - PHOTO.b) < 25) found++;
  }
  return found;
}

describe('the digital yearbook', () => {
  it('tells a student in Turkish that the book is not ready while it is not final; staff cannot make it yet', async () => {
    const reader = await student(0);
    const res = await reader.get('digital-yearbook');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      state: 'not-final',
      message: 'Yıllık henüz hazır değil. Okulunuzun yıllığı son hâline getirildiğinde burada okuyabileceksiniz.',
      pages: [],
      index: [],
      own: { pages: [], downloads: [] },
    });
    const school = await kit.as(kit.world.accounts.school);
    const refused = await school.post(`/schools/${kit.world.school.id}/digital-yearbook`);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.message).toBe('Dijital yıllık yalnızca son hâline getirilmiş yıllıktan oluşturulur.');
    expect((await kit.call('GET', '/api/student/digital-yearbook')).status).toBe(401);
  });

  it('refuses other levels, schools and studios, and bad ids, and queues nothing', async () => {
    const url = `/schools/${kit.world.school.id}/digital-yearbook`;
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post(url)).status).toBe(403);
    expect((await branch.get(url)).status).toBe(403);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const other = await kit.as(account);
      const res = await other.post(url);
      expect(res.status, res.raw).toBe(404);
      expect(res.body.message).toBe('Kayıt bulunamadı.');
    }
    const panel = await kit.as(kit.world.accounts.panel);
    const bad = await panel.post('/schools/abc/digital-yearbook');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[ğüşıöçİ]|Geçersiz|giriniz/i);
    expect((await panel.get(url)).body).toEqual({ success: true, final: false, job: null });
    // A staff token opens nothing under the students' prefix.
    expect((await panel.raw('GET', '/api/student/digital-yearbook')).status).toBe(401);
  });

  it('is stopped when the final mark is taken back, and the students are told again that the book is not ready', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const url = `/schools/${kit.world.school.id}/yearbook/final`;
    expect((await panel.put(url, { final: true })).status).toBe(200);
    expect((await panel.get(`/schools/${kit.world.school.id}/digital-yearbook`)).body.job).toMatchObject({
      status: expect.stringMatching(/^(queued|running)$/),
    });
    expect((await panel.put(url, { final: false })).status).toBe(200);
    expect((await edition(panel)).job.status).toBe('cancelled');
    const reader = await student(0);
    expect((await reader.get('digital-yearbook')).body).toMatchObject({ state: 'not-final', pages: [] });
  });

  it('is made again when staff record a paper answer about digital photos after the final mark; not for another purpose, nor before the mark', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const branch = await kit.as(kit.world.accounts.branch);
    const [sule] = kit.world.students;
    const paper = (purpose: string) => branch.post(`students/${sule.id}/consents`, { purpose, answer: 'no', givenByName: 'Ayşe Işık', relation: 'anne' });
    const editions = () => kit.database.db.select().from(jobs).where(eq(jobs.kind, 'digital-yearbook')).orderBy(jobs.id);
    // Before the mark: nothing to make again.
    expect((await paper('digital-photo')).status).toBe(200);
    expect(await editions()).toEqual([]);
    // The book is final, its edition made (the mark's own edition is not this test's subject: the row alone).
    await kit.database.db.insert(yearbookFinals).values({ schoolId: kit.world.school.id, studioId: kit.world.studio.id });
    expect((await paper('digital-photo')).status).toBe(200);
    const [remade] = await editions();
    expect(remade).toMatchObject({
      schoolId: kit.world.school.id,
      createdBy: kit.world.accounts.branch.id,
      status: expect.stringMatching(/^(queued|running|done)$/),
    });
    // Face matching is not in the edition: no other one.
    expect((await paper('face-matching')).status).toBe(200);
    expect(await editions()).toHaveLength(1);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: false })).status).toBe(200);
  });

  it('is made when the book is marked final: pages without the photo of a student without digital-photo consent, read by the school’s students only, their own page to download', async () => {
    await portrait(0);
    await portrait(1);
    await digitalConsent(0, 'yes');
    await digitalConsent(1, 'no');
    // Ilgaz's parent has not answered about his name and words: he is in the book unnamed, not in its search.
    for (const index of [0, 1, 2] as const) await answerConsent(kit.database.db, studentAt(index), 'print-text');
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(200);
    const made = await edition(panel);
    expect(made).toMatchObject({ success: true, final: true, job: { status: 'done' } });

    // Ömer: his parent refused digital photos.
    const omer = await student(1);
    const book = (await omer.get('digital-yearbook')).body;
    expect(book).toMatchObject({ success: true, state: 'ready', message: null, title: 'Işıklar Anadolu Lisesi' });
    expect(book.pages.length).toBeGreaterThanOrEqual(8);
    expect(book.spreads).toHaveLength(Math.floor(book.pages.length / 2) + 1);
    // The index is the school's students in Turkish order of last name, each with their pages; no other school's.
    expect(book.index.map((entry: { name: string }) => entry.name)).toEqual(['Ömer Çelik', 'Şule Işık', 'İpek Ünal']);
    expect(book.index.map((entry: { branch: string }) => entry.branch)).toEqual(['12/A', '12/A', '12/A']);
    // Ilgaz still finds and downloads his own (unnamed) pages.
    const ilgaz = (await student(3).then((s) => s.get('digital-yearbook'))).body;
    expect(ilgaz.own.pages.length).toBeGreaterThan(0);
    expect(ilgaz.own.pages.some((page: number) => Object.values(book.index).some((entry) => (entry as { pages: number[] }).pages.includes(page)))).toBe(false);
    const pagesOf = (name: string) => book.index.find((entry: { name: string }) => entry.name === name).pages as number[];
    expect(book.own.pages).toEqual(pagesOf('Ömer Çelik'));
    expect(book.own.downloads).toHaveLength(book.own.pages.length);

    // His own page downloads as a JPEG, the page proof itself; there is no photo on it.
    const [own] = book.own.downloads;
    expect(own).toMatchObject({ page: book.own.pages[0], fileName: `yıllık-sayfa-${book.own.pages[0]}.jpg` });
    const download = await image(own.url);
    expect(download.status).toBe(200);
    expect(download.type).toBe('image/jpeg');
    expect(download.disposition).toContain('attachment');
    expect((await sharp(download.bytes).metadata()).width).toBeGreaterThanOrEqual(1240);
    expect(await photoPixels(download.bytes)).toBe(0);
    // Şule's parent consented: her page shows her photo.
    const sule = (await student(0).then((s) => s.get('digital-yearbook'))).body;
    expect(sule.own.pages).toEqual(pagesOf('Şule Işık'));
    expect(await photoPixels((await image(sule.own.downloads[0].url)).bytes)).toBeGreaterThan(5_000);
    // Ömer's own download is not Şule's page.
    expect(sule.own.pages[0]).not.toBe(book.own.pages[0]);

    // Every page and spread at its sizes, WebP, behind signed links.
    for (const page of book.pages) {
      for (const [url, width] of [
        [page.thumb, 240],
        [page.src, 800],
        [page.zoom, 1240],
      ] as const) {
        const got = await image(url);
        expect(got.status, url).toBe(200);
        expect(got.type).toBe('image/webp');
        expect((await sharp(got.bytes).metadata()).width).toBe(width);
      }
    }
    for (const spread of book.spreads) {
      const got = await image(spread.zoom);
      expect(got.status).toBe(200);
      expect((await sharp(got.bytes).metadata()).width).toBe(2480);
    }
    // The class panel has one photo (Şule's), and Ömer's empty frame: on no page of the edition does his photo show.
    let withPhoto = 0;
    for (const page of book.pages) if ((await photoPixels((await image(page.zoom)).bytes)) > 500) withPhoto++;
    expect(withPhoto).toBe(2);
    // A link's signature opens only its own image: not another size, not another page, not a changed one.
    const tampered = (url: string, from: string, to: string) => url.replace(from, to);
    const first = book.pages[0];
    expect((await image(tampered(first.src, '/page/', '/zoom/'))).status).toBe(404);
    expect((await image(tampered(first.src, '/page/1?', '/page/2?'))).status).toBe(404);
    expect((await image(first.src.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);

    // A student of another school (not final) reads nothing of this school's book.
    const cagla = (await student(4).then((s) => s.get('digital-yearbook'))).body;
    expect(cagla).toMatchObject({ state: 'not-final', pages: [], index: [], own: { pages: [] } });

    // Staff make it again: one at a time (409 in Turkish), audited. (Taken back at once: one book per test keeps CI short.)
    const school = await kit.as(kit.world.accounts.school);
    const again = await school.post(`/schools/${kit.world.school.id}/digital-yearbook`);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.job).toMatchObject({ status: 'queued' });
    const twice = await school.post(`/schools/${kit.world.school.id}/digital-yearbook`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Bu okulun dijital yıllığı şu anda hazırlanıyor; bitmesini bekleyin.');
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'digital_yearbook_job'))).toHaveLength(2);
    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: false })).status).toBe(200);
    expect((await edition(school)).job).toMatchObject({ id: again.body.job.id, status: 'cancelled' });
  });
});
