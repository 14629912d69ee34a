import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInTurkey } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { auditLog, notificationRecipients, notifications, students } from '../../db/schema';
import { itemOf, useApiTestKit } from '../../test/api';
import { sendDueNotifications } from './writes';

const kit = useApiTestKit();

const day = (offset: number) => todayInTurkey(new Date(Date.now() + offset * 86_400_000));
const draft = (extra: Record<string, unknown> = {}) => ({
  title: 'Mezuniyet töreni',
  body: 'Tören 20 Haziran’da okul bahçesinde.',
  targetType: 'school',
  targetId: kit.world.school.id,
  sendDate: day(3),
  ...extra,
});

async function rowCount() {
  return (await kit.database.db.select().from(notifications)).length;
}

describe('POST notifications', () => {
  it('creates a draft for a school and answers its reach (active students of the school)', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post('notifications', draft());
    expect(itemOf(res)).toMatchObject({
      title: 'Mezuniyet töreni',
      targetType: 'school',
      targetId: kit.world.school.id,
      targetName: 'Işıklar Anadolu Lisesi',
      status: 'draft',
      recipientCount: 4,
      authorName: 'Panel Kullanıcısı',
    });
    const audit = await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'notification'));
    expect(audit).toHaveLength(1);
  });

  it('reaches all students of the studio, or one branch', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const all = await panel.post('notifications', draft({ targetType: 'all', targetId: null }));
    expect(all.body.item).toMatchObject({ targetName: tr.notifications.allStudents, recipientCount: 5 });
    const branch = await panel.post('notifications', draft({ targetType: 'branch', targetId: kit.world.branch.id }));
    expect(branch.body.item).toMatchObject({ targetName: 'Işıklar Anadolu Lisesi · 12/A', recipientCount: 3, schoolId: kit.world.school.id });
  });

  it('refuses a past date, an empty title and a missing target with Turkish messages; nothing is stored', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const past = await panel.post('notifications', draft({ sendDate: day(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.errors.sendDate).toBe(tr.notifications.pastDate);
    const empty = await panel.post('notifications', draft({ title: '   ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title).toBe(tr.validation.required);
    const badDate = await panel.post('notifications', draft({ sendDate: '31/12/2030' }));
    expect(badDate.body.errors.sendDate).toBe(tr.validation.date);
    const noTarget = await panel.post('notifications', draft({ targetId: null }));
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.errors.targetId).toBe(tr.notifications.targetIdRequired);
    const sent = await panel.post('notifications', draft({ status: 'sent' }));
    expect(sent.status).toBe(400);
    expect(await rowCount()).toBe(0);
  });

  it('accepts today as the send date', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.post('notifications', draft({ sendDate: day(0), status: 'scheduled' }));
    expect(res.status).toBe(200);
    expect(res.body.item.status).toBe('scheduled');
  });

  it('keeps school and branch levels inside their scope', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.post('notifications', draft())).status).toBe(200);
    expect((await school.post('notifications', draft({ targetType: 'branch', targetId: kit.world.siblingBranch.id }))).status).toBe(200);
    const all = await school.post('notifications', draft({ targetType: 'all', targetId: null }));
    expect(all.status).toBe(400);
    expect(all.body.errors.targetType).toBe(tr.notifications.targetOutsideScope);
    expect((await school.post('notifications', draft({ targetId: kit.world.otherSchool.id }))).status).toBe(404);
    expect((await school.post('notifications', draft({ targetType: 'branch', targetId: kit.world.otherSchoolBranch.id }))).status).toBe(404);

    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post('notifications', draft({ targetType: 'branch', targetId: kit.world.branch.id }))).status).toBe(200);
    expect((await branch.post('notifications', draft())).status).toBe(400);
    expect((await branch.post('notifications', draft({ targetType: 'branch', targetId: kit.world.siblingBranch.id }))).status).toBe(404);

    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const res = await foreign.post('notifications', draft());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: tr.notFound });
    expect(await rowCount()).toBe(3);
  });
});

