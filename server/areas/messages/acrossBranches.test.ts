import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { itemOf, useApiTestKit } from '../../test/api';
import type { StudentIndex } from '../../test/fixtures';

// With the setting on, staff may pair students of different branches of one school.
const kit = useApiTestKit({ MESSAGES_ACROSS_BRANCHES: '1' });
const s = (i: StudentIndex) => kit.world.students[i].id;

describe('MESSAGES_ACROSS_BRANCHES=1', () => {
  it('accepts students of two branches of one school; the message belongs to the receiver’s branch', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.post('messages', { fromStudentId: s(0), toStudentId: s(3), body: 'Komşu sınıftan selam' });
    expect(itemOf(res)).toMatchObject({ branchId: kit.world.siblingBranch.id, branchName: '12/B', fromName: 'Şule Işık', toName: 'Ilgaz Yılmaz' });
    const nick = await school.post('nicknames', { fromStudentId: s(3), toStudentId: s(0), text: 'Komşu' });
    expect(nick.status).toBe(200);
    expect((await school.get('message-scopes')).body.acrossBranches).toBe(true);
  });

  it('still refuses students of another school, and a branch manager still sees only its branch', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const other = await panel.post('messages', { fromStudentId: s(0), toStudentId: s(4), body: 'x' });
    expect(other.status).toBe(400);
    expect(other.body.errors.toStudentId).toBe(tr.messages.notSameSchool);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post('messages', { fromStudentId: s(0), toStudentId: s(3), body: 'x' })).status).toBe(404);
    expect((await panel.get(`messages/school/${kit.world.school.id}`)).body.total).toBe(0);
  });
});
