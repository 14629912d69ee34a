import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { sessions, users } from '../../db/schema';
import { countWhere, single } from '../../db/rows';
import { itemOf, expectRefused, useApiTestKit, type Caller } from '../../test/api';
import { PASSWORD } from '../../test/fixtures';

const kit = useApiTestKit();
const t = tr.organisation.manager;
const userCount = async () => countWhere(kit.database.db, users, undefined);

/** An edit of the manager `id` as `caller` sends it, at the manager's current version. */
async function editManager(caller: Caller, kind: 'school' | 'branch', id: number, body: Record<string, unknown>) {
  return caller.put(`${kind}-managers/${id}`, { ...body, version: await kit.versionOf(users, id) });
}

/** The panel's edit of the school's manager: as it is (active) but for `change`. */
const editSchoolManager = (panel: Caller, change: Record<string, unknown>) =>
  editManager(panel, 'school', kit.world.accounts.school.id, { name: 'Okul Yöneticisi', email: 'okul@test.test', active: true, ...change });

describe('school managers', () => {
  it('lists the school’s managers for the panel', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get(`schools/${kit.world.school.id}/managers`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({ name: 'Okul Yöneticisi', email: 'okul@test.test', active: true, schoolId: kit.world.school.id, branchId: null }),
    ]);
    expect(res.body.items[0].passwordHash).toBeUndefined();
    expect(res.body.items[0].password).toBeUndefined();
  });

  it('creates a manager with a generated password shown once, who can then sign in', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post(`schools/${kit.world.school.id}/managers`, { name: 'Şule Işık', email: 'Sule@Okul.Test', phone: '0532 111 22 33' });
    expect(itemOf(res)).toMatchObject({ name: 'Şule Işık', email: 'sule@okul.test', active: true, lastLoginAt: null });
    expect(res.body.generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const login = await kit.call('POST', '/api/school/login', { email: 'sule@okul.test', password: res.body.generatedPassword });
    expect(login.status).toBe(200);
    const list = await panel.get(`schools/${kit.world.school.id}/managers?q=SULE`);
    expect(list.body.items.map((m: { name: string }) => m.name)).toEqual(['Şule Işık']);
    expect(JSON.stringify(list.body)).not.toContain(res.body.generatedPassword);
  });

  it('takes a chosen password and answers no generated one', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post(`schools/${kit.world.school.id}/managers`, { name: 'Ömer', email: 'omer@test.test', password: 'Secilmis123' });
    expect(res.body.generatedPassword).toBeUndefined();
    expect((await kit.call('POST', '/api/school/login', { email: 'omer@test.test', password: 'Secilmis123' })).status).toBe(200);
  });

  it('refuses an e-mail used by any account (any studio, any level) with a clear message', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = await userCount();
    for (const email of ['rakip@test.test', 'SUBE@test.test']) {
      const res = await panel.post(`schools/${kit.world.school.id}/managers`, { name: 'Kopya', email });
      expect(res.status).toBe(409);
      expect(res.body.errors.email).toBe(t.emailTaken);
    }
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'a@b.test' }, 'name', tr.validation.required],
    [{ name: 'A', email: 'nope' }, 'email', tr.validation.email],
    [{ name: 'A', email: 'a@b.test', password: 'kisa' }, 'password', tr.validation.minLength(8)],
    [{ name: 'x'.repeat(121), email: 'a@b.test' }, 'name', tr.validation.maxLength(120)],
  ])('answers 400 with field errors for %j and writes nothing', async (input, field, message) => {
    const panel = await kit.as(kit.world.accounts.panel);
    await expectRefused(userCount, () => panel.post(`schools/${kit.world.school.id}/managers`, input), field, message);
  });

  it('deactivating ends the manager’s sessions at once; activating lets them sign in again', async () => {
    const manager = await kit.as(kit.world.accounts.school);
    expect((await manager.get('user')).status).toBe(200);
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await editSchoolManager(panel, { active: false });
    expect(res.status).toBe(200);
    expect(res.body.item.active).toBe(false);
    expect((await manager.get('user')).status).toBe(401);
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD })).status).toBe(400);
    await editSchoolManager(panel, { active: true });
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD })).status).toBe(200);
  });

  it('resetting the password answers a new one once and ends sessions', async () => {
    const manager = await kit.as(kit.world.accounts.school);
    const panel = await kit.as(kit.world.accounts.panel);
    const id = kit.world.accounts.school.id;
    const res = await editSchoolManager(panel, { resetPassword: true });
    expect(res.body.generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await manager.get('user')).status).toBe(401);
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD })).status).toBe(400);
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: res.body.generatedPassword })).status).toBe(200);
    const audit = await panel.get(`audit?entity=schoolManager&entityId=${id}`);
    expect(audit.body.items[0].action).toBe('resetPassword');
    expect(JSON.stringify(audit.body)).not.toContain(res.body.generatedPassword);
  });

  it('edits name and e-mail; refuses an e-mail of another account', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const ok = await editSchoolManager(panel, { name: 'Yeni Ad', email: 'yeni@test.test' });
    expect(ok.body.item).toMatchObject({ name: 'Yeni Ad', email: 'yeni@test.test' });
    const taken = await editSchoolManager(panel, { name: 'Yeni Ad', email: 'panel@test.test' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toBe(t.emailTaken);
  });

  it('deletes a manager and their sessions end', async () => {
    const manager = await kit.as(kit.world.accounts.school);
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.del(`school-managers/${kit.world.accounts.school.id}`);
    expect(res.status).toBe(200);
    expect((await manager.get('user')).status).toBe(401);
    expect(await kit.database.db.select().from(sessions).where(eq(sessions.userId, kit.world.accounts.school.id))).toEqual([]);
    const audit = await panel.get(`audit?entity=schoolManager&entityId=${kit.world.accounts.school.id}`);
    expect(audit.body.items[0].action).toBe('delete');
  });

  it('scope: only the studio’s panel; others get 403 or 404 and nothing changes', async () => {
    const schoolId = kit.world.school.id;
    const managerId = kit.world.accounts.school.id;
    const update = { name: 'Hack', email: 'hack@test.test', active: false };
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.get(`schools/${schoolId}/managers`)).status).toBe(404);
    expect((await foreign.post(`schools/${schoolId}/managers`, { name: 'X', email: 'x@test.test' })).status).toBe(404);
    expect((await editManager(foreign, 'school', managerId, update)).status).toBe(404);
    expect((await foreign.del(`school-managers/${managerId}`)).status).toBe(404);
    for (const account of [kit.world.accounts.school, kit.world.accounts.otherSchool, kit.world.accounts.branch]) {
      const caller = await kit.as(account);
      const list = await caller.get(`schools/${schoolId}/managers`);
      expect(list.status).toBe(403);
      expect(list.body.items).toBeUndefined();
      expect((await editManager(caller, 'school', managerId, update)).status).toBe(403);
      expect((await caller.del(`school-managers/${managerId}`)).status).toBe(403);
    }
    // A branch manager's id is not a school manager's id.
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await editManager(panel, 'school', kit.world.accounts.branch.id, update)).status).toBe(404);
    const [row] = await kit.database.db.select().from(users).where(eq(users.id, managerId));
    expect(row).toMatchObject({ name: 'Okul Yöneticisi', active: true });
  });

  it('exports the managers as CSV', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get(`schools/${kit.world.school.id}/managers/export?format=csv`);
    expect(res.status).toBe(200);
    const lines = res.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Ad soyad;E-posta;Telefon;Durum;Son giriş');
    expect(lines[1]).toBe('Okul Yöneticisi;okul@test.test;;Aktif;');
  });
});