describe('GET notifications', () => {
  it('lists each level’s own notifications, paged and filtered by status and target', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post('notifications', draft({ title: 'Okul 1' }));
    await panel.post('notifications', draft({ title: 'Tüm', targetType: 'all', targetId: null, status: 'scheduled' }));
    await panel.post('notifications', draft({ title: 'Okul 2', targetId: kit.world.otherSchool.id }));
    await panel.post('notifications', draft({ title: 'Şube', targetType: 'branch', targetId: kit.world.branch.id, sendDate: day(5) }));

    const all = await panel.get('notifications?perPage=2&sort=sendDate&order=desc');
    expect(all.body.total).toBe(4);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.items[0].title).toBe('Şube');
    expect((await panel.get('notifications?status=scheduled')).body.items.map((i: { title: string }) => i.title)).toEqual(['Tüm']);
    expect((await panel.get('notifications?targetType=branch')).body.total).toBe(1);
    expect((await panel.get(`notifications?schoolId=${kit.world.otherSchool.id}`)).body.total).toBe(1);

    const school = await kit.as(kit.world.accounts.school);
    const schoolList = await school.get('notifications?sort=createdAt');
    expect(schoolList.body.items.map((i: { title: string }) => i.title)).toEqual(['Okul 1', 'Şube']);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get('notifications')).body.items.map((i: { title: string }) => i.title)).toEqual(['Şube']);
    const sibling = await kit.as(kit.world.accounts.siblingBranch);
    expect((await sibling.get('notifications')).body.total).toBe(0);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.get('notifications')).body.total).toBe(0);
  });

  it('searches title and text the Turkish way, within the caller’s scope, and after an edit', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const ceremony = (await panel.post('notifications', draft())).body.item;
    await panel.post('notifications', draft({ title: 'Fotoğraf çekimi', body: 'Okul forması ile geliniz.' }));
    const titles = async (caller: typeof panel, q: string) =>
      (await caller.get(`notifications?q=${encodeURIComponent(q)}`)).body.items.map((n: any) => n.title);
    expect(await titles(panel, 'TÖREN')).toEqual(['Mezuniyet töreni']);
    expect(await titles(panel, 'bahcesinde')).toEqual(['Mezuniyet töreni']);
    expect(await titles(panel, 'FOTOĞRAF ÇEKİMİ')).toEqual(['Fotoğraf çekimi']);
    expect(await titles(panel, '100%_')).toEqual([]);
    await panel.put(`notifications/${ceremony.id}`, {
      ...draft({ title: 'Kep atma', body: 'Tören sonrası bahçede.' }),
      version: await kit.versionOf(notifications, ceremony.id),
    });
    expect(await titles(panel, 'mezuniyet')).toEqual([]);
    expect(await titles(panel, 'kep')).toEqual(['Kep atma']);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect(await titles(foreign, 'kep')).toEqual([]);
    expect((await panel.get(`notifications?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('answers 400 for an unknown filter or sort', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('notifications?status=gone')).status).toBe(400);
    expect((await panel.get('notifications?sort=password')).status).toBe(400);
  });

  it('answers 404 for one outside the caller’s scope', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const created = await panel.post('notifications', draft({ targetId: kit.world.otherSchool.id }));
    const id = created.body.item.id;
    expect((await panel.get(`notifications/${id}`)).status).toBe(200);
    for (const account of [kit.world.accounts.school, kit.world.accounts.branch, kit.world.accounts.foreignPanel]) {
      const caller = await kit.as(account);
      const res = await caller.get(`notifications/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.item).toBeUndefined();
    }
  });
});

