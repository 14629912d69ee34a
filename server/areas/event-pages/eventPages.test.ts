import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { albumPages, auditLog, schools, students } from '../../db/schema';
import { insertAlbum, insertAlbumPhoto, tagStudents } from '../../test/albumFixtures';
import { answerConsent } from '../../test/consents';
import { expectRefused, itemOf, useApiTestKit } from '../../test/api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-event-pages-'));
const kit = useApiTestKit({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const t = tr.eventPages;
const pageCount = async () => Number((await kit.database.db.select({ n: count() }).from(albumPages))[0]?.n ?? 0);

/** A school album with three approved photos, one waiting, and an album of the school's branch. */
async function albumWorld() {
  const { db } = kit.database;
  const w = kit.world;
  const album = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.school.id });
  const photos = [
    await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'Kep atma anı 🎓' }),
    await insertAlbumPhoto(db, kit.app.storage, album, { caption: 'مرحبا — sahnede' }),
    await insertAlbumPhoto(db, kit.app.storage, album, { caption: '' }),
  ];
  const pending = await insertAlbumPhoto(db, kit.app.storage, album, { status: 'pending' });
  const branchAlbum = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.school.id, branchId: w.branch.id }, '12/A Sınıf Gezisi');
  const otherAlbum = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.otherSchool.id }, 'Diğer Okulun Şenliği');
  const otherPhoto = await insertAlbumPhoto(db, kit.app.storage, otherAlbum);
  return { album, photos, pending, branchAlbum, otherAlbum, otherPhoto };
}

