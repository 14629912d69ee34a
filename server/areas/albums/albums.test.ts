import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { albumPhotos, albums, albumUploadLinks, auditLog, jobs, photoTags, schools } from '../../db/schema';
import { jpeg, withGps } from '../../test/photoFiles';
import { expectRefused, itemOf, useApiTestKit, type Caller } from '../../test/api';
import { formData as formParts, type Part } from '../../test/multipart';
import { FACE_SCAN_JOB } from '../faces/scanQueue';
import { purgeExpiredPhotos } from '../kvkk/retention';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-albums-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({
  DATA_DIR: dataDir,
  PHOTO_MAX_BYTES: String(400_000),
  PHOTO_MAX_PIXELS: String(4_000_000),
  PHOTO_MAX_FILES: '3',
  ALBUM_LINK_UPLOADS_PER_HOUR: '4',
});
const db = () => kit.database.db;

const file = (data: Buffer, fileName = 'mezuniyet.jpg'): Part => ({ name: 'files', fileName, contentType: 'image/jpeg', data });
const countOf = (table: typeof albums | typeof albumPhotos | typeof albumUploadLinks) => async () =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(table)
    )[0]!.n,
  );

const NAME = 'Mezuniyet Gecesi 🎓 — حفل التخرج';

async function schoolAlbum(caller: Caller, body: Record<string, unknown> = {}) {
  return itemOf(await caller.post(`schools/${kit.world.school.id}/albums`, { name: NAME, eventDate: '2026-06-12', ...body }));
}
async function branchAlbum(caller: Caller) {
  return itemOf(await caller.post(`branches/${kit.world.branch.id}/albums`, { name: '12/A Sınıf Gezisi' }));
}
async function newLink(caller: Caller, albumId: number, days = 7) {
  const res = await caller.post(`albums/${albumId}/upload-links`, { label: '12/A öğretmenleri', days });
  expect(res.status, res.raw).toBe(200);
  return res.body as { item: { id: number }; token: string };
}
const publicUpload = (token: string, parts: Part[]) => {
  const form = formParts(parts);
  return kit.call('POST', `/api/panel/album-upload/${token}/photos`, form.payload, form.headers);
};

