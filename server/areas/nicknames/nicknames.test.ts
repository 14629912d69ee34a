import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { auditLog, nicknames, students } from '../../db/schema';
import { countWhere, single } from '../../db/rows';
import { useApiTestKit } from '../../test/api';
import type { StudentIndex } from '../../test/fixtures';

const kit = useApiTestKit();
const s = (i: StudentIndex) => kit.world.students[i].id;
const nicknameOf = async (i: StudentIndex) =>
  single(
    await kit.database.db
      .select({ n: students.nickname })
      .from(students)
      .where(eq(students.id, s(i))),
  ).n;
const rowCount = async () => countWhere(kit.database.db, nicknames, undefined);

async function suggest(from: StudentIndex, to: StudentIndex, text: string) {
  const res = await (await kit.as(kit.world.accounts.panel)).post('nicknames', { fromStudentId: s(from), toStudentId: s(to), text });
  expect(res.status, res.raw).toBe(200);
  return res.body.item.id as number;
}

describe('nicknames', () => {
  it('creates a pending suggestion and lists it with names, filtered and searched', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.post('nicknames', { fromStudentId: s(0), toStudentId: s(1), text: 'Çılgın <i>Ömer</i>' });
    expect(res.body.item).toMatchObject({ status: 'pending', fromName: 'Şule Işık', toName: 'Ömer Çelik', text: 'Çılgın <i>Ömer</i>', branchName: '12/A' });
    await suggest(2, 0, 'Kuşçu');
    const list = await branch.get('nicknames?q=cilgin');
    expect(list.body.items.map((n: any) => n.text)).toEqual(['Çılgın <i>Ömer</i>']);
    expect((await branch.get(`nicknames?toStudentId=${s(0)}`)).body.total).toBe(1);
    expect((await branch.get(`nicknames?status=approved`)).body.total).toBe(0);
    expect((await branch.get(`nicknames?branchId=${kit.world.branch.id}`)).body.total).toBe(2);
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'nickname'))).toHaveLength(2);
  });

  it('refuses empty, too long, from = to, other branches, unknown and foreign students; writes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const cases: Array<[unknown, number]> = [
      [{ fromStudentId: s(0), toStudentId: s(1), text: '' }, 400],
      [{ fromStudentId: s(0), toStudentId: s(1), text: 'x'.repeat(NICKNAME_MAX + 1) }, 400],
      [{ fromStudentId: s(0), toStudentId: s(0), text: 'Ben' }, 400],
      [{ fromStudentId: s(0), toStudentId: s(3), text: 'Komşu' }, 400],
      [{ fromStudentId: s(0), toStudentId: s(4), text: 'Uzak' }, 404],
      [{ fromStudentId: s(5), toStudentId: s(0), text: 'Yabancı' }, 404],
      [{ fromStudentId: s(0), toStudentId: 424242, text: 'Yok' }, 404],
    ];
    for (const [body, status] of cases) expect((await school.post('nicknames', body)).status, JSON.stringify(body)).toBe(status);
    expect((await school.post('nicknames', { fromStudentId: s(0), toStudentId: s(0), text: 'Ben' })).body.errors.toStudentId).toBe(
      tr.messages.sameStudentNickname,
    );
    expect((await school.post('nicknames', { fromStudentId: s(0), toStudentId: s(1), text: 'x'.repeat(41) })).body.errors.text).toBe(
      tr.validation.maxLength(NICKNAME_MAX),
    );
    expect(await rowCount()).toBe(0);
  });

  it("approving one sets the student's nickname; the others for that student stay as they are", async () => {
    const a = await suggest(0, 1, 'Kaptan');
    const b = await suggest(2, 1, 'Profesör');
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.put(`nicknames/${a}`, { status: 'approved', version: await kit.versionOf(nicknames, a) });
    expect(res.body.item.status).toBe('approved');
    expect(await nicknameOf(1)).toBe('Kaptan');
    const other = single(await kit.database.db.select().from(nicknames).where(eq(nicknames.id, b)));
    expect(other.status).toBe('pending');
    await school.put(`nicknames/${b}`, { status: 'approved', version: await kit.versionOf(nicknames, b) });
    expect(await nicknameOf(1)).toBe('Profesör');
    const undone = await school.post('nicknames/undo', {
      token: (await school.put(`nicknames/${b}`, { status: 'rejected', note: 'Kaba', version: await kit.versionOf(nicknames, b) })).body.undoToken,
    });
    expect(undone.body.count).toBe(1);
    expect(await nicknameOf(1)).toBe('Profesör');
    await school.put(`nicknames/${b}`, { text: 'Doçent', version: await kit.versionOf(nicknames, b) });
    expect(await nicknameOf(1)).toBe('Doçent');
    await school.del(`nicknames/${b}`);
    expect(await nicknameOf(1)).toBe('Kaptan');
  });

  it('bulk approves all that match and undoes it, restoring nicknames', async () => {
    await suggest(0, 1, 'Bir');
    await suggest(1, 2, 'İki');
    await suggest(2, 0, 'Üç');
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.post('nicknames/moderate', { action: 'approve', match: { status: 'pending' } });
    expect(res.body.count).toBe(3);
    expect([await nicknameOf(0), await nicknameOf(1), await nicknameOf(2)]).toEqual(['Üç', 'Bir', 'İki']);
    await branch.post('nicknames/undo', { token: res.body.undoToken });
    expect([await nicknameOf(0), await nicknameOf(1), await nicknameOf(2)]).toEqual(['', '', '']);
    const rejected = await branch.post('nicknames/moderate', { action: 'reject', note: 'Hayır', ids: [1, 2] });
    expect(rejected.body.count).toBe(2);
    expect((await branch.get('nicknames?status=rejected')).body.items.every((n: any) => n.note === 'Hayır')).toBe(true);
  });

  it('keeps every call to the scope: 404 with no data, nothing changed', async () => {
    const id = await suggest(0, 1, 'Gizli');
    for (const name of ['siblingBranch', 'otherSchool', 'foreignPanel', 'foreignSchool'] as const) {
      const caller = await kit.as(kit.world.accounts[name]);
      const list = await caller.get('nicknames');
      expect(list.body.total, name).toBe(0);
      expect((await caller.put(`nicknames/${id}`, { status: 'approved', version: await kit.versionOf(nicknames, id) })).status).toBe(404);
      expect((await caller.del(`nicknames/${id}`)).status).toBe(404);
      expect((await caller.post('nicknames/moderate', { action: 'approve', ids: [id] })).status).toBe(404);
    }
    expect((await (await kit.as(kit.world.accounts.otherSchool)).get(`nicknames?schoolId=${kit.world.school.id}`)).status).toBe(404);
    expect((await (await kit.as(kit.world.accounts.foreignPanel)).get(`nicknames?branchId=${kit.world.branch.id}`)).status).toBe(404);
    const row = single(await kit.database.db.select().from(nicknames));
    expect(row.status).toBe('pending');
    expect(await nicknameOf(1)).toBe('');
    const school = await kit.as(kit.world.accounts.school);
    for (const body of [{ status: 'evet' }, { text: '' }, { text: 'x'.repeat(41) }, { foo: 1 }]) {
      expect((await school.put(`nicknames/${id}`, { ...body, version: await kit.versionOf(nicknames, id) })).status).toBe(400);
    }
    expect((await school.put('nicknames/99999', { status: 'approved', version: 1 })).status).toBe(404);
  });
});
