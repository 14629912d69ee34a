import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { albumPhotos, albums, branches } from '../../db/schema';
import { countWhere } from '../../db/rows';
import { itemOf, expectRefused, useApiTestKit } from '../../test/api';
import { insertAlbum, insertAlbumPhoto } from '../albums/seedRows';
import { jpeg } from '../../test/photoFiles';
import { fileKey } from '../photos/queries';

const kit = useApiTestKit();
const t = tr.organisation.branch;
const branchCount = async () => countWhere(kit.database.db, branches, undefined);
const names = (res: { body: Record<string, any> }) => res.body.items.map((b: { name: string }) => b.name);

describe('GET schools/{id}/branches', () => {
  it('lists with student count and manager, sorted by grade then Turkish section letter', async () => {
    const school = await kit.as(kit.world.accounts.school);
    for (const section of ['İ', 'I', 'Ç', 'C']) await school.post(`schools/${kit.world.school.id}/branches`, { grade: 10, section });
    const res = await school.get(`schools/${kit.world.school.id}/branches`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['10/C', '10/Ç', '10/I', '10/İ', '12/A', '12/B']);
    expect(res.body.items[4]).toMatchObject({ studentCount: 3, managerName: 'Şube Yöneticisi', grade: 12, section: 'A' });
    const desc = await school.get(`schools/${kit.world.school.id}/branches?order=desc&perPage=2`);
    expect(names(desc)).toEqual(['12/B', '12/A']);
    expect(desc.body.total).toBe(6);
  });

  it('searches the label with Turkish folding', async () => {
    const school = await kit.as(kit.world.accounts.school);
    await school.post(`schools/${kit.world.school.id}/branches`, { grade: 11, section: 'Ş', programme: 'Sayısal' });
    expect(names(await school.get(`schools/${kit.world.school.id}/branches?q=${encodeURIComponent('11/s')}`))).toEqual(['11/Ş']);
    expect(names(await school.get(`schools/${kit.world.school.id}/branches?q=SAYISAL`))).toEqual(['11/Ş']);
    expect(names(await school.get(`schools/${kit.world.school.id}/branches?q=12`))).toEqual(['12/A', '12/B']);
  });

  it('a branch manager sees only its own branch', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.get(`schools/${kit.world.school.id}/branches`);
    expect(names(res)).toEqual(['12/A']);
    expect((await branch.get(`branches/${kit.world.siblingBranch.id}`)).status).toBe(404);
    expect((await branch.get(`branches/${kit.world.branch.id}`)).body.item.name).toBe('12/A');
  });

  it('another school’s manager and another studio get 404 without data', async () => {
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool]) {
      const caller = await kit.as(account);
      const list = await caller.get(`schools/${kit.world.school.id}/branches`);
      expect(list.status, account.email).toBe(404);
      expect(list.body.items).toBeUndefined();
      expect((await caller.get(`branches/${kit.world.branch.id}`)).status).toBe(404);
      expect((await caller.get(`schools/${kit.world.school.id}/branches/export?format=csv`)).status).toBe(404);
    }
  });

  it('exports CSV with Turkish headers', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get(`schools/${kit.world.school.id}/branches/export?format=csv`);
    const lines = res.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Şube;Sınıf;Şube harfi;Alan / program;Öğrenci sayısı;Şube yöneticisi',
      '12/A;12;A;;3;Şube Yöneticisi',
      '12/B;12;B;;1;Diğer Şube Yöneticisi',
    ]);
  });
});

describe('POST schools/{id}/branches and range', () => {
  it('creates a branch, upper-casing the section the Turkish way (i → İ)', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post(`schools/${kit.world.school.id}/branches`, { grade: 9, section: 'i', programme: 'Hazırlık' });
    expect(itemOf(res)).toMatchObject({ name: '9/İ', programme: 'Hazırlık', studentCount: 0, managerName: '' });
  });

  it('refuses a duplicate branch with a clear message', async () => {
    const school = await kit.as(kit.world.accounts.school);
    await expectRefused(branchCount, () => school.post(`schools/${kit.world.school.id}/branches`, { grade: 12, section: 'a' }), 'section', t.duplicate, 409);
  });

  it.each([
    [{ section: 'A' }, 'grade', tr.validation.required],
    [{ grade: 13, section: 'A' }, 'grade', tr.validation.maxNumber(12)],
    [{ grade: 12, section: '' }, 'section', tr.validation.required],
    [{ grade: 12, section: 'A/B' }, 'section', tr.organisation.validation.section],
    [{ grade: 12, section: 'ABCDEF' }, 'section', tr.validation.maxLength(5)],
  ])('answers 400 for %j and writes nothing', async (input, field, message) => {
    const school = await kit.as(kit.world.accounts.school);
    await expectRefused(branchCount, () => school.post(`schools/${kit.world.school.id}/branches`, input), field, message);
  });

  it('creates a range A–F in Turkish letters, skipping those that exist', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.post(`schools/${kit.world.school.id}/branches/range`, { grade: 12, from: 'A', to: 'F' });
    expect(res.status).toBe(200);
    expect(res.body.created.map((b: { name: string }) => b.name)).toEqual(['12/C', '12/Ç', '12/D', '12/E', '12/F']);
    expect(res.body.skipped).toEqual(['12/A', '12/B']);
    const list = await school.get(`schools/${kit.world.school.id}/branches`);
    expect(names(list)).toEqual(['12/A', '12/B', '12/C', '12/Ç', '12/D', '12/E', '12/F']);
  });

  it('refuses a backwards range or non-letters', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const before = await branchCount();
    const back = await school.post(`schools/${kit.world.school.id}/branches/range`, { grade: 11, from: 'F', to: 'A' });
    expect(back.status).toBe(400);
    expect(back.body.errors.to).toBe(tr.organisation.validation.range);
    const digits = await school.post(`schools/${kit.world.school.id}/branches/range`, { grade: 11, from: '1', to: '3' });
    expect(digits.body.errors.from).toBe(tr.organisation.validation.rangeLetters);
    expect(await branchCount()).toBe(before);
  });

  it('writers only: a branch manager gets 403, another school or studio 404', async () => {
    const before = await branchCount();
    const path = `schools/${kit.world.school.id}/branches`;
    expect((await (await kit.as(kit.world.accounts.branch)).post(path, { grade: 9, section: 'A' })).status).toBe(403);
    expect((await (await kit.as(kit.world.accounts.branch)).post(`${path}/range`, { grade: 9, from: 'A', to: 'B' })).status).toBe(403);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const caller = await kit.as(account);
      expect((await caller.post(path, { grade: 9, section: 'A' })).status).toBe(404);
      expect((await caller.post(`${path}/range`, { grade: 9, from: 'A', to: 'B' })).status).toBe(404);
    }
    expect(await branchCount()).toBe(before);
  });
});

