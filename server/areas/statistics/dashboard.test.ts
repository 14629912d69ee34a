import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInTurkey } from '../../../common/dates';
import { messages, nicknames, photos, schools, students } from '../../db/schema';
import { studentRow } from '../students/writes';
import { useApiTestKit } from '../../test/api';
import { dashboardFor, STUDENTS_SHOWN } from './dashboard';

const kit = useApiTestKit();
const DAY = 86_400_000;
const dayOf = (time: number) => todayInTurkey(new Date(time));

/** A classmate's message row from one student of the world to another (its time `daysAgo`, else the database's now). */
function messageRow(
  from: Student,
  to: Student,
  status: 'pending' | 'approved' | 'rejected',
  daysAgo?: number,
  schoolId = kit.world.school.id,
  studioId = kit.world.studio.id,
) {
  return {
    studioId,
    kind: 'student' as const,
    schoolId,
    branchId: from.branchId,
    fromStudentId: from.id,
    toStudentId: to.id,
    authorName: 'x',
    body: 'Mesaj',
    status,
    ...(daysAgo === undefined ? {} : { createdAt: new Date(Date.now() - daysAgo * DAY) }),
  };
}
type Student = (typeof kit.world.students)[number];

/** A photo row of one student of the world (a portrait unless said). */
function photoRow(s: Student, schoolId: number, isPortrait = true, studioId = kit.world.studio.id) {
  return { studioId, schoolId, branchId: s.branchId, studentId: s.id, isPortrait, storageKey: `k${s.id}${isPortrait}`, width: 10, height: 10, bytes: 10 };
}

/** Messages, photos, nicknames and deadlines in the first school; a little in the others. */
async function seedActivity() {
  const db = kit.database.db;
  const w = kit.world;
  const [s1, s2, s3, s4, s5, sx] = w.students; // s1–s3 branch, s4 sibling branch, s5 other school, sx other studio
  await db.insert(messages).values([
    messageRow(s1, s2, 'approved', 0),
    messageRow(s1, s3, 'approved', 0),
    messageRow(s2, s1, 'approved', 2),
    messageRow(s3, s1, 'pending', 2),
    messageRow(s4, s1, 'approved', 5),
    messageRow(s4, s2, 'rejected', 40), // outside the 30 days
    messageRow(s5, s5, 'approved', 1, w.otherSchool.id),
    messageRow(sx, sx, 'approved', 0, w.foreignSchool.id, w.otherStudio.id),
  ]);
  await db
    .insert(photos)
    .values([photoRow(s1, w.school.id), photoRow(s1, w.school.id, false), photoRow(s3, w.school.id, false), photoRow(s5, w.otherSchool.id)]);
  await db
    .insert(nicknames)
    .values({ studioId: w.studio.id, schoolId: w.school.id, branchId: w.branch.id, fromStudentId: s1.id, toStudentId: s2.id, text: 'Kartal' });
  const inTen = dayOf(Date.now() + 10 * DAY);
  await db.update(schools).set({ messageDeadline: inTen }).where(eq(schools.id, w.school.id));
  return { inTen };
}

