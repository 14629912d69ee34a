import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { albumPhotos, auditLog, jobs, photoFaces, photoTags, studentFaces, students } from '../../db/schema';
import { countWhere, single } from '../../db/rows';
import { useApiTestKit } from '../../test/api';
import { answerConsent } from '../../test/consents';
import { insertAlbum, insertAlbumPhoto } from '../albums/seedRows';
import { insertPortrait } from '../../test/faceFixtures';
import { faceCut, SAMPLE1_FACES, samplePhoto, sideBySide } from './samples';
import { FACE_MODEL } from '../../images/faceModel';
import { queueFaceScan } from './scanQueue';
import { purgeSchoolFaceData } from './faceData';
import { SUGGEST_THRESHOLD } from './matching';

const kit = useApiTestKit();
const t = tr.faces;
const db = () => kit.database.db;
const store = () => kit.app.storage.photos;

const studentRow = async (index: number) =>
  single(
    await db()
      .select()
      .from(students)
      .where(eq(students.id, kit.world.students[index as 0]!.id)),
  );
const branchAlbum = () => insertAlbum(db(), { studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: kit.world.branch.id });

/** Runs the school's scan (as an approval queues it) and waits for the job runner to finish it. */
async function scanSchool() {
  await queueFaceScan(db(), { id: kit.world.school.id, studioId: kit.world.studio.id }, null);
  await expect
    .poll(
      async () => {
        const [job] = await db().select({ status: jobs.status, error: jobs.error }).from(jobs).where(eq(jobs.schoolId, kit.world.school.id));
        return job?.status;
      },
      { timeout: 170_000, interval: 250 },
    )
    .toBe('done');
}

/** A face row put straight in, as a scan would leave it. */
async function insertFace(album: { id: number; studioId: number; schoolId: number }, photoId: number, suggestedStudentId: number | null, x = 0.1) {
  const [row] = await db()
    .insert(photoFaces)
    .values({
      studioId: album.studioId,
      schoolId: album.schoolId,
      albumId: album.id,
      photoId,
      box: { x, y: 0.2, width: 0.2, height: 0.3 },
      suggestedStudentId,
      suggestedScore: suggestedStudentId ? 0.8 : null,
    })
    .returning();
  return row!;
}

const tiny = () => sideBySide([], 64);

