/**
 * Event pages in the book: an album's photos in their layout with captions, placed where the design
 * says, each photo checked at 300 ppi as printed, a photo of a student whose parents refused their
 * photo kept out, and the index listing every page a student appears on (own page, class panel,
 * event pages where tagged), read back with pdftotext and pdfimages.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';
import { insertOne } from '../../db/rows';
import { albumPages } from '../../db/schema';
import { insertAlbum, insertAlbumPhoto, tagStudents } from '../../test/albumFixtures';
import { useApiTestKit, type Caller } from '../../test/api';
import { answerConsent } from '../../test/consents';
import { pdfImages, pdfWords } from '../../test/pdfTools';
import { MIN_PPI, eventFrameMm } from '../../typesetting/model';

const kit = useApiTestKit();
beforeEach(async () => {
  for (const student of kit.world.students)
    for (const purpose of ['print-photo', 'print-text'] as const) await answerConsent(kit.database.db, student, purpose);
});
vi.setConfig({ testTimeout: 240_000 });

/**
 * The school's album "Mezuniyet Gecesi 🎓": a page of two (101 and 102 in the first photo, 102 in
 * the second), a page of one small photo (too few pixels for 300 ppi), a page whose only photo shows
 * 103, whose parents refuse their child's printed photo; and 12/A's own album with 101 in it.
 */
async function eventWorld() {
  const { db } = kit.database;
  const w = kit.world;
  const [s101, s102, s103] = w.students;
  const album = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.school.id });
  const big = await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'Kep atma anı', width: 3000, height: 2000 });
  const second = await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'Sahnede koro', width: 3000, height: 2000, colour: '#1971c2' });
  const small = await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'Küçük dosya', width: 600, height: 400, colour: '#e8590c' });
  const refused = await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'Reddedilen kare', width: 3000, height: 2000 });
  await tagStudents(db, big, [s101, s102]);
  await tagStudents(db, second, [s102]);
  await tagStudents(db, refused, [s103]);
  await answerConsent(db, s103, 'print-photo', 'no');
  const branchAlbum = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.school.id, branchId: w.branch.id }, 'Kapadokya Gezisi');
  const trip = await insertAlbumPhoto(db, kit.app.storage, branchAlbum, { caption: 'Balonlar', width: 4000, height: 3000, colour: '#862e9c' });
  await tagStudents(db, trip, [s101]);
  const place = { studioId: w.studio.id, schoolId: w.school.id };
  await insertOne(db, albumPages, { ...place, branchId: null, albumId: album.id, position: 1, layout: 2, photoIds: [big.id, second.id] });
  await insertOne(db, albumPages, { ...place, branchId: null, albumId: album.id, position: 2, layout: 1, photoIds: [small.id] });
  await insertOne(db, albumPages, { ...place, branchId: null, albumId: album.id, position: 3, layout: 1, photoIds: [refused.id] });
  await insertOne(db, albumPages, { ...place, branchId: w.branch.id, albumId: branchAlbum.id, position: 1, layout: 1, photoIds: [trip.id] });
}

async function book(as: Caller) {
  const res = await as.post(`/branches/${kit.world.branch.id}/yearbook`);
  expect(res.status, res.raw).toBe(200);
  const id = res.body.job.id as number;
  await expect
    .poll(async () => (await as.get(`/yearbook-jobs/${id}`)).body.job.status, { timeout: 230_000, interval: 300 })
    .toMatch(/^(done|failed|cancelled)$/);
  const answer = (await as.get(`/yearbook-jobs/${id}`)).body;
  expect(answer.job.status, JSON.stringify(answer.job)).toBe('done');
  const pdf = (await kit.app.inject({ method: 'GET', url: `/api/${as.level}/yearbook-jobs/${id}/file`, headers: { authorization: `Bearer ${as.token}` } }))
    .rawPayload;
  return { job: answer.job, pdf, words: (await pdfWords(pdf)).words, images: await pdfImages(pdf) };
}

type Words = Awaited<ReturnType<typeof pdfWords>>['words'];
const pageWith = (words: Words, text: string) => words.find((w) => w.text === text)?.page ?? null;

/** The index's page: its title's last word. */
const indexPageOf = (words: Words) => words.find((w) => w.text === tr.yearbook.book.index.split(' ').at(-1))!.page;
/** A student's own page: the last page before the index with their surname (the class list and panel come first). */
const ownPage = (words: Words, surname: string) => Math.max(...words.filter((w) => w.text === surname && w.page < indexPageOf(words)).map((w) => w.page));