describe('GET statistics (Home dashboard)', () => {
  it('level panel: counts, progress per school, deadlines and messages per day of its studio', async () => {
    const { inTen } = await seedActivity();
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get('statistics');
    expect(res.status).toBe(200);
    const { statistics: s, dashboard: d } = res.body;
    expect(s).toMatchObject({
      schools: 2,
      branches: 3,
      students: 5,
      studentsWithPhoto: 2,
      messages: { pending: 1, approved: 5, rejected: 1 },
      nicknames: { pending: 1 },
    });
    expect(d.progressBy).toBe('school');
    expect(d.progress).toEqual([
      { id: kit.world.school.id, name: 'Işıklar Anadolu Lisesi', students: 4, wrote: 3, received: 3, withPhoto: 1, pendingMessages: 1 },
      { id: kit.world.otherSchool.id, name: 'Şehit Öğretmen Lisesi', students: 1, wrote: 1, received: 1, withPhoto: 1, pendingMessages: 0 },
    ]);
    expect(d.deadlines).toEqual([
      { schoolId: kit.world.school.id, name: 'Işıklar Anadolu Lisesi', deadline: inTen, daysLeft: 10 },
      { schoolId: kit.world.otherSchool.id, name: 'Şehit Öğretmen Lisesi', deadline: null, daysLeft: null },
    ]);
    expect(d.messagesPerDay).toHaveLength(30);
    expect(d.messagesPerDay.at(-1)).toEqual({ date: dayOf(Date.now()), count: 2 });
    const total = d.messagesPerDay.reduce((sum: number, x: { count: number }) => sum + x.count, 0);
    expect(total).toBe(6); // the 40-day-old one and the other studio's are left out
  });

  it('level school: progress per branch of its own school only', async () => {
    await seedActivity();
    const school = await kit.as(kit.world.accounts.school);
    const { dashboard: d, statistics: s } = (await school.get('statistics')).body;
    expect(s.students).toBe(4);
    expect(d.progressBy).toBe('branch');
    expect(d.progress).toEqual([
      { id: kit.world.branch.id, name: '12/A', students: 3, wrote: 2, received: 3, withPhoto: 1, pendingMessages: 1 },
      { id: kit.world.siblingBranch.id, name: '12/B', students: 1, wrote: 1, received: 0, withPhoto: 0, pendingMessages: 0 },
    ]);
    expect(d.deadlines.map((x: { schoolId: number }) => x.schoolId)).toEqual([kit.world.school.id]);
    expect(d.messagesPerDay.reduce((sum: number, x: { count: number }) => sum + x.count, 0)).toBe(5);
  });

  it('level branch: its own branch only', async () => {
    await seedActivity();
    const branch = await kit.as(kit.world.accounts.branch);
    const { dashboard: d, statistics: s } = (await branch.get('statistics')).body;
    expect(s).toMatchObject({ students: 3, messages: { pending: 1, approved: 3, rejected: 0 } });
    expect(d.progress).toEqual([{ id: kit.world.branch.id, name: '12/A', students: 3, wrote: 2, received: 3, withPhoto: 1, pendingMessages: 1 }]);
    const sibling = await kit.as(kit.world.accounts.siblingBranch);
    expect((await sibling.get('statistics')).body.dashboard.progress).toEqual([
      { id: kit.world.siblingBranch.id, name: '12/B', students: 1, wrote: 1, received: 0, withPhoto: 0, pendingMessages: 0 },
    ]);
  });

  it('another studio sees none of it', async () => {
    await seedActivity();
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const { dashboard: d } = (await foreign.get('statistics')).body;
    expect(d.progress.map((p: { name: string }) => p.name)).toEqual(['Rakip Okul']);
    expect(d.messagesPerDay.reduce((sum: number, x: { count: number }) => sum + x.count, 0)).toBe(1);
  });

  it('counts days to a deadline from the given day', async () => {
    await kit.database.db.update(schools).set({ messageDeadline: '2026-05-15' }).where(eq(schools.id, kit.world.school.id));
    const caller = { userId: 1, sessionId: 1, studioId: kit.world.studio.id, level: 'panel' as const, schoolId: null, branchId: null, name: '', email: '' };
    const d = await dashboardFor(kit.database.db, caller, new Date('2026-05-20T10:00:00Z'));
    expect(d.deadlines[0]).toMatchObject({ deadline: '2026-05-15', daysLeft: -5 });
    expect(d.messagesPerDay[0]?.date).toBe('2026-04-21');
    expect(d.messagesPerDay[29]?.date).toBe('2026-05-20');
  });

  it("counts by Türkiye's day: at 22:30 UTC it is already tomorrow there", async () => {
    const db = kit.database.db;
    await db.update(schools).set({ messageDeadline: '2026-05-20' }).where(eq(schools.id, kit.world.school.id));
    const [from, to] = kit.world.students;
    // 22:10 UTC on the 19th is 01:10 on the 20th in Türkiye.
    await db.insert(messages).values({
      studioId: kit.world.studio.id,
      kind: 'student',
      schoolId: kit.world.school.id,
      branchId: from.branchId,
      fromStudentId: from.id,
      toStudentId: to.id,
      authorName: 'x',
      body: 'Gece yarısından sonra',
      status: 'approved',
      createdAt: new Date('2026-05-19T22:10:00Z'),
    });
    const caller = { userId: 1, sessionId: 1, studioId: kit.world.studio.id, level: 'panel' as const, schoolId: null, branchId: null, name: '', email: '' };
    const d = await dashboardFor(db, caller, new Date('2026-05-19T22:30:00Z'));
    expect(d.deadlines[0]).toMatchObject({ deadline: '2026-05-20', daysLeft: 0 });
    expect(d.messagesPerDay.at(-1)).toEqual({ date: '2026-05-20', count: 1 });
  });

  describe('students still to chase', () => {
    /** s1 has a portrait and an approved message; s2 a picture that is no portrait; s3 only a rejected message; s4 a pending one. */
    async function seedChase() {
      const db = kit.database.db;
      const w = kit.world;
      const [s1, s2, s3, s4, s5, sx] = w.students;

      await db.insert(photos).values([photoRow(s1, w.school.id, true), photoRow(s2, w.school.id, false)]);

      await db
        .insert(messages)
        .values([
          messageRow(s1, s2, 'approved'),
          messageRow(s3, s1, 'rejected'),
          messageRow(s4, s1, 'pending'),
          messageRow(sx, sx, 'approved', undefined, w.foreignSchool.id, w.otherStudio.id),
        ]);
      return { s1, s2, s3, s4, s5, sx };
    }
    const ids = (list: { items: Array<{ id: number }> }) => list.items.map((x) => x.id);

    it('level panel: every school of the studio, named with class and school for the link', async () => {
      const { s2, s3, s4, s5 } = await seedChase();
      const { dashboard: d } = (await (await kit.as(kit.world.accounts.panel)).get('statistics')).body;
      // School order (Işıklar before Şehit Öğretmen), then class, then name in Turkish order (İpek before Ömer).
      expect(d.withoutPhoto.total).toBe(4);
      expect(ids(d.withoutPhoto)).toEqual([s3.id, s2.id, s4.id, s5.id]);
      expect(d.withoutPhoto.items[0]).toEqual({
        id: s3.id,
        name: 'İpek Ünal',
        schoolNumber: '103',
        branchId: kit.world.branch.id,
        branchName: '12/A',
        schoolName: 'Işıklar Anadolu Lisesi',
      });
      // A rejected message is no message; a waiting one is.
      expect(d.wroteNothing.total).toBe(3);
      expect(ids(d.wroteNothing)).toEqual([s3.id, s2.id, s5.id]);
    });

    it('level school and branch: their own school and branch only; another school sees its own', async () => {
      const { s2, s3, s4, s5 } = await seedChase();
      const school = (await (await kit.as(kit.world.accounts.school)).get('statistics')).body.dashboard;
      expect(ids(school.withoutPhoto)).toEqual([s3.id, s2.id, s4.id]);
      expect(ids(school.wroteNothing)).toEqual([s3.id, s2.id]);
      const branch = (await (await kit.as(kit.world.accounts.branch)).get('statistics')).body.dashboard;
      expect(ids(branch.withoutPhoto)).toEqual([s3.id, s2.id]);
      expect(branch.wroteNothing.total).toBe(2);
      const sibling = (await (await kit.as(kit.world.accounts.siblingBranch)).get('statistics')).body.dashboard;
      expect(ids(sibling.withoutPhoto)).toEqual([s4.id]);
      expect(sibling.wroteNothing).toEqual({ total: 0, items: [] });
      const other = (await (await kit.as(kit.world.accounts.otherSchool)).get('statistics')).body.dashboard;
      expect(ids(other.withoutPhoto)).toEqual([s5.id]);
      expect(ids(other.wroteNothing)).toEqual([s5.id]);
    });

    it('another studio sees only its own students', async () => {
      const { sx } = await seedChase();
      const foreign = (await (await kit.as(kit.world.accounts.foreignPanel)).get('statistics')).body.dashboard;
      expect(ids(foreign.withoutPhoto)).toEqual([sx.id]);
      expect(foreign.wroteNothing).toEqual({ total: 0, items: [] });
    });

    it('shows the first few of a long list and counts them all', async () => {
      const w = kit.world;
      const extra = STUDENTS_SHOWN + 5;
      await kit.database.db.insert(students).values(
        Array.from({ length: extra }, (_, i) =>
          studentRow({
            studioId: w.studio.id,
            schoolId: w.school.id,
            branchId: w.siblingBranch.id,
            schoolNumber: String(500 + i),
            firstName: 'Ek',
            lastName: `Öğrenci ${String(i).padStart(2, '0')}`,
            gender: '',
          }),
        ),
      );
      const { dashboard: d } = (await (await kit.as(w.accounts.school)).get('statistics')).body;
      expect(d.withoutPhoto.total).toBe(4 + extra);
      expect(d.withoutPhoto.items).toHaveLength(STUDENTS_SHOWN);
      expect(d.wroteNothing.total).toBe(4 + extra);
      expect(d.wroteNothing.items).toHaveLength(STUDENTS_SHOWN);
    });
  });

  it('needs a session', async () => {
    expect((await kit.call('GET', '/api/school/statistics')).status).toBe(401);
  });
});