describe('albums', () => {
  it('are created per school and per branch, answered as {success, item: {id, name}}, listed, searched, edited and deleted', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const created = await school.post(`schools/${kit.world.school.id}/albums`, { name: NAME, eventDate: '2026-06-12', description: 'Salon A' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, item: { id: expect.any(Number), name: NAME, branchId: null, branchName: '' } });
    const panel = await kit.as(kit.world.accounts.panel);
    const forBranch = itemOf(await panel.post(`branches/${kit.world.branch.id}/albums`, { name: 'Bahar Şenliği' }));
    expect(forBranch.branchId).toBe(kit.world.branch.id);

    const list = await school.get(`schools/${kit.world.school.id}/albums?q=mezuniyet`);
    expect(list.body.items.map((a: any) => a.name)).toEqual([NAME]);
    expect((await school.get(`schools/${kit.world.school.id}/albums`)).body.total).toBe(2);
    expect((await school.get(`branches/${kit.world.branch.id}/albums`)).body.items.map((a: any) => a.name)).toEqual(['Bahar Şenliği']);

    const version = await kit.versionOf(albums, created.body.item.id);
    const edited = await school.put(`albums/${created.body.item.id}`, { name: 'Mezuniyet Töreni', eventDate: null, description: '', version });
    expect(edited.body.item).toMatchObject({ name: 'Mezuniyet Töreni', eventDate: null });
    expect((await school.put(`albums/${created.body.item.id}`, { name: 'Eski', eventDate: null, description: '', version })).status).toBe(409);

    expect((await school.del(`albums/${forBranch.id}`)).status).toBe(200);
    expect(await countOf(albums)()).toBe(1);
    const audited = await db().select().from(auditLog).where(eq(auditLog.entity, 'album'));
    expect(audited.map((a) => a.action).sort()).toEqual(['create', 'create', 'delete', 'update']);
  });

  it('keep a branch manager to its own branch: school-wide albums and other branches are not found', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const wide = await schoolAlbum(school);
    const branch = await kit.as(kit.world.accounts.branch);
    // From the school's page a branch manager's album becomes its own branch's.
    const own = itemOf(await branch.post(`schools/${kit.world.school.id}/albums`, { name: 'Spor Günü', branchId: kit.world.siblingBranch.id }));
    expect(own.branchId).toBe(kit.world.branch.id);
    expect((await branch.get(`schools/${kit.world.school.id}/albums`)).body.items.map((a: any) => a.id)).toEqual([own.id]);
    expect((await branch.get(`albums/${wide.id}`)).status).toBe(404);
    const sibling = await kit.as(kit.world.accounts.siblingBranch);
    expect((await sibling.get(`albums/${own.id}`)).status).toBe(404);
    expect((await sibling.post(`branches/${kit.world.branch.id}/albums`, { name: 'Başkasının' })).status).toBe(404);
  });

  it('refuse another school, another studio and bad input with Turkish messages, changing nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const other = await kit.as(kit.world.accounts.otherSchool);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const count = countOf(albums);
    for (const caller of [other, foreign]) {
      expect((await caller.get(`albums/${made.id}`)).status).toBe(404);
      expect((await caller.del(`albums/${made.id}`)).status).toBe(404);
      expect((await caller.get(`albums/${made.id}/photos`)).status).toBe(404);
      expect((await caller.post(`schools/${kit.world.school.id}/albums`, { name: 'Sızma' })).status).toBe(404);
    }
    expect(await count()).toBe(1);
    const blank = await school.post(`schools/${kit.world.school.id}/albums`, { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toMatch(/[a-zçğıöşü]/);
    const bad = await school.post(`schools/${kit.world.school.id}/albums`, { name: 'Tarih', eventDate: '31.02.2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.eventDate).toBe(tr.validation.date);
    await expectRefused(
      count,
      () => school.post(`schools/${kit.world.school.id}/albums`, { name: 'Başka okulun şubesi', branchId: kit.world.otherSchoolBranch.id }),
      'branchId',
      tr.validation.choice,
    );
    expect(await count()).toBe(1);
  });
});

describe('album photos', () => {
  it('are stored in every size without metadata, approved at once for staff, and handed to face matching', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const made = await branchAlbum(branch);
    const res = await branch.upload(`albums/${made.id}/photos`, [file(await jpeg(2000, 1500), 'a.jpg'), file(await withGps(), 'konum.jpg')]);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items.map((p: any) => [p.originalName, p.status, p.uploaderName])).toEqual([
      ['a.jpg', 'approved', 'Şube Yöneticisi'],
      ['konum.jpg', 'approved', 'Şube Yöneticisi'],
    ]);
    for (const size of ['thumbUrl', 'photoUrl', 'downloadUrl']) {
      const url = res.body.items[1][size] as string;
      expect(url).toMatch(/^\/api\/branch\/album-photo-files\/\d+\/\w+\?e=\d+&s=/);
      const got = await kit.app.inject({ method: 'GET', url });
      expect(got.statusCode, size).toBe(200);
      expect(got.rawPayload.toString('latin1')).not.toContain('KonumluKamera');
      expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    }
    // An album photo's URL never opens a student's photo of the same id, nor the other way round.
    const swapped = (res.body.items[0].thumbUrl as string).replace('album-photo-files', 'photo-files');
    expect((await kit.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(404);
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, FACE_SCAN_JOB));
    expect(job).toMatchObject({ schoolId: kit.world.school.id });
    const rows = await db().select().from(albumPhotos);
    expect(rows.every((r) => r.faceScan === 'pending' && r.status === 'approved' && r.moderatedBy !== null)).toBe(true);
    expect((await branch.get(`albums/${made.id}`)).body.item.photoCount).toBe(2);
  });

  it('keep the upload limits: too many files, too large, not an image; nothing stored', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const count = countOf(albumPhotos);
    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const f of kit.app.storage.photos.list('albums')) keys.push(f.key);
      return keys.sort();
    };
    const before = await storedKeys();
    const small = await jpeg();
    const many = await school.upload(`albums/${made.id}/photos`, [file(small), file(small), file(small), file(small)]);
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(tr.students.photos.tooManyFiles(3));
    const big = await school.upload(`albums/${made.id}/photos`, [file(Buffer.alloc(500_000, 1))]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(tr.students.photos.tooLarge(0.4));
    const text = await school.upload(`albums/${made.id}/photos`, [file(small), file(Buffer.from('not a picture'), 'x.jpg')]);
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(tr.students.photos.notImage);
    expect(await count()).toBe(0);
    expect(await storedKeys()).toEqual(before);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.upload(`albums/${made.id}/photos`, [file(small)])).status).toBe(404);
    expect(await count()).toBe(0);
  });

  it('get a caption, are filtered by status and by a student tagged in them, and are deleted with their files', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const up = await school.upload(`albums/${made.id}/photos`, [file(await jpeg()), file(await jpeg(300, 300, '#aa3366'))]);
    const [first, second] = up.body.items as Array<{ id: number }>;
    const caption = await school.put(`album-photos/${first!.id}`, { caption: 'Kep atma anı 🎓' });
    expect(caption.body.item.caption).toBe('Kep atma anı 🎓');
    expect((await school.put(`album-photos/${first!.id}`, { caption: 'x'.repeat(501) })).status).toBe(400);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.put(`album-photos/${first!.id}`, { caption: 'Sızma' })).status).toBe(404);

    const student = kit.world.students[0];
    await db()
      .insert(photoTags)
      .values({ photoId: second!.id, studentId: student.id, studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: student.branchId });
    const filtered = await school.get(`albums/${made.id}/photos?studentId=${student.id}`);
    expect(filtered.body.items.map((p: any) => p.id)).toEqual([second!.id]);
    expect(filtered.body.items[0].students).toEqual([{ id: student.id, name: expect.any(String) }]);
    const choices = await school.get(`albums/${made.id}/students`);
    expect(choices.body.items).toEqual([{ id: student.id, name: expect.any(String), photos: 1 }]);
    expect((await school.get(`albums/${made.id}/photos?status=pending`)).body.total).toBe(0);

    const keys = (await db().select().from(albumPhotos)).map((r) => r.storageKey);
    expect((await other.post(`albums/${made.id}/photos/delete`, { ids: [first!.id] })).status).toBe(404);
    const gone = await school.post(`albums/${made.id}/photos/delete`, { ids: [first!.id, second!.id] });
    expect(gone.body.count).toBe(2);
    expect(await countOf(albumPhotos)()).toBe(0);
    for (const key of keys) expect(await kit.app.storage.photos.get(`${key}/thumb.jpg`)).toBeNull();
  });

  it('refuse photos of another album in a bulk step, changing nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const a = await schoolAlbum(school);
    const b = await schoolAlbum(school, { name: 'Başka albüm' });
    const up = await school.upload(`albums/${b.id}/photos`, [file(await jpeg())]);
    const count = countOf(albumPhotos);
    await expectRefused(count, () => school.post(`albums/${a.id}/photos/delete`, { ids: [up.body.items[0].id] }), 'ids', tr.albums.photos.notInAlbum);
    const empty = await school.post(`albums/${a.id}/photos/delete`, { ids: [] });
    expect(empty.status).toBe(400);
  });
});