describe('PUT and DELETE branches/{id}', () => {
  it('edits a branch and audits the change', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.put(`branches/${kit.world.siblingBranch.id}`, {
      grade: 11,
      section: 'ı',
      programme: 'Eşit Ağırlık',
      version: await kit.versionOf(branches, kit.world.siblingBranch.id),
    });
    expect(res.status).toBe(200);
    expect(res.body.item.name).toBe('11/I');
    const audit = await school.get(`audit?entity=branch&entityId=${kit.world.siblingBranch.id}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'update', userName: 'Okul Yöneticisi' });
    expect(audit.body.items[0].changes.grade).toEqual([12, 11]);
  });

  it('refuses to rename onto an existing branch', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.put(`branches/${kit.world.siblingBranch.id}`, {
      grade: 12,
      section: 'A',
      version: await kit.versionOf(branches, kit.world.siblingBranch.id),
    });
    expect(res.status).toBe(409);
  });

  it('does not delete a branch with students; deletes an empty one with its managers', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const full = await school.del(`branches/${kit.world.branch.id}`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(t.hasStudents(3));
    const created = await school.post(`schools/${kit.world.school.id}/branches`, { grade: 9, section: 'A' });
    const id = created.body.item.id;
    await school.post(`branches/${id}/managers`, { name: 'Geçici', email: 'gecici@test.test' });
    expect((await school.del(`branches/${id}`)).status).toBe(200);
    expect(await kit.database.db.select().from(branches).where(eq(branches.id, id))).toEqual([]);
  });

  it('deletes an empty branch with its event albums, their photos and the photos’ files', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const id = (await school.post(`schools/${kit.world.school.id}/branches`, { grade: 9, section: 'C' })).body.item.id as number;
    const album = await insertAlbum(kit.database.db, { studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: id });
    const photo = await insertAlbumPhoto(kit.database.db, kit.app.storage.photos, album, await jpeg());
    expect((await school.del(`branches/${id}`)).status).toBe(200);
    expect(await countWhere(kit.database.db, albums, eq(albums.id, album.id))).toBe(0);
    expect(await countWhere(kit.database.db, albumPhotos, eq(albumPhotos.id, photo.id))).toBe(0);
    expect(await kit.app.storage.photos.stat(fileKey(photo.storageKey, 'display'))).toBeNull();
  });

  it('scope: branch manager 403; other school and other studio 404; nothing changes', async () => {
    const id = kit.world.siblingBranch.id;
    const branch = await kit.as(kit.world.accounts.branch);
    expect(
      (await branch.put(`branches/${kit.world.branch.id}`, { grade: 9, section: 'Z', version: await kit.versionOf(branches, kit.world.branch.id) })).status,
    ).toBe(403);
    expect((await branch.del(`branches/${kit.world.branch.id}`)).status).toBe(403);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool]) {
      const caller = await kit.as(account);
      expect((await caller.put(`branches/${id}`, { grade: 9, section: 'Z', version: await kit.versionOf(branches, id) })).status).toBe(404);
      expect((await caller.del(`branches/${id}`)).status).toBe(404);
    }
    const [row] = await kit.database.db.select().from(branches).where(eq(branches.id, id));
    expect(row).toMatchObject({ grade: 12, section: 'B' });
  });
});

describe('GET audit', () => {
  it('a school manager sees only its school’s entries; a branch manager none (403)', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post(`schools/${kit.world.otherSchool.id}/branches`, { grade: 9, section: 'A' });
    await panel.post(`schools/${kit.world.school.id}/branches`, { grade: 9, section: 'B' });
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.get('audit?entity=branch');
    expect(res.body.total).toBe(1);
    expect(res.body.items[0].changes.section).toEqual([null, 'B']);
    expect((await panel.get('audit?entity=branch')).body.total).toBe(2);
    expect((await (await kit.as(kit.world.accounts.foreignPanel)).get('audit')).body.total).toBe(0);
    expect((await (await kit.as(kit.world.accounts.branch)).get('audit')).status).toBe(403);
  });
});