/** The page numbers the index prints on the line of this surname (the words after it on its line). */
function indexPages(words: Words, surname: string): number[] {
  const indexPage = indexPageOf(words);
  const name = words.find((w) => w.page === indexPage && w.text === `${surname},`)!;
  return words
    .filter((w) => w.page === indexPage && Math.abs(w.yMin - name.yMin) < 2 && w.xMin > name.xMax)
    .flatMap((w) => w.text.split(',').filter((part) => /^\d+$/.test(part)))
    .map(Number);
}

describe('event pages in the book', () => {
  it('places the photos with their captions at the end, checks them at 300 ppi, keeps a refused child out, and indexes every page', async () => {
    await eventWorld();
    const school = await kit.as(kit.world.accounts.school);
    const { job, words, images } = await book(school);

    const twoUp = pageWith(words, 'Kep')!;
    expect(twoUp).not.toBeNull();
    expect(pageWith(words, 'koro')).toBe(twoUp);
    const onePage = pageWith(words, 'Küçük')!;
    const trip = pageWith(words, 'Balonlar')!;
    // "At the end": after every student's page, before the index; the refused photo is nowhere.
    const lastStudent = Math.max(...['Işık', 'Çelik', 'Ünal'].map((n) => ownPage(words, n)));
    const indexPage = indexPageOf(words);
    for (const page of [twoUp, onePage, trip]) expect(page > lastStudent && page < indexPage, `page ${page}`).toBe(true);
    expect(pageWith(words, 'Reddedilen')).toBeNull();

    // The photos are placed: two on the two-up page, one on the trip's, each at its frame at 300 ppi or more.
    const on = (page: number) => images.filter((image) => image.page === page);
    expect(on(twoUp)).toHaveLength(2);
    expect(on(trip)).toHaveLength(1);
    for (const image of [...on(twoUp), ...on(trip)]) expect(Math.min(image.xPpi, image.yPpi)).toBeGreaterThanOrEqual(MIN_PPI);
    const frame = eventFrameMm(DEFAULT_DESIGN, 2);
    expect(on(twoUp)[0]!.width / on(twoUp)[0]!.height).toBeCloseTo(frame.width / frame.height, 1);
    // The small one prints soft and is reported on its page; the refused child's photo is reported on their page.
    expect(on(onePage)[0]!.xPpi).toBeLessThan(MIN_PPI);
    const low = job.preflight.errors.find((e: { code: string; item: string }) => e.code === 'image-resolution' && e.item.includes('Küçük dosya'));
    expect(low).toMatchObject({ page: onePage, item: tr.yearbook.item.eventPhoto('Mezuniyet Gecesi 🎓', 'Küçük dosya') });
    const s103 = kit.world.students[2];
    expect(job.preflight.warnings).toContainEqual(expect.objectContaining({ code: 'event-photo-consent', studentId: s103.id, page: ownPage(words, 'Ünal') }));

    // The index: own page, class panel (the page before the first student's), and the event pages where tagged.
    const panelPage = Math.min(...['Işık', 'Çelik', 'Ünal'].map((n) => ownPage(words, n))) - 1;
    expect(indexPages(words, 'Işık')).toEqual([panelPage, ownPage(words, 'Işık'), twoUp, trip]);
    expect(indexPages(words, 'Çelik')).toEqual([panelPage, ownPage(words, 'Çelik'), twoUp]);
    expect(indexPages(words, 'Ünal')).toEqual([panelPage, ownPage(words, 'Ünal')]);
  });

  it('puts a branch’s album after its class panel when the design says so', async () => {
    await eventWorld();
    const panel = await kit.as(kit.world.accounts.panel);
    const saved = await panel.put('design', { schoolId: null, settings: { ...DEFAULT_DESIGN, eventPages: 'after-panels' }, version: 0 });
    expect(saved.status, saved.raw).toBe(200);
    const { words } = await book(await kit.as(kit.world.accounts.school));
    const trip = pageWith(words, 'Balonlar')!;
    const firstStudent = Math.min(...['Işık', 'Çelik', 'Ünal'].map((n) => ownPage(words, n)));
    expect(trip).toBeLessThan(firstStudent);
    // The school's album still closes the book.
    expect(pageWith(words, 'Kep')!).toBeGreaterThan(trip);
  });
});