describe('upload links', () => {
  it('let a visitor upload with a name; the photos wait until a moderator approves them in bulk', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const { token, item } = await newLink(school, made.id);
    const page = await kit.call('GET', `/api/panel/album-upload/${token}`);
    expect(page.body.item).toMatchObject({ albumName: NAME, schoolName: expect.any(String), label: '12/A öğretmenleri' });

    const noName = await publicUpload(token, [file(await jpeg())]);
    expect(noName.status).toBe(400);
    expect(noName.body.errors.name).toBe(tr.albums.upload.nameFirst);
    const sent = await publicUpload(token, [{ name: 'name', data: 'Ayşe Öğretmen' }, file(await jpeg()), file(await withGps())]);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.count).toBe(2);
    const pending = await school.get(`albums/${made.id}/photos?status=pending`);
    expect(pending.body.items.map((p: any) => [p.status, p.viaLink, p.uploaderName])).toEqual([
      ['pending', true, 'Ayşe Öğretmen'],
      ['pending', true, 'Ayşe Öğretmen'],
    ]);
    expect((await school.get(`albums/${made.id}`)).body.item).toMatchObject({ photoCount: 0, pendingCount: 2 });
    expect(await db().select().from(jobs).where(eq(jobs.kind, FACE_SCAN_JOB))).toHaveLength(0);

    const ids = pending.body.items.map((p: any) => p.id);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.post(`albums/${made.id}/photos/decide`, { ids, status: 'approved' })).status).toBe(404);
    const approved = await school.post(`albums/${made.id}/photos/decide`, { ids, status: 'approved' });
    expect(approved.body.count).toBe(2);
    expect(await db().select().from(jobs).where(eq(jobs.kind, FACE_SCAN_JOB))).toHaveLength(1);
    // Decided once: deciding again is refused and nothing changes.
    const again = await school.post(`albums/${made.id}/photos/decide`, { ids, status: 'rejected' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(tr.albums.photos.onlyPending);
    expect((await db().select().from(albumPhotos).where(eq(albumPhotos.status, 'approved'))).length).toBe(2);

    const links = await school.get(`albums/${made.id}/upload-links`);
    expect(links.body.items).toEqual([expect.objectContaining({ id: item.id, state: 'active', photoCount: 2 })]);
    const visitor = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'album-photo'), eq(auditLog.userName, 'Ayşe Öğretmen')));
    expect(visitor).toHaveLength(2);
  });

  it('stop working when revoked or expired, saying so in Turkish; an unknown token is not found', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const revoked = await newLink(school, made.id);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.post(`upload-links/${revoked.item.id}/revoke`)).status).toBe(404);
    const res = await school.post(`upload-links/${revoked.item.id}/revoke`);
    expect(res.body.item.state).toBe('revoked');
    const count = countOf(albumPhotos);
    const refused = await publicUpload(revoked.token, [{ name: 'name', data: 'Veli' }, file(await jpeg())]);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(tr.albums.upload.revoked);
    expect((await kit.call('GET', `/api/panel/album-upload/${revoked.token}`)).body.message).toBe(tr.albums.upload.revoked);

    const expired = await newLink(school, made.id);
    await db()
      .update(albumUploadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(albumUploadLinks.id, expired.item.id));
    const late = await publicUpload(expired.token, [{ name: 'name', data: 'Veli' }, file(await jpeg())]);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(tr.albums.upload.expired);
    expect(await count()).toBe(0);

    const unknown = await kit.call('GET', `/api/panel/album-upload/${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(tr.albums.upload.unknown);
    const badDays = await school.post(`albums/${made.id}/upload-links`, { label: '', days: 365 });
    expect(badDays.status).toBe(400);
    expect(badDays.body.errors.days).toMatch(/\S/);
  });

  it('keep the photo limits and a rate limit per address', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    const { token } = await newLink(school, made.id);
    const big = await publicUpload(token, [{ name: 'name', data: 'Veli' }, file(Buffer.alloc(500_000, 1))]);
    expect(big.status).toBe(413);
    const text = await publicUpload(token, [{ name: 'name', data: 'Veli' }, file(Buffer.from('yazı'), 'a.jpg')]);
    expect(text.status).toBe(400);
    expect(await countOf(albumPhotos)()).toBe(0);
    // ALBUM_LINK_UPLOADS_PER_HOUR is 4 here: two calls above, two more, then a 429 with Retry-After.
    expect((await publicUpload(token, [{ name: 'name', data: 'Veli' }, file(await jpeg())])).status).toBe(200);
    expect((await publicUpload(token, [{ name: 'name', data: 'Veli' }, file(await jpeg())])).status).toBe(200);
    const limited = await publicUpload(token, [{ name: 'name', data: 'Veli' }, file(await jpeg())]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countOf(albumPhotos)()).toBe(2);
  });
});

describe('retention', () => {
  it('purges a school’s event album photos with its portraits once its period has passed, files included', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const made = await schoolAlbum(school);
    await school.upload(`albums/${made.id}/photos`, [file(await jpeg())]);
    const [row] = await db().select().from(albumPhotos);
    await db().update(schools).set({ deliveryDate: '2020-01-15' }).where(eq(schools.id, kit.world.school.id));
    const report = await purgeExpiredPhotos(db(), kit.app.storage.photos, kit.world.studio.id, new Date());
    expect(report.map((r) => r.schoolId)).toEqual([kit.world.school.id]);
    expect(await countOf(albumPhotos)()).toBe(0);
    expect(await kit.app.storage.photos.get(`${row!.storageKey}/thumb.jpg`)).toBeNull();
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'retention-purge'));
    expect(entry!.changes).toMatchObject({ albumPhotos: 1 });
    // The album itself stays, empty, for the school's next year.
    expect(await countOf(albums)()).toBe(1);
  });
});