describe('PUT and DELETE notifications/{id}', () => {
  it('schedules a draft, cancels it, and plans it again', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const { id } = (await panel.post('notifications', draft())).body.item;
    const scheduled = await panel.put(`notifications/${id}`, {
      ...draft({ status: 'scheduled', title: 'Yeni başlık' }),
      version: await kit.versionOf(notifications, id),
    });
    expect(itemOf(scheduled)).toMatchObject({ status: 'scheduled', title: 'Yeni başlık' });
    const cancelled = await panel.put(`notifications/${id}`, {
      ...draft({ status: 'cancelled', title: 'Yeni başlık' }),
      version: await kit.versionOf(notifications, id),
    });
    expect(cancelled.body.item.status).toBe('cancelled');
    const again = await panel.put(`notifications/${id}`, { ...draft({ status: 'draft' }), version: await kit.versionOf(notifications, id) });
    expect(again.body.item.status).toBe('draft');
  });

  it('refuses to cancel a draft and to move a date into the past', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const { id } = (await panel.post('notifications', draft())).body.item;
    const cancel = await panel.put(`notifications/${id}`, { ...draft({ status: 'cancelled' }), version: await kit.versionOf(notifications, id) });
    expect(cancel.status).toBe(400);
    expect(cancel.body.errors.status).toBe(tr.notifications.onlyScheduledCancel);
    const past = await panel.put(`notifications/${id}`, {
      ...draft({ sendDate: day(-2), title: 'Değişmemeli' }),
      version: await kit.versionOf(notifications, id),
    });
    expect(past.status).toBe(400);
    expect((await panel.get(`notifications/${id}`)).body.item).toMatchObject({ status: 'draft', title: 'Mezuniyet töreni' });
  });

  it('keeps a sent notification read-only', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const { id } = (await panel.post('notifications', draft({ sendDate: day(0), status: 'scheduled' }))).body.item;
    await sendDueNotifications(kit.database.db);
    const put = await panel.put(`notifications/${id}`, { ...draft({ title: 'Değişti' }), version: await kit.versionOf(notifications, id) });
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(tr.notifications.sentReadOnly);
    expect((await panel.del(`notifications/${id}`)).status).toBe(409);
    expect((await panel.get(`notifications/${id}`)).body.item).toMatchObject({ title: 'Mezuniyet töreni', status: 'sent' });
  });

  it('lets another school, branch or studio neither change nor delete it (404, unchanged)', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const { id } = (await school.post('notifications', draft())).body.item;
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.branch]) {
      const caller = await kit.as(account);
      expect((await caller.put(`notifications/${id}`, { ...draft({ title: 'Ele geçirildi' }), version: await kit.versionOf(notifications, id) })).status).toBe(
        404,
      );
      expect((await caller.del(`notifications/${id}`)).status).toBe(404);
    }
    expect((await school.get(`notifications/${id}`)).body.item.title).toBe('Mezuniyet töreni');
    // Moving the target out of the caller's school is refused as well.
    expect(
      (await school.put(`notifications/${id}`, { ...draft({ targetId: kit.world.otherSchool.id }), version: await kit.versionOf(notifications, id) })).status,
    ).toBe(404);
  });

  it('deletes a draft', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const { id } = (await panel.post('notifications', draft())).body.item;
    expect((await panel.del(`notifications/${id}`)).body).toEqual({ success: true });
    expect((await panel.get(`notifications/${id}`)).status).toBe(404);
  });
});

