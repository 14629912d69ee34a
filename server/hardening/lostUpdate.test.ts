/**
 * Lost updates: every editable record answers its `version`, an edit sends it back, and an edit
 * based on a version someone else has changed since is refused with 409 in Turkish, writing
 * nothing. Two writers of one record at the same moment: one wins, the other gets the 409.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../common/tr';
import { messages, nicknames, students } from '../db/schema';
import { single } from '../db/rows';
import { itemOf, useApiTestKit, type Caller } from '../test/api';

const kit = useApiTestKit();
const stale = { success: false, message: tr.staleRecord, errors: { version: tr.staleRecord } };

const studentFields = (item: Record<string, any>) => ({
  schoolNumber: item.schoolNumber,
  firstName: item.firstName,
  lastName: item.lastName,
  gender: item.gender,
  quote: item.quote,
});

/** A student's message waiting for moderation, written by panel. */
async function pendingMessage(panel: Caller) {
  const [from, to] = kit.world.students;
  return itemOf(await panel.post('messages', { fromStudentId: from.id, toStudentId: to.id, body: 'Harika bir yıldı.' }));
}

describe('two editors of one student', () => {
  it('saves the first edit and refuses the second, based on the old version, with a Turkish 409', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const id = kit.world.students[0].id;
    const read = itemOf(await school.get(`students/${id}`));
    expect(read.version).toEqual(expect.any(Number));
    expect(itemOf(await branch.get(`students/${id}`)).version).toBe(read.version);

    const first = itemOf(await school.put(`students/${id}`, { ...studentFields(read), quote: 'Okul yöneticisinin notu', version: read.version }));
    expect(first.version).toBe(read.version + 1);
    const second = await branch.put(`students/${id}`, { ...studentFields(read), firstName: 'Başka', version: read.version });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(stale);

    const row = single(await kit.database.db.select().from(students).where(eq(students.id, id)));
    expect(row).toMatchObject({ quote: 'Okul yöneticisinin notu', firstName: read.firstName, version: read.version + 1 });
    // Reloaded, the second editor's change goes through.
    const again = await branch.put(`students/${id}`, { ...studentFields(first), firstName: 'Başka', version: first.version });
    expect(itemOf(again)).toMatchObject({ firstName: 'Başka', quote: 'Okul yöneticisinin notu', version: first.version + 1 });
  });

  it('lets exactly one of two simultaneous edits of one version win', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const id = kit.world.students[1].id;
    const read = itemOf(await school.get(`students/${id}`));
    const answers = await Promise.all([
      school.put(`students/${id}`, { ...studentFields(read), quote: 'A', version: read.version }),
      branch.put(`students/${id}`, { ...studentFields(read), quote: 'B', version: read.version }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const row = single(await kit.database.db.select().from(students).where(eq(students.id, id)));
    expect(row.quote).toBe(winner.body.item.quote);
    expect(row.version).toBe(read.version + 1);
  });
});

describe('a stale school form', () => {
  it('is refused after another edit of the school, and changes nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const id = kit.world.school.id;
    const form = itemOf(await panel.get(`schools/${id}`));
    const fields = { name: form.name, cityId: form.cityId, district: form.district, academicYear: '2025-2026', status: form.status };
    const other = itemOf(await panel.put(`schools/${id}`, { ...fields, district: 'Çankaya', version: form.version }));
    expect(other.version).toBe(form.version + 1);

    const res = await panel.put(`schools/${id}`, { ...fields, name: 'Eski Formdan Ad', version: form.version });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tr.staleRecord);
    expect(itemOf(await panel.get(`schools/${id}`))).toMatchObject({ name: form.name, district: 'Çankaya', version: other.version });
  });
});