describe('event pages', () => {
  it('adds, lists, changes, reorders and removes an album’s pages, each audited', async () => {
    const { album, photos } = await albumWorld();
    const school = await kit.as(kit.world.accounts.school);
    const [a, b, c] = photos.map((p) => p.id) as [number, number, number];

    const listed = await school.get(`albums/${album.id}/pages`);
    expect(listed.status).toBe(200);
    expect(listed.body.album).toEqual({ id: album.id, name: album.name });
    expect(listed.body.items).toEqual([]);
    // Only approved photos may go on a page.
    expect(listed.body.photos.map((p: { id: number }) => p.id)).toEqual([a, b, c]);
    expect(listed.body.photos[0]).toMatchObject({ caption: 'Kep atma anı 🎓', width: 3000, height: 2000, tagged: 0 });

    const first = itemOf(await school.post(`albums/${album.id}/pages`, { layout: 2, photoIds: [b, a] }));
    expect(first).toMatchObject({ albumId: album.id, position: 1, layout: 2, photoIds: [b, a], version: 1 });
    const second = itemOf(await school.post(`albums/${album.id}/pages`, { layout: 1, photoIds: [c] }));
    expect(second.position).toBe(2);

    const changed = itemOf(await school.put(`album-pages/${first.id}`, { layout: 3, photoIds: [a, b, c], version: first.version }));
    expect(changed).toMatchObject({ layout: 3, photoIds: [a, b, c], version: first.version + 1 });
    // An edit based on an older read is refused and changes nothing.
    const stale = await school.put(`album-pages/${first.id}`, { layout: 1, photoIds: [a], version: first.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(tr.staleRecord);

    const reordered = await school.put(`albums/${album.id}/pages/order`, { ids: [second.id, first.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((p: { id: number; position: number }) => [p.id, p.position])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);

    expect((await school.del(`album-pages/${second.id}`)).status).toBe(200);
    expect((await school.get(`albums/${album.id}/pages`)).body.items.map((p: { id: number }) => p.id)).toEqual([first.id]);

    const audit = await kit.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'album-page'));
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'create', 'delete', 'reorder', 'update']);

    const albumsListed = await school.get('event-pages');
    expect(albumsListed.body.items.find((x: { id: number }) => x.id === album.id)).toMatchObject({ pages: 1, photos: 3 });
  });

  it('serves the picker’s thumbnails by signed URL only, never a student’s photo of the same id', async () => {
    const { album } = await albumWorld();
    const school = await kit.as(kit.world.accounts.school);
    const [photo] = (await school.get(`albums/${album.id}/pages`)).body.photos;
    const url: string = photo.thumbUrl;
    expect(url).toMatch(new RegExp(`^/api/school/album-photo-files/${photo.id}/thumb\\?e=\\d+&s=`));
    const file = await kit.call('GET', url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The same signature does not open the student photo route, nor another size.
    expect((await kit.call('GET', url.replace('album-photo-files', 'photo-files'))).status).toBe(404);
    expect((await kit.call('GET', url.replace('/thumb?', '/original?'))).status).toBe(404);
  });

  it('keeps to the caller’s scope: another school, another studio and a branch manager of a school album get 404', async () => {
    const { album, photos, branchAlbum, otherAlbum } = await albumWorld();
    const school = await kit.as(kit.world.accounts.school);
    const page = itemOf(await school.post(`albums/${album.id}/pages`, { layout: 1, photoIds: [photos[0]!.id] }));
    const before = await pageCount();
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool, kit.world.accounts.branch]) {
      const caller = await kit.as(account);
      expect((await caller.get(`albums/${album.id}/pages`)).status, account.email).toBe(404);
      expect((await caller.post(`albums/${album.id}/pages`, { layout: 1, photoIds: [photos[0]!.id] })).status).toBe(404);
      expect((await caller.put(`album-pages/${page.id}`, { layout: 1, photoIds: [photos[1]!.id], version: page.version })).status).toBe(404);
      expect((await caller.del(`album-pages/${page.id}`)).status).toBe(404);
    }
    expect(await pageCount()).toBe(before);
    // The branch manager has the branch's own album, the sibling branch's manager does not.
    expect((await (await kit.as(kit.world.accounts.branch)).get(`albums/${branchAlbum.id}/pages`)).status).toBe(200);
    expect((await (await kit.as(kit.world.accounts.siblingBranch)).get(`albums/${branchAlbum.id}/pages`)).status).toBe(404);
    const branchList = await (await kit.as(kit.world.accounts.branch)).get('event-pages');
    expect(branchList.body.items.map((x: { id: number }) => x.id)).toEqual([branchAlbum.id]);
    // The panel reaches every album of its studio.
    expect((await (await kit.as(kit.world.accounts.panel)).get(`albums/${otherAlbum.id}/pages`)).status).toBe(200);
  });

  it('refuses bad pages with a Turkish message and writes nothing', async () => {
    const { album, photos, pending, otherPhoto } = await albumWorld();
    const school = await kit.as(kit.world.accounts.school);
    const [a, b, c] = photos.map((p) => p.id) as [number, number, number];
    const add = (body: unknown) => () => school.post(`albums/${album.id}/pages`, body);
    await expectRefused(pageCount, add({ layout: 5, photoIds: [a] }), 'layout', t.layoutInvalid);
    await expectRefused(pageCount, add({ layout: 2, photoIds: [a, b, c] }), 'photoIds', t.tooManyPhotos(2));
    await expectRefused(pageCount, add({ layout: 2, photoIds: [] }), 'photoIds', t.noPhotoPicked);
    await expectRefused(pageCount, add({ layout: 2, photoIds: [a, a] }), 'photoIds', t.duplicatePhoto);
    await expectRefused(pageCount, add({ layout: 2, photoIds: [a, pending.id] }), 'photoIds', t.notAlbumPhoto);
    await expectRefused(pageCount, add({ layout: 1, photoIds: [otherPhoto.id] }), 'photoIds', t.notAlbumPhoto);
    const unknown = await add({ layout: 1, photoIds: [a], extra: 1 })();
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(tr.badInput);

    const page = itemOf(await school.post(`albums/${album.id}/pages`, { layout: 2, photoIds: [a] }));
    const refusedEdit = await school.put(`album-pages/${page.id}`, { layout: 1, photoIds: [a, b], version: page.version });
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.body.errors.photoIds).toBe(t.tooManyPhotos(1));
    const badOrder = await school.put(`albums/${album.id}/pages/order`, { ids: [page.id, page.id] });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.errors.ids).toBe(t.orderMismatch);
    const [stored] = await kit.database.db.select().from(albumPages).where(eq(albumPages.id, page.id));
    expect(stored).toMatchObject({ layout: 2, photoIds: [a], position: 1, version: page.version });
  });
});