describe('the send job', () => {
  it('sends due scheduled notifications once, records each recipient, and leaves the rest', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const due = (await panel.post('notifications', draft({ sendDate: day(0), status: 'scheduled' }))).body.item.id;
    const later = (await panel.post('notifications', draft({ sendDate: day(2), status: 'scheduled' }))).body.item.id;
    const notPlanned = (await panel.post('notifications', draft({ sendDate: day(0) }))).body.item.id;

    const first = await sendDueNotifications(kit.database.db);
    expect(first).toEqual([{ id: due, recipients: 4 }]);
    // A restart runs the job again: nothing is sent twice.
    expect(await sendDueNotifications(kit.database.db)).toEqual([]);
    const rows = await kit.database.db.select().from(notificationRecipients);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.notificationId))).toEqual(new Set([due]));

    const item = (await panel.get(`notifications/${due}`)).body.item;
    expect(item).toMatchObject({ status: 'sent', recipientCount: 4 });
    expect(item.sentAt).toBeTruthy();
    expect((await panel.get(`notifications/${later}`)).body.item.status).toBe('scheduled');
    expect((await panel.get(`notifications/${notPlanned}`)).body.item.status).toBe('draft');

    // Two days later the other one is due.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    expect(await sendDueNotifications(kit.database.db, inTwoDays)).toEqual([{ id: later, recipients: 4 }]);
  });

  it('sends exactly once when two runs race', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post('notifications', draft({ targetType: 'all', targetId: null, sendDate: day(0), status: 'scheduled' }));
    await panel.post('notifications', draft({ targetType: 'branch', targetId: kit.world.branch.id, sendDate: day(0), status: 'scheduled' }));
    const [a, b] = await Promise.all([sendDueNotifications(kit.database.db), sendDueNotifications(kit.database.db)]);
    expect(a.length + b.length).toBe(2);
    expect((await kit.database.db.select().from(notificationRecipients)).length).toBe(5 + 3);
  });

  it('counts only active students, and the sent count stays when students change later', async () => {
    const db = kit.database.db;
    await db.update(students).set({ status: 'passive' }).where(eq(students.id, kit.world.students[0].id));
    const panel = await kit.as(kit.world.accounts.panel);
    const { id } = (await panel.post('notifications', draft({ sendDate: day(0), status: 'scheduled' }))).body.item;
    await sendDueNotifications(db);
    await db.update(students).set({ status: 'active' }).where(eq(students.id, kit.world.students[0].id));
    expect((await panel.get(`notifications/${id}`)).body.item.recipientCount).toBe(3);
  });
});

describe('POST notifications/{id}/send (Şimdi gönder)', () => {
  it('sends a draft at once, dated today, to its students; a second click is refused and sends nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const { id } = (await school.post('notifications', draft({ sendDate: day(5) }))).body.item;
    const [first, second] = await Promise.all([school.post(`notifications/${id}/send`, {}), school.post(`notifications/${id}/send`, {})]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    expect(answers[0]!.body.item).toMatchObject({ status: 'sent', sendDate: todayInTurkey(), recipientCount: 4 });
    expect(answers[1]!.body.message).toBe(tr.notifications.alreadySent);
    expect(await kit.database.db.select().from(notificationRecipients)).toHaveLength(4);
    // The send job finds nothing more to send.
    expect(await sendDueNotifications(kit.database.db, new Date(Date.now() + 6 * 86_400_000))).toEqual([]);
  });

  it('lets another school, branch or studio not send it (404, still a draft)', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const { id } = (await school.post('notifications', draft())).body.item;
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.branch]) {
      expect((await (await kit.as(account)).post(`notifications/${id}/send`, {})).status).toBe(404);
    }
    expect((await school.post('notifications/abc/send', {})).status).toBe(400);
    expect((await school.get(`notifications/${id}`)).body.item.status).toBe('draft');
    expect(await kit.database.db.select().from(notificationRecipients)).toHaveLength(0);
  });
});

describe('GET notifications/targets', () => {
  it('answers the schools in scope and the branches of the chosen one', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const all = await panel.get('notifications/targets');
    expect(all.body.schools.map((s: { name: string }) => s.name)).toEqual(['Işıklar Anadolu Lisesi', 'Şehit Öğretmen Lisesi']);
    expect(all.body.branches).toEqual([]);
    const one = await panel.get(`notifications/targets?schoolId=${kit.world.school.id}`);
    expect(one.body.branches.map((b: { name: string }) => b.name)).toEqual(['12/A', '12/B']);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('notifications/targets')).body.schools).toHaveLength(1);
    expect((await school.get(`notifications/targets?schoolId=${kit.world.otherSchool.id}`)).status).toBe(404);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get(`notifications/targets?schoolId=${kit.world.school.id}`)).body.branches.map((b: { id: number }) => b.id)).toEqual([
      kit.world.branch.id,
    ]);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.get(`notifications/targets?schoolId=${kit.world.school.id}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('needs a session', async () => {
    expect((await kit.call('GET', '/api/panel/notifications')).status).toBe(401);
  });
});
