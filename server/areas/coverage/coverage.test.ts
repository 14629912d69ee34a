import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { studios } from '../../db/schema';
import { insertAlbum, insertAlbumPhoto, tagStudents } from '../../test/albumFixtures';
import { useApiTestKit } from '../../test/api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-coverage-'));
const kit = useApiTestKit({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * 101 is tagged in three approved photos, 102 in one (and in one waiting and one rejected, which
 * do not count), 103 in none; 201 of the sibling branch in two.
 */
async function taggedWorld() {
  const { db } = kit.database;
  const w = kit.world;
  const [s101, s102, , s201] = w.students;
  const album = await insertAlbum(db, { studioId: w.studio.id, schoolId: w.school.id });
  const approved = [];
  for (let i = 0; i < 3; i++) approved.push(await insertAlbumPhoto(db, kit.app.storage, album));
  await tagStudents(db, approved[0]!, [s101, s102, s201]);
  await tagStudents(db, approved[1]!, [s101, s201]);
  await tagStudents(db, approved[2]!, [s101]);
  await tagStudents(db, await insertAlbumPhoto(db, kit.app.storage, album, { status: 'pending' }), [s102]);
  await tagStudents(db, await insertAlbumPhoto(db, kit.app.storage, album, { status: 'rejected' }), [s102]);
}

const countsOf = (items: Array<{ studentId: number; photos: number }>) => Object.fromEntries(items.map((i) => [i.studentId, i.photos]));

describe('photo coverage', () => {
  it('counts each active student’s approved tagged photos, zero included, per branch and per school', async () => {
    await taggedWorld();
    const [s101, s102, s103, s201] = kit.world.students;
    const school = await kit.as(kit.world.accounts.school);
    const branch = await school.get(`branches/${kit.world.branch.id}/coverage`);
    expect(branch.status).toBe(200);
    expect(branch.body.goal).toBe(3);
    expect(countsOf(branch.body.items)).toEqual({ [s101.id]: 3, [s102.id]: 1, [s103.id]: 0 });
    const whole = await school.get(`schools/${kit.world.school.id}/coverage`);
    expect(countsOf(whole.body.items)).toEqual({ [s101.id]: 3, [s102.id]: 1, [s103.id]: 0, [s201.id]: 2 });
    // The branch manager reads its own branch.
    expect((await (await kit.as(kit.world.accounts.branch)).get(`branches/${kit.world.branch.id}/coverage`)).body.items).toHaveLength(3);

    const summary = await school.get('coverage');
    expect(summary.body).toEqual({ success: true, goal: 3, students: 4, below: 3 });
    const panel = await kit.as(kit.world.accounts.panel);
    // The panel's studio has a fifth student in another school, untagged.
    expect((await panel.get('coverage')).body).toMatchObject({ students: 5, below: 4 });
  });

  it('keeps to the caller’s scope', async () => {
    await taggedWorld();
    const w = kit.world;
    for (const account of [w.accounts.otherSchool, w.accounts.foreignPanel, w.accounts.siblingBranch]) {
      const caller = await kit.as(account);
      expect((await caller.get(`branches/${w.branch.id}/coverage`)).status, account.email).toBe(404);
    }
    for (const account of [w.accounts.otherSchool, w.accounts.foreignPanel])
      expect((await (await kit.as(account)).get(`schools/${w.school.id}/coverage`)).status).toBe(404);
    // A school's whole coverage is for the studio and the school's managers.
    expect((await (await kit.as(w.accounts.branch)).get(`schools/${w.school.id}/coverage`)).status).toBe(403);
    expect((await (await kit.as(w.accounts.siblingBranch)).get('coverage')).body).toMatchObject({ students: 1, below: 1 });
    const bad = await (await kit.as(w.accounts.school)).get('branches/abc/coverage');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(tr.badInput);
    expect(bad.body.errors.id).toBe(tr.validation.number);
  });

  it('marks students below the goal on the students list and filters them', async () => {
    await taggedWorld();
    const [s101, s102, s103] = kit.world.students;
    const school = await kit.as(kit.world.accounts.school);
    const all = await school.get(`branches/${kit.world.branch.id}/students`);
    expect(Object.fromEntries(all.body.items.map((s: { id: number; eventPhotos: number }) => [s.id, s.eventPhotos]))).toEqual({
      [s101.id]: 3,
      [s102.id]: 1,
      [s103.id]: 0,
    });
    const below = await school.get(`branches/${kit.world.branch.id}/students?coverage=below`);
    expect(below.body.items.map((s: { id: number }) => s.id).sort()).toEqual([s102.id, s103.id].sort());
    expect(below.body.total).toBe(2);
    expect((await school.get(`branches/${kit.world.branch.id}/students?coverage=above`)).status).toBe(400);
  });

  it('takes the goal from the studio settings, validated, and counts against it', async () => {
    await taggedWorld();
    const panel = await kit.as(kit.world.accounts.panel);
    const { studio } = (await panel.get('studio')).body;
    expect(studio.coverageGoal).toBe(3);
    const profile = { name: studio.name, phone: '', email: '', address: '', cityId: 6, website: '' };
    for (const [goal, message] of [
      [0, tr.validation.minNumber(1)],
      [101, tr.validation.maxNumber(100)],
      [2.5, tr.validation.number],
    ] as const) {
      const res = await panel.put('studio', { ...profile, coverageGoal: goal, version: studio.version });
      expect(res.status).toBe(400);
      expect(res.body.errors.coverageGoal).toBe(message);
    }
    expect((await kit.database.db.select().from(studios).where(eq(studios.id, kit.world.studio.id)))[0]?.coverageGoal).toBe(3);
    const saved = await panel.put('studio', { ...profile, coverageGoal: 1, version: studio.version });
    expect(saved.status).toBe(200);
    expect(saved.body.studio.coverageGoal).toBe(1);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('coverage')).body).toMatchObject({ goal: 1, below: 1 });
    const below = await school.get(`branches/${kit.world.branch.id}/students?coverage=below`);
    expect(below.body.items.map((s: { id: number }) => s.id)).toEqual([kit.world.students[2].id]);
  });
});