describe('a student’s own event photos', () => {
  /** Signs a world student in with a new access code (its school gets a code first); answers the portal's headers. */
  async function portal(index: 0 | 1 | 4) {
    const { db } = kit.database;
    const student = kit.world.students[index];
    const [row] = await db.select({ schoolId: students.schoolId, schoolNumber: students.schoolNumber }).from(students).where(eq(students.id, student.id));
    const code = row!.schoolId === kit.world.school.id ? 'ISIK12' : 'SEHIT34';
    await db.update(schools).set({ code }).where(eq(schools.id, row!.schoolId));
    const issued = await (await kit.as(kit.world.accounts.panel)).post(`students/${student.id}/access-code`);
    const login = await kit.call('POST', '/api/student/login', { schoolCode: code, schoolNumber: row!.schoolNumber, accessCode: issued.body.code });
    expect(login.status, login.raw).toBe(200);
    return { authorization: `Bearer ${login.body.token as string}` };
  }
  const ids = (res: { body: Record<string, any> }) => (res.body.items as Array<{ id: number }>).map((p) => p.id);

  it('shows the approved photos a student is tagged in, only with the parents’ digital photo consent', async () => {
    const { album, photos, pending } = await albumWorld();
    const [s101, s102] = kit.world.students;
    await tagStudents(kit.database.db, photos[0]!, [s101, s102]);
    await tagStudents(kit.database.db, photos[1]!, [s102]);
    await tagStudents(kit.database.db, pending, [s101]);
    const headers = await portal(0);
    const without = await kit.call('GET', '/api/student/event-photos', undefined, headers);
    expect(without.body).toEqual({ success: true, consented: false, items: [], total: 0, page: 1, perPage: 25 });

    await answerConsent(kit.database.db, s101, 'digital-photo');
    const shown = await kit.call('GET', '/api/student/event-photos', undefined, headers);
    expect(shown.body.consented).toBe(true);
    expect(ids(shown)).toEqual([photos[0]!.id]);
    expect(shown.body.total).toBe(1);
    expect(shown.body.items[0]).toMatchObject({ album: album.name, caption: 'Kep atma anı 🎓' });
    expect((await kit.call('GET', shown.body.items[0].thumbUrl)).status).toBe(200);

    await answerConsent(kit.database.db, s101, 'digital-photo', 'no');
    expect((await kit.call('GET', '/api/student/event-photos', undefined, headers)).body).toMatchObject({ consented: false, items: [], total: 0 });
  });

  it('answers a page at a time, newest first, with the total', async () => {
    const { photos } = await albumWorld();
    const [s101] = kit.world.students;
    for (const photo of photos) await tagStudents(kit.database.db, photo, [s101]);
    await answerConsent(kit.database.db, s101, 'digital-photo');
    const headers = await portal(0);
    const page = (n: number) => kit.call('GET', `/api/student/event-photos?page=${n}&perPage=2`, undefined, headers);
    const first = await page(1);
    expect(first.body).toMatchObject({ consented: true, total: 3, page: 1, perPage: 2 });
    expect(ids(first)).toEqual([photos[2]!.id, photos[1]!.id]);
    const second = await page(2);
    expect(second.body).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(ids(second)).toEqual([photos[0]!.id]);
    expect(ids(await page(3))).toEqual([]);
  });

  it('shows no other student’s photos, of its branch or of another school, and answers no one else', async () => {
    const { photos, otherPhoto } = await albumWorld();
    const [s101, s102, , , s301] = kit.world.students;
    await tagStudents(kit.database.db, photos[0]!, [s101]);
    await tagStudents(kit.database.db, photos[1]!, [s102]);
    await tagStudents(kit.database.db, otherPhoto, [s301]);
    for (const s of [s101, s102, s301]) await answerConsent(kit.database.db, s, 'digital-photo');

    expect(ids(await kit.call('GET', '/api/student/event-photos', undefined, await portal(0)))).toEqual([photos[0]!.id]);
    expect(ids(await kit.call('GET', '/api/student/event-photos', undefined, await portal(1)))).toEqual([photos[1]!.id]);
    expect(ids(await kit.call('GET', '/api/student/event-photos', undefined, await portal(4)))).toEqual([otherPhoto.id]);

    // Staff of every level, and no one signed in, are not a student.
    const staff = await kit.as(kit.world.accounts.school);
    for (const headers of [{}, { authorization: `Bearer ${staff.token}` }] as Array<Record<string, string>>) {
      const refused = await kit.call('GET', '/api/student/event-photos', undefined, headers);
      expect(refused.status).toBe(401);
      expect(refused.body.success).toBe(false);
    }
  });

  it('refuses a bad page with a Turkish 400', async () => {
    await albumWorld();
    const headers = await portal(0);
    for (const qs of ['page=0', 'page=abc', 'perPage=0', 'perPage=1000', 'q=Şule', 'sort=id']) {
      const res = await kit.call('GET', `/api/student/event-photos?${qs}`, undefined, headers);
      expect(res.status, qs).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: tr.badInput });
    }
  });
});