describe('moderation of one row by two people at once', () => {
  it('approve and reject of one message: one wins, the other gets 409', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const message = await pendingMessage(panel);
    const answers = await Promise.all([
      school.put(`messages/${message.id}`, { status: 'approved', version: message.version }),
      branch.put(`messages/${message.id}`, { status: 'rejected', note: 'Uygun değil', version: message.version }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe(tr.staleRecord);
    const row = single(await kit.database.db.select().from(messages).where(eq(messages.id, message.id)));
    expect(row.status).toBe(winner.body.item.status);
    expect(row.version).toBe(message.version + 1);
  });

  it('approve and reject of one nickname suggestion: one wins, the other gets 409', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const [from, to] = kit.world.students;
    const nickname = itemOf(await school.post('nicknames', { fromStudentId: from.id, toStudentId: to.id, text: 'Kaptan' }));
    const answers = await Promise.all([
      school.put(`nicknames/${nickname.id}`, { status: 'approved', version: nickname.version }),
      branch.put(`nicknames/${nickname.id}`, { status: 'rejected', version: nickname.version }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const row = single(await kit.database.db.select().from(nicknames).where(eq(nicknames.id, nickname.id)));
    expect(row.status).toBe(winner.body.item.status);
    // The receiver's nickname follows the winner only.
    const student = single(await kit.database.db.select().from(students).where(eq(students.id, to.id)));
    expect(student.nickname).toBe(row.status === 'approved' ? 'Kaptan' : '');
  });
});

/**
 * Holds the app's next `count` transactions until all of them have been asked for and
 * `meanwhile` has run. A bulk moderation reads its rows and their versions first and then opens
 * the transaction that locks them, so this puts, without depending on timing, another decision
 * (`meanwhile`), or another bulk action's reading, between one action's reading and its locking.
 */
function holdTransactions(count: number, meanwhile: () => Promise<unknown> = async () => {}) {
  const { db } = kit.database;
  const transaction = db.transaction;
  let asked = 0;
  let letGo = () => {};
  const allAsked = new Promise<void>((resolve) => (letGo = resolve));
  const held = async (...args: Parameters<typeof transaction>) => {
    if (++asked === count) {
      db.transaction = transaction;
      await meanwhile();
      letGo();
    }
    await allAsked;
    return transaction.apply(db, args);
  };
  db.transaction = held as typeof transaction;
}

describe('bulk moderation against decisions made meanwhile', () => {
  async function threePending() {
    const panel = await kit.as(kit.world.accounts.panel);
    const [a, b, c] = kit.world.students;
    const write = async (from: typeof a, to: typeof a) =>
      itemOf(await panel.post('messages', { fromStudentId: from.id, toStudentId: to.id, body: 'Birlikte güzel bir yıl geçirdik.' })).id as number;
    return [await write(a, b), await write(b, c), await write(c, a)];
  }
  const rowsOf = (ids: number[]) =>
    kit.database.db
      .select({ id: messages.id, status: messages.status, note: messages.note, version: messages.version })
      .from(messages)
      .where(inArray(messages.id, ids))
      .orderBy(messages.id);

  it('refuses the whole action with a Turkish 409 when one of its messages was decided after it read them', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const ids = await threePending();
    const before = await rowsOf(ids);
    // Between the bulk approval's reading and its locking, the branch manager rejects one message.
    let single: Awaited<ReturnType<Caller['put']>> | undefined;
    holdTransactions(1, async () => {
      single = await branch.put(`messages/${ids[1]}`, { status: 'rejected', note: 'Uygun değil', version: before[1]!.version });
    });
    const bulk = await school.post('messages/moderate', { action: 'approve', ids });
    expect(single?.status, single?.raw).toBe(200);
    expect(bulk.status, bulk.raw).toBe(409);
    expect(bulk.body).toEqual(stale);
    // Nothing of the bulk action was written: the rejection stands, the others still wait.
    expect(await rowsOf(ids)).toEqual([
      { ...before[0], status: 'pending' },
      { ...before[1], status: 'rejected', note: 'Uygun değil', version: before[1]!.version + 1 },
      { ...before[2], status: 'pending' },
    ]);
    // Asked again, it sees the rejection and approves the rest.
    const again = await school.post('messages/moderate', { action: 'approve', ids });
    expect(again.body).toMatchObject({ success: true, count: 3 });
  });

  it('lets exactly one of two bulk actions over the same messages win; the other gets 409 and changes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const branch = await kit.as(kit.world.accounts.branch);
    const ids = await threePending();
    const before = await rowsOf(ids);
    // Both have read the messages before either locks them.
    holdTransactions(2);
    const answers = await Promise.all([
      school.post('messages/moderate', { action: 'approve', ids }),
      branch.post('messages/moderate', { action: 'reject', note: 'Toplu ret', ids: [...ids].reverse() }),
    ]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.raw).join('\n')).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(answers[winner]!.body).toMatchObject({ success: true, count: 3 });
    expect(answers[1 - winner]!.body).toEqual(stale);
    const decided = winner === 0 ? { status: 'approved', note: '' } : { status: 'rejected', note: 'Toplu ret' };
    expect(await rowsOf(ids)).toEqual(before.map((row) => ({ ...row, ...decided, version: row.version + 1 })));
  });
});

describe('every editable record', () => {
  it('answers its version, and a stale one on any of them is a 409 that changes nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const { school, branch } = kit.world;
    const student = itemOf(await panel.get(`students/${kit.world.students[0].id}`));
    const manager = (await panel.get(`schools/${school.id}/managers`)).body.items[0];
    const message = await pendingMessage(panel);
    const nickname = itemOf(await panel.post('nicknames', { fromStudentId: kit.world.students[0].id, toStudentId: kit.world.students[1].id, text: 'Neşe' }));
    const sendDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const notification = itemOf(await panel.post('notifications', { title: 'Tören', body: 'Bahçede', targetType: 'school', targetId: school.id, sendDate }));
    const studio = (await panel.get('studio')).body.studio;
    const design = (await panel.get('design')).body;
    const schoolItem = itemOf(await panel.get(`schools/${school.id}`));
    const branchItem = itemOf(await panel.get(`branches/${branch.id}`));

    const edits: Array<[string, Record<string, unknown>, number]> = [
      [`schools/${school.id}`, { name: 'X', cityId: 6, academicYear: '2025-2026' }, schoolItem.version],
      [`branches/${branch.id}`, { grade: 12, section: 'A' }, branchItem.version],
      [`school-managers/${manager.id}`, { name: 'X', email: manager.email, active: true }, manager.version],
      [`students/${student.id}`, { ...studentFields(student), firstName: 'X' }, student.version],
      [`messages/${message.id}`, { body: 'X' }, message.version],
      [`nicknames/${nickname.id}`, { text: 'X' }, nickname.version],
      [`notifications/${notification.id}`, { title: 'X', body: 'X', targetType: 'all', sendDate }, notification.version],
      ['studio', { name: 'X', phone: '', email: '', address: '', cityId: null, website: '' }, studio.version],
      ['design', { settings: design.settings }, design.version],
    ];
    for (const [path, body, version] of edits) {
      expect(version, path).toEqual(expect.any(Number));
      const res = await panel.put(path, { ...body, version: version + 7 });
      expect(res.status, `${path} ${res.raw}`).toBe(409);
      expect(res.body.message, path).toBe(tr.staleRecord);
    }
    expect(itemOf(await panel.get(`schools/${school.id}`)).name).toBe(schoolItem.name);
    expect((await panel.get('studio')).body.studio.name).toBe(studio.name);
    expect(itemOf(await panel.get(`students/${student.id}`)).firstName).toBe(student.firstName);
  });

  it('refuses a missing or malformed version with a Turkish 400', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const student = itemOf(await panel.get(`students/${kit.world.students[0].id}`));
    for (const version of [undefined, -1, 1.5, '1', 2147483648, null]) {
      const res = await panel.put(`students/${student.id}`, { ...studentFields(student), version });
      expect(res.status, String(version)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors.version, String(version)).toEqual(expect.any(String));
    }
  });
});