describe('face matching', () => {
  it('suggests the two consented students in a photo of their faces; a student without consent has no descriptor and is never suggested', async () => {
    // Three people of one group photo: portraits cut from it; the album photo shows them mirrored, smaller and recompressed.
    const [a, b, c] = await Promise.all(SAMPLE1_FACES.map((box) => faceCut(samplePhoto(1), box, 320)));
    const [s0, s1, s2] = await Promise.all([studentRow(0), studentRow(1), studentRow(2)]);
    await insertPortrait(db(), store(), s0, a!);
    await insertPortrait(db(), store(), s1, c!);
    await insertPortrait(db(), store(), s2, b!);
    await answerConsent(db(), s0, 'face-matching', 'yes');
    await answerConsent(db(), s1, 'face-matching', 'yes');
    await answerConsent(db(), s2, 'face-matching', 'no');
    const album = await branchAlbum();
    const mirrored = await Promise.all(SAMPLE1_FACES.map((box) => faceCut(samplePhoto(1), box, 220, { mirror: true })));
    const photo = await insertAlbumPhoto(db(), store(), album, await sideBySide([mirrored[2]!, mirrored[1]!, mirrored[0]!], 220));

    await scanSchool();

    const stored = await db().select({ studentId: studentFaces.studentId, model: studentFaces.model, length: studentFaces.descriptor }).from(studentFaces);
    expect(stored.map((s) => s.studentId).sort()).toEqual([s0.id, s1.id].sort());
    expect(stored.every((s) => s.model === FACE_MODEL && s.length.length === 1024)).toBe(true);

    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.get(`/albums/${album.id}/faces`);
    expect(res.status, res.raw).toBe(200);
    const items = (
      res.body.items as { faceId: number; photoId: number; box: { x: number }; suggestion: { studentId: number; score: number } | null; studentId: null }[]
    ).sort((p, q) => p.box.x - q.box.x);
    expect(items).toHaveLength(3);
    expect(items.every((f) => f.photoId === photo.id && f.studentId === null)).toBe(true);
    // Left to right: the third face of the group photo (s1), the second (s2, no consent), the first (s0).
    expect(items.map((f) => f.suggestion?.studentId ?? null)).toEqual([s1.id, null, s0.id]);
    expect(items[0]!.suggestion!.score).toBeGreaterThanOrEqual(SUGGEST_THRESHOLD);
    expect(res.body.scan).toEqual({ pending: 0, failed: 0, done: 1 });
    expect(single(await db().select().from(albumPhotos).where(eq(albumPhotos.id, photo.id))).faceScan).toBe('done');

    // The crop the review screen shows is a small WebP.
    const crop = await branch.raw('GET', `/api/branch/faces/${items[0]!.faceId}/crop`);
    expect(crop.status).toBe(200);
    expect(crop.headers['content-type']).toBe('image/webp');

    // Consent given later: the school's photos are scanned again and the student is suggested then.
    await answerConsent(db(), s2, 'face-matching', 'yes');
    expect(single(await db().select().from(albumPhotos).where(eq(albumPhotos.id, photo.id))).faceScan).toBe('pending');
    await expect.poll(async () => (await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.status, 'done'))).length, { timeout: 170_000 }).toBe(2);
    const again = (await branch.get(`/albums/${album.id}/faces`)).body.items as typeof items;
    expect(again).toHaveLength(3);
    expect(again.sort((p, q) => p.box.x - q.box.x).map((f) => f.suggestion?.studentId ?? null)).toEqual([s1.id, s2.id, s0.id]);
  }, 240_000);

  it('confirms in bulk, assigns, rejects and ignores faces; confirmed faces and hand tags are the photo tags', async () => {
    const album = await branchAlbum();
    const photo = await insertAlbumPhoto(db(), store(), album, await tiny());
    const [s0, s1, s2] = kit.world.students;
    const f0 = await insertFace(album, photo.id, s0.id, 0.1);
    const f1 = await insertFace(album, photo.id, s1.id, 0.4);
    const f2 = await insertFace(album, photo.id, null, 0.7);
    const school = await kit.as(kit.world.accounts.school);

    const bulk = await school.post(`/albums/${album.id}/faces/bulk`, { faceIds: [f0.id, f1.id, f2.id], action: 'confirm' });
    expect(bulk.body).toEqual({ success: true, count: 2 });
    const tags = async () =>
      (await db().select({ studentId: photoTags.studentId, faceId: photoTags.faceId }).from(photoTags)).sort((p, q) => p.studentId - q.studentId);
    expect(await tags()).toEqual([
      { studentId: s0.id, faceId: f0.id },
      { studentId: s1.id, faceId: f1.id },
    ]);

    // The unmatched face is assigned by name; a confirmed one rejected after all loses its tag.
    const assigned = await school.put(`/faces/${f2.id}`, { studentId: s2.id });
    expect(assigned.status, assigned.raw).toBe(200);
    expect(assigned.body.item).toMatchObject({ faceId: f2.id, state: 'confirmed', studentId: s2.id, studentName: expect.any(String) });
    expect((await school.put(`/faces/${f1.id}`, { studentId: null })).body.item).toMatchObject({ state: 'rejected', studentId: null });
    expect((await school.put(`/faces/${f0.id}`, { studentId: null, ignored: true })).body.item).toMatchObject({ state: 'ignored' });
    expect(await tags()).toEqual([{ studentId: s2.id, faceId: f2.id }]);

    // By hand, then untagged.
    const tagged = await school.post(`/album-photos/${photo.id}/tags`, { studentId: s1.id });
    expect(tagged.body.items.map((i: { studentId: number }) => i.studentId).sort()).toEqual([s1.id, s2.id].sort());
    expect((await school.del(`/album-photos/${photo.id}/tags/${s2.id}`)).body.items).toEqual([{ studentId: s1.id, name: expect.any(String), faceId: null }]);
    // The face whose tag went waits for a decision again.
    expect(single(await db().select().from(photoFaces).where(eq(photoFaces.id, f2.id))).state).toBe('open');

    const audit = await countWhere(db(), auditLog, and(eq(auditLog.entity, 'face')));
    expect(audit).toBe(4);
  });

  it('answers another school, another branch and another studio "not found", and refuses bad input with nothing changed', async () => {
    const album = await branchAlbum();
    const photo = await insertAlbumPhoto(db(), store(), album, await tiny());
    const face = await insertFace(album, photo.id, kit.world.students[0].id);
    const otherAlbum = await branchAlbum();
    const otherFace = await insertFace(otherAlbum, (await insertAlbumPhoto(db(), store(), otherAlbum, await tiny())).id, null);

    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.siblingBranch, kit.world.accounts.foreignPanel]) {
      const other = await kit.as(account);
      expect((await other.get(`/albums/${album.id}/faces`)).status).toBe(404);
      expect((await other.put(`/faces/${face.id}`, { studentId: null })).status).toBe(404);
      expect((await other.get(`/faces/${face.id}/crop`)).status).toBe(404);
      expect((await other.post(`/albums/${album.id}/faces/bulk`, { faceIds: [face.id], action: 'reject' })).status).toBe(404);
      expect((await other.post(`/album-photos/${photo.id}/tags`, { studentId: kit.world.students[0].id })).status).toBe(404);
    }
    expect(single(await db().select().from(photoFaces).where(eq(photoFaces.id, face.id))).state).toBe('open');

    const branch = await kit.as(kit.world.accounts.branch);
    const tagsCount = () => countWhere(db(), photoTags, undefined);
    const decided = () => countWhere(db(), photoFaces, eq(photoFaces.state, 'open'));
    for (const body of [{ studentId: 'Ahmet' }, {}, { studentId: null, ignored: 'evet' }, { studentId: 1, extra: 1 }]) {
      const res = await branch.put(`/faces/${face.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const both = await branch.put(`/faces/${face.id}`, { studentId: kit.world.students[0].id, ignored: true });
    expect(both.status).toBe(400);
    expect(both.body.errors.ignored).toBe(t.ignoredWithStudent);
    // A student of the sibling branch is outside this branch album (and outside the branch manager's scope).
    const school = await kit.as(kit.world.accounts.school);
    const outside = await school.put(`/faces/${face.id}`, { studentId: kit.world.students[3].id });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.studentId).toBe(t.studentOutsideAlbum);
    const mixed = await school.post(`/albums/${album.id}/faces/bulk`, { faceIds: [face.id, otherFace.id], action: 'confirm' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors.faceIds).toBe(t.notInAlbum);
    expect((await school.post(`/albums/${album.id}/faces/bulk`, { faceIds: [], action: 'confirm' })).status).toBe(400);
    expect((await school.post(`/albums/${album.id}/faces/bulk`, { faceIds: [face.id], action: 'onayla' })).status).toBe(400);
    expect(await tagsCount()).toBe(0);
    expect(await decided()).toBe(2);
  });

  it("deletes descriptors when face-matching consent is withdrawn and the whole school's when its book is marked final, with audit entries", async () => {
    const [s0, s1, s3] = await Promise.all([studentRow(0), studentRow(1), studentRow(3)]);
    for (const s of [s0, s1, s3]) {
      await answerConsent(db(), s, 'face-matching', 'yes');
      const photo = await insertPortrait(db(), store(), s, await tiny());
      await db()
        .insert(studentFaces)
        .values({
          studioId: s.studioId,
          schoolId: s.schoolId,
          branchId: s.branchId,
          studentId: s.id,
          photoId: photo.id,
          descriptor: [0.1, 0.2, 0.3],
          model: FACE_MODEL,
        });
    }
    const album = await branchAlbum();
    const face = await insertFace(album, (await insertAlbumPhoto(db(), store(), album, await tiny())).id, s0.id);
    const count = () => countWhere(db(), studentFaces, eq(studentFaces.schoolId, kit.world.school.id));
    expect(await count()).toBe(3);

    const panel = await kit.as(kit.world.accounts.panel);
    const withdrawn = await panel.post(`/students/${s0.id}/consents`, { purpose: 'face-matching', answer: 'no', givenByName: 'Ayşe Yılmaz', relation: 'anne' });
    expect(withdrawn.status, withdrawn.raw).toBe(200);
    expect(await countWhere(db(), studentFaces, eq(studentFaces.studentId, s0.id))).toBe(0);
    expect(await count()).toBe(2);
    // Its open suggestion goes with it.
    expect(single(await db().select().from(photoFaces).where(eq(photoFaces.id, face.id))).suggestedStudentId).toBeNull();
    const deletions = () => db().select().from(auditLog).where(eq(auditLog.entity, 'face-data')).orderBy(auditLog.id);
    const [consentEntry] = await deletions();
    expect(consentEntry).toMatchObject({ entityId: s0.id, changes: { descriptors: 1, reason: 'consent-withdrawn' } });

    expect((await panel.put(`/schools/${kit.world.school.id}/yearbook/final`, { final: true })).status).toBe(200);
    expect(await count()).toBe(0);
    const [, finalEntry] = await deletions();
    expect(finalEntry).toMatchObject({ entityId: kit.world.school.id, changes: { descriptors: 2, reason: 'book-final' } });
    expect(finalEntry!.createdAt).toBeInstanceOf(Date);
  });

  it("the retention purge takes the school's descriptors and found faces", async () => {
    const s0 = await studentRow(0);
    const photo = await insertPortrait(db(), store(), s0, await tiny());
    await db()
      .insert(studentFaces)
      .values({ studioId: s0.studioId, schoolId: s0.schoolId, branchId: s0.branchId, studentId: s0.id, photoId: photo.id, descriptor: [1], model: FACE_MODEL });
    const album = await branchAlbum();
    await insertFace(album, (await insertAlbumPhoto(db(), store(), album, await tiny())).id, s0.id);
    expect(await db().transaction((tx) => purgeSchoolFaceData(tx, kit.world.school.id))).toBe(2);
    expect(await countWhere(db(), photoFaces, undefined)).toBe(0);
  });
});
