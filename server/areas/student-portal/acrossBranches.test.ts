import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { schools } from '../../db/schema';
import { useApiTestKit } from '../../test/api';

const kit = useApiTestKit({ MESSAGES_ACROSS_BRANCHES: '1' });

it('with MESSAGES_ACROSS_BRANCHES=1 a student reaches its whole school, never another school', async () => {
  await kit.database.db.update(schools).set({ code: 'ISIK12' }).where(eq(schools.id, kit.world.school.id));
  const panel = await kit.as(kit.world.accounts.panel);
  const [me, sibling, otherSchool] = [kit.world.students[0], kit.world.students[3], kit.world.students[4]];
  const { code } = (await panel.post(`students/${me.id}/access-code`)).body;
  const login = await kit.call('POST', '/api/student/login', { schoolCode: 'ISIK12', schoolNumber: '101', accessCode: code });
  const auth = { authorization: `Bearer ${login.body.token}` };
  const names = (await kit.call('GET', '/api/student/classmates', undefined, auth)).body.items.map(
    (c: { name: string; branchName: string }) => `${c.branchName} ${c.name}`,
  );
  expect(names).toEqual(['12/A İpek Ünal', '12/A Ömer Çelik', '12/B Ilgaz Yılmaz']);
  expect((await kit.call('POST', '/api/student/messages', { toStudentId: sibling.id, body: 'merhaba' }, auth)).status).toBe(200);
  expect((await kit.call('POST', '/api/student/messages', { toStudentId: otherSchool.id, body: 'merhaba' }, auth)).status).toBe(404);
});