describe('branch managers', () => {
  const create = { name: 'Ilgaz Öğretmen', email: 'ilgaz@test.test' };

  it('the school’s manager lists, creates, edits and deletes its branches’ managers', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const list = await school.get(`branches/${kit.world.branch.id}/managers`);
    expect(list.body.items.map((m: { email: string }) => m.email)).toEqual(['sube@test.test']);
    const created = await school.post(`branches/${kit.world.siblingBranch.id}/managers`, create);
    expect(itemOf(created)).toMatchObject({ branchId: kit.world.siblingBranch.id, schoolId: kit.world.school.id });
    const login = await kit.call('POST', '/api/branch/login', { email: 'ilgaz@test.test', password: created.body.generatedPassword });
    expect(login.status).toBe(200);
    const id = created.body.item.id;
    const edited = await editManager(school, 'branch', id, { ...create, phone: '0555 444 33 22', active: true });
    expect(edited.body.item.phone).toBe('0555 444 33 22');
    expect((await school.del(`branch-managers/${id}`)).status).toBe(200);
    const audit = await school.get(`audit?entity=branchManager&entityId=${id}`);
    expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['delete', 'update', 'create']);
  });

  it('a branch manager reads its own branch’s list read-only; nothing of a sibling branch', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get(`branches/${kit.world.branch.id}/managers`)).status).toBe(200);
    expect((await branch.get(`branches/${kit.world.siblingBranch.id}/managers`)).status).toBe(404);
    expect((await branch.post(`branches/${kit.world.branch.id}/managers`, create)).status).toBe(403);
    expect((await editManager(branch, 'branch', kit.world.accounts.siblingBranch.id, { ...create, active: true })).status).toBe(403);
    expect((await branch.del(`branch-managers/${kit.world.accounts.branch.id}`)).status).toBe(403);
  });

  it('another school’s manager and another studio get 404 and nothing changes', async () => {
    const before = await userCount();
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const caller = await kit.as(account);
      const list = await caller.get(`branches/${kit.world.branch.id}/managers`);
      expect(list.status).toBe(404);
      expect(list.body.items).toBeUndefined();
      expect((await caller.get(`branches/${kit.world.branch.id}/managers/export?format=csv`)).status).toBe(404);
      expect((await caller.post(`branches/${kit.world.branch.id}/managers`, create)).status).toBe(404);
      expect((await editManager(caller, 'branch', kit.world.accounts.branch.id, { ...create, active: false })).status).toBe(404);
      expect((await caller.del(`branch-managers/${kit.world.accounts.branch.id}`)).status).toBe(404);
    }
    expect((await (await kit.as(kit.world.accounts.foreignSchool)).get(`branches/${kit.world.branch.id}/managers`)).status).toBe(404);
    expect(await userCount()).toBe(before);
    const row = single(await kit.database.db.select().from(users).where(eq(users.id, kit.world.accounts.branch.id)));
    expect(row.active).toBe(true);
  });

  it('a school manager cannot reach a school manager through branch-managers/{id}', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.del(`branch-managers/${kit.world.accounts.otherSchool.id}`)).status).toBe(404);
  });
});
