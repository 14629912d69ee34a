import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BULK_MAX, MESSAGE_MAX } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { auditLog, messages, students } from '../../db/schema';
import { countWhere, single } from '../../db/rows';
import { itemOf, useApiTestKit } from '../../test/api';
import { studentRow } from '../students/writes';
import type { StudentIndex } from '../../test/fixtures';

const kit = useApiTestKit();

const messageCount = async () => countWhere(kit.database.db, messages, undefined);
const auditCount = (action?: string) => countWhere(kit.database.db, auditLog, action ? eq(auditLog.action, action) : undefined);

/** Şule (0), Ömer (1), İpek (2) are in branch 12/A; Ilgaz (3) in 12/B; Çağla (4) in the other school; Zeynep (5) in another studio. */
const s = (i: StudentIndex) => kit.world.students[i].id;

async function studentMessage(from: StudentIndex, to: StudentIndex, body: string) {
  const panel = await kit.as(kit.world.accounts.panel);
  const res = await panel.post('messages', { fromStudentId: s(from), toStudentId: s(to), body });
  expect(res.status, res.raw).toBe(200);
  return res.body.item.id as number;
}

describe('school and branch messages', () => {
  it('lets a school manager write, list, edit and delete its school messages, audited', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const path = `schools/${kit.world.school.id}/messages`;
    const created = await school.post(path, { body: 'Sevgili mezunlar,\nyolunuz açık olsun.' });
    expect(itemOf(created)).toMatchObject({
      kind: 'school',
      authorName: 'Okul Yöneticisi',
      body: 'Sevgili mezunlar,\nyolunuz açık olsun.',
      status: 'approved',
    });
    const list = await school.get(path);
    expect(list.body).toMatchObject({ success: true, total: 1, page: 1 });
    expect(list.body.items[0].body).toContain('\n');
    const edited = await school.put(`messages/${created.body.item.id}`, { body: 'Yeni metin', version: await kit.versionOf(messages, created.body.item.id) });
    expect(edited.body.item).toMatchObject({ body: 'Yeni metin', originalBody: 'Sevgili mezunlar,\nyolunuz açık olsun.' });
    expect((await school.del(`messages/${created.body.item.id}`)).status).toBe(200);
    expect((await school.get(path)).body.total).toBe(0);
    expect(await auditCount('create')).toBe(1);
    expect(await auditCount('update')).toBe(1);
    expect(await auditCount('delete')).toBe(1);
  });

  it('searches staff messages with Turkish folding', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const path = `schools/${kit.world.school.id}/messages`;
    await panel.post(path, { body: 'IŞIK saçın' });
    await panel.post(path, { body: 'Başka bir mesaj' });
    const res = await panel.get(`${path}?q=isik`);
    expect(res.body.items.map((m: any) => m.body)).toEqual(['IŞIK saçın']);
  });

  it('refuses an empty or too long body with a Turkish message, writing nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const path = `schools/${kit.world.school.id}/messages`;
    for (const body of [{ body: '' }, { body: '   ' }, {}, { body: 'x'.repeat(MESSAGE_MAX + 1) }, { body: 'a', extra: 1 }]) {
      const res = await school.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await school.post(path, { body: 'x'.repeat(MESSAGE_MAX + 1) })).body.errors.body).toBe(tr.validation.maxLength(MESSAGE_MAX));
    expect((await school.post(path, { body: '' })).body.errors.body).toBe(tr.validation.required);
    expect(await messageCount()).toBe(0);
    expect(await auditCount()).toBe(0);
  });

  it('keeps school messages to panel and that school; a branch manager gets 403, others 404', async () => {
    const path = `schools/${kit.world.school.id}/messages`;
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post(path, { body: 'Gizli' });
    expect((await (await kit.as(kit.world.accounts.branch)).get(path)).status).toBe(403);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool]) {
      const caller = await kit.as(account);
      const list = await caller.get(path);
      expect(list.status).toBe(404);
      expect(list.body.items).toBeUndefined();
      expect((await caller.post(path, { body: 'x' })).status).toBe(404);
    }
    expect((await panel.get('schools/99999/messages')).status).toBe(404);
    expect(await messageCount()).toBe(1);
  });

  it('lets the branch manager write its branch messages and nobody outside edit them', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const created = await branch.post(`branches/${kit.world.branch.id}/messages`, { body: 'Sınıfıma sevgiler' });
    expect(itemOf(created)).toMatchObject({ kind: 'branch', branchName: '12/A', authorName: 'Şube Yöneticisi' });
    const id = created.body.item.id;
    expect((await (await kit.as(kit.world.accounts.school)).get(`branches/${kit.world.branch.id}/messages`)).body.total).toBe(1);
    for (const account of [kit.world.accounts.siblingBranch, kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const caller = await kit.as(account);
      expect((await caller.get(`branches/${kit.world.branch.id}/messages`)).status).toBe(404);
      expect((await caller.put(`messages/${id}`, { body: 'ele geçirildi', version: await kit.versionOf(messages, id) })).status).toBe(404);
      expect((await caller.del(`messages/${id}`)).status).toBe(404);
    }
    expect((await branch.post(`branches/${kit.world.siblingBranch.id}/messages`, { body: 'x' })).status).toBe(404);
    const row = single(await kit.database.db.select().from(messages).where(eq(messages.id, id)));
    expect(row.body).toBe('Sınıfıma sevgiler');
  });

  it('does not moderate staff messages', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const created = await school.post(`schools/${kit.world.school.id}/messages`, { body: 'x' });
    const res = await school.put(`messages/${created.body.item.id}`, { status: 'rejected', version: await kit.versionOf(messages, created.body.item.id) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tr.messages.notStudentMessage);
  });
});

describe('student messages entered by staff', () => {
  it('writes a pending message between students of one branch, with names', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.post('messages', { fromStudentId: s(0), toStudentId: s(1), body: '<b>kalın</b> dostum' });
    expect(itemOf(res)).toMatchObject({
      kind: 'student',
      status: 'pending',
      fromName: 'Şule Işık',
      toName: 'Ömer Çelik',
      body: '<b>kalın</b> dostum',
      branchName: '12/A',
    });
  });

  it('refuses from = to, students of other branches, schools and studios, unknown ids; writes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const same = await school.post('messages', { fromStudentId: s(0), toStudentId: s(0), body: 'x' });
    expect(same.status).toBe(400);
    expect(same.body.errors.toStudentId).toBe(tr.messages.sameStudent);
    const otherBranch = await school.post('messages', { fromStudentId: s(0), toStudentId: s(3), body: 'x' });
    expect(otherBranch.status).toBe(400);
    expect(otherBranch.body.errors.toStudentId).toBe(tr.messages.notSameBranch);
    expect((await school.post('messages', { fromStudentId: s(0), toStudentId: s(4), body: 'x' })).status).toBe(404);
    expect((await school.post('messages', { fromStudentId: s(5), toStudentId: s(0), body: 'x' })).status).toBe(404);
    expect((await school.post('messages', { fromStudentId: s(0), toStudentId: 99999, body: 'x' })).status).toBe(404);
    const branch = await kit.as(kit.world.accounts.siblingBranch);
    expect((await branch.post('messages', { fromStudentId: s(0), toStudentId: s(1), body: 'x' })).status).toBe(404);
    expect((await school.post('messages', { fromStudentId: 'a', toStudentId: s(1), body: 'x' })).status).toBe(400);
    expect((await school.post('messages', { fromStudentId: s(0), toStudentId: s(1), body: '' })).status).toBe(400);
    expect(await messageCount()).toBe(0);
    expect(await auditCount()).toBe(0);
  });
});

describe('messages/{type}/{id}', () => {
  it('lists by school, branch, from and to, filtered by status, search and students, sorted by date', async () => {
    const a = await studentMessage(0, 1, 'Şule yazdı Ömer’e');
    const b = await studentMessage(1, 0, 'Ömer yazdı ŞULE’ye');
    const c = await studentMessage(2, 0, 'İpek yazdı');
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.put(`messages/${b}`, { status: 'approved', version: await kit.versionOf(messages, b) });
    const ids = async (path: string) => (await panel.get(path)).body.items.map((m: any) => m.id);
    expect(await ids(`messages/school/${kit.world.school.id}`)).toEqual([c, b, a]);
    expect(await ids(`messages/school/${kit.world.school.id}?order=asc`)).toEqual([a, b, c]);
    expect(await ids(`messages/branch/${kit.world.branch.id}?status=pending`)).toEqual([c, a]);
    expect(await ids(`messages/to/${s(0)}`)).toEqual([c, b]);
    expect(await ids(`messages/from/${s(0)}`)).toEqual([a]);
    expect(await ids(`messages/school/${kit.world.school.id}?q=sule`)).toEqual([b, a]);
    expect(await ids(`messages/school/${kit.world.school.id}?fromStudentId=${s(2)}&toStudentId=${s(0)}`)).toEqual([c]);
    const page = await panel.get(`messages/school/${kit.world.school.id}?perPage=2&page=2`);
    expect(page.body).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page.body.items.map((m: any) => m.id)).toEqual([a]);
    expect((await panel.get(`messages/school/${kit.world.school.id}?status=bad`)).status).toBe(400);
    expect((await panel.get(`messages/bogus/${kit.world.school.id}`)).status).toBe(400);
    expect((await panel.get(`messages/school/${kit.world.school.id}?sort=body`)).status).toBe(400);
  });

  it('keeps each level to its scope: 404 with no data outside it', async () => {
    await studentMessage(0, 1, 'özel');
    const targets = [`messages/school/${kit.world.school.id}`, `messages/branch/${kit.world.branch.id}`, `messages/from/${s(0)}`, `messages/to/${s(1)}`];
    for (const [name, expected] of [
      ['panel', 200],
      ['school', 200],
      ['branch', 200],
      ['otherSchool', 404],
      ['foreignPanel', 404],
      ['foreignSchool', 404],
    ] as const) {
      const caller = await kit.as(kit.world.accounts[name]);
      for (const path of targets) {
        const res = await caller.get(path);
        expect(res.status, `${name} ${path}`).toBe(expected);
        if (expected === 200) expect(res.body.total).toBe(1);
        else expect(res.body.items).toBeUndefined();
      }
    }
    const sibling = await kit.as(kit.world.accounts.siblingBranch);
    expect((await sibling.get(`messages/branch/${kit.world.branch.id}`)).status).toBe(404);
    expect((await sibling.get(`messages/to/${s(1)}`)).status).toBe(404);
    // Its own school is visible, but only its own branch's messages in it.
    expect((await sibling.get(`messages/school/${kit.world.school.id}`)).body.total).toBe(0);
  });
});

describe('moderation', () => {
  it('approves, rejects with a note, edits text keeping the original; audited', async () => {
    const id = await studentMessage(0, 1, 'ilk metin');
    const branch = await kit.as(kit.world.accounts.branch);
    const rejected = await branch.put(`messages/${id}`, { status: 'rejected', note: 'Uygunsuz ifade', version: await kit.versionOf(messages, id) });
    expect(rejected.body.item).toMatchObject({ status: 'rejected', note: 'Uygunsuz ifade' });
    expect(rejected.body.undoToken).toEqual(expect.any(Number));
    const edited = await branch.put(`messages/${id}`, { body: 'düzeltilmiş metin', status: 'approved', version: await kit.versionOf(messages, id) });
    expect(edited.body.item).toMatchObject({ status: 'approved', note: '', body: 'düzeltilmiş metin', originalBody: 'ilk metin' });
    const again = await branch.put(`messages/${id}`, { body: 'üçüncü', version: await kit.versionOf(messages, id) });
    expect(again.body.item.originalBody).toBe('ilk metin');
    const row = single(await kit.database.db.select().from(messages).where(eq(messages.id, id)));
    expect(row.moderatedBy).toBe(kit.world.accounts.branch.id);
    expect(await auditCount('moderate')).toBe(2);
    expect(await auditCount('update')).toBe(2);
  });

  it('refuses bad moderation input and unknown ids without changing anything', async () => {
    const id = await studentMessage(0, 1, 'metin');
    const school = await kit.as(kit.world.accounts.school);
    for (const body of [{ status: 'ok' }, { note: 'x'.repeat(301) }, { body: '' }, { body: 'x'.repeat(MESSAGE_MAX + 1) }, { kind: 'school' }]) {
      expect((await school.put(`messages/${id}`, { ...body, version: await kit.versionOf(messages, id) })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await school.put('messages/99999', { status: 'approved', version: 1 })).status).toBe(404);
    expect((await school.del('messages/99999')).status).toBe(404);
    expect(
      (await (await kit.as(kit.world.accounts.otherSchool)).put(`messages/${id}`, { status: 'approved', version: await kit.versionOf(messages, id) })).status,
    ).toBe(404);
    const [row] = await kit.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'pending', body: 'metin', originalBody: null });
  });

  it('bulk approves a selection and undoes it', async () => {
    const a = await studentMessage(0, 1, 'a');
    const b = await studentMessage(1, 2, 'b');
    const c = await studentMessage(2, 0, 'c');
    const school = await kit.as(kit.world.accounts.school);
    await school.put(`messages/${c}`, { status: 'rejected', note: 'eski not', version: await kit.versionOf(messages, c) });
    const res = await school.post('messages/moderate', { action: 'approve', ids: [a, b, c] });
    expect(res.body).toMatchObject({ success: true, count: 3, undoToken: expect.any(Number) });
    expect((await school.get(`messages/school/${kit.world.school.id}?status=approved`)).body.total).toBe(3);
    const undo = await school.post('messages/undo', { token: res.body.undoToken });
    expect(undo.body).toEqual({ success: true, count: 3 });
    const rows = await kit.database.db.select().from(messages).orderBy(messages.id);
    expect(rows.map((r) => [r.status, r.note])).toEqual([
      ['pending', ''],
      ['pending', ''],
      ['rejected', 'eski not'],
    ]);
    // Once only.
    const twice = await school.post('messages/undo', { token: res.body.undoToken });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(tr.messages.undoUnknown);
    expect(await auditCount('undo')).toBe(1);
  });

  it('rejects "all that match the filter" across pages, leaving the rest', async () => {
    for (let i = 0; i < 30; i++) await studentMessage(i % 2 ? 0 : 1, i % 2 ? 1 : 0, i % 3 ? `ortak kelime ${i}` : `başka ${i}`);
    const panel = await kit.as(kit.world.accounts.panel);
    const match = { type: 'branch', id: kit.world.branch.id, filter: { status: 'pending', q: 'ORTAK' } };
    const res = await panel.post('messages/moderate', { action: 'reject', note: 'Toplu ret', match });
    expect(res.body.count).toBe(20);
    const rejected = await panel.get(`messages/school/${kit.world.school.id}?status=rejected&perPage=100`);
    expect(rejected.body.total).toBe(20);
    expect(rejected.body.items.every((m: any) => m.note === 'Toplu ret' && m.body.startsWith('ortak'))).toBe(true);
    expect((await panel.get(`messages/school/${kit.world.school.id}?status=pending`)).body.total).toBe(10);
    await panel.post('messages/undo', { token: res.body.undoToken });
    expect((await panel.get(`messages/school/${kit.world.school.id}?status=pending`)).body.total).toBe(30);
  });

  it('refuses bulk ids out of scope or unknown, a foreign filter target, and bad bodies; nothing changes', async () => {
    const a = await studentMessage(0, 1, 'a');
    const branch = await kit.as(kit.world.accounts.siblingBranch);
    expect((await branch.post('messages/moderate', { action: 'approve', ids: [a] })).status).toBe(404);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.post('messages/moderate', { action: 'approve', ids: [a, 99999] })).status).toBe(404);
    const other = await kit.as(kit.world.accounts.otherSchool);
    const foreign = await other.post('messages/moderate', { action: 'approve', match: { type: 'school', id: kit.world.school.id, filter: {} } });
    expect(foreign.status).toBe(404);
    for (const body of [
      { action: 'approve' },
      { action: 'maybe', ids: [a] },
      { action: 'approve', ids: [] },
      { action: 'approve', ids: [a], match: { type: 'school', id: 1, filter: {} } },
    ]) {
      expect((await school.post('messages/moderate', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await school.post('messages/moderate', { action: 'approve', ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1) })).status).toBe(400);
    const row = single(await kit.database.db.select().from(messages));
    expect(row.status).toBe('pending');
    expect(await auditCount('moderate')).toBe(0);
  });

  it('undo: only the same account, only within the window, and never over a later change', async () => {
    const a = await studentMessage(0, 1, 'a');
    const b = await studentMessage(1, 0, 'b');
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.post('messages/moderate', { action: 'approve', ids: [a, b] });
    const token = res.body.undoToken;
    expect((await (await kit.as(kit.world.accounts.panel)).post('messages/undo', { token })).status).toBe(404);
    expect((await (await kit.as(kit.world.accounts.foreignSchool)).post('messages/undo', { token })).status).toBe(404);
    // Someone rejects b meanwhile: undo leaves b as it is now.
    await (await kit.as(kit.world.accounts.branch)).put(`messages/${b}`, { status: 'rejected', version: await kit.versionOf(messages, b) });
    expect((await school.post('messages/undo', { token })).body.count).toBe(1);
    const rows = await kit.database.db.select().from(messages).orderBy(messages.id);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'rejected']);

    const late = await school.post('messages/moderate', { action: 'approve', ids: [a] });
    await kit.database.db
      .update(auditLog)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(auditLog.id, late.body.undoToken));
    const expired = await school.post('messages/undo', { token: late.body.undoToken });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(tr.messages.undoExpired);
    expect((await school.post('messages/undo', { token: 'abc' })).status).toBe(400);
    expect((await school.post('messages/undo', { token: 987654 })).status).toBe(404);
  });

  it('deletes a student message, audited', async () => {
    const a = await studentMessage(0, 1, 'a');
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.del(`messages/${a}`)).status).toBe(200);
    expect(await messageCount()).toBe(0);
    const entry = single(
      await kit.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entity, 'message'))),
    );
    expect(entry.entityId).toBe(a);
  });
});

describe('what will not show in print', () => {
  it('is listed with each message, nickname and student whose text has characters no font of the book has', async () => {
    const prints = await studentMessage(1, 0, 'Seni özleyeceğim 👩‍🎓 Καλή τύχη مرحبا\u200B\uFEFF');
    const odd = await studentMessage(2, 0, 'Hoşça kal 字 𓀀 字');
    const panel = await kit.as(kit.world.accounts.panel);
    const nickname = await panel.post('nicknames', { fromStudentId: s(1), toStudentId: s(0), text: 'Firavun 𓀀' });
    expect(nickname.status, nickname.raw).toBe(200);
    await kit.database.db
      .update(students)
      .set({ quoteDraft: 'Hep böyle 好 kal 👩‍🎓' })
      .where(eq(students.id, s(1)));

    const school = await kit.as(kit.world.accounts.school);
    const received = await school.get(`messages/to/${s(0)}`);
    expect(received.status, received.raw).toBe(200);
    const shown = Object.fromEntries(received.body.items.map((m: { id: number; unprintable: string[] }) => [m.id, m.unprintable]));
    expect(shown).toEqual({ [prints]: [], [odd]: ['字', '𓀀'] });
    const nicknames = await school.get(`nicknames?toStudentId=${s(0)}`);
    expect(nicknames.body.items.map((n: { text: string; unprintable: string[] }) => [n.text, n.unprintable])).toEqual([['Firavun 𓀀', ['𓀀']]]);
    const list = await school.get(`branches/${kit.world.branch.id}/students?sort=schoolNumber`);
    expect(list.body.items.map((st: { unprintable: string[] }) => st.unprintable)).toEqual([[], ['好'], []]);
    const staff = await school.post(`schools/${kit.world.school.id}/messages`, { body: 'Mezunlarımıza 🎓 ve 字' });
    expect(itemOf(staff).unprintable).toEqual(['字']);

    // Another school's manager sees none of it; a bad id is refused in Turkish.
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.get(`messages/to/${s(0)}`)).status).toBe(404);
    const bad = await school.get('messages/to/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[ğüşıöçİ]|Geçersiz|giriniz/i);
  });
});

describe('message-from and message-to', () => {
  it('counts per student by status, spots students with none, filters by school and branch', async () => {
    const a = await studentMessage(0, 1, 'a');
    await studentMessage(0, 2, 'b');
    await studentMessage(2, 1, 'c');
    const school = await kit.as(kit.world.accounts.school);
    await school.put(`messages/${a}`, { status: 'approved', version: await kit.versionOf(messages, a) });
    const to = await school.get('message-to?sort=name');
    expect(to.body.total).toBe(4);
    const byName = Object.fromEntries(to.body.items.map((r: any) => [r.name, r]));
    expect(byName['Ömer Çelik']).toMatchObject({ pending: 1, approved: 1, rejected: 0, total: 2, branchName: '12/A' });
    expect(byName['Şule Işık'].total).toBe(0);
    const from = await school.get(`message-from?branchId=${kit.world.branch.id}`);
    expect(from.body.items.map((r: any) => [r.name, r.total])).toEqual([
      ['İpek Ünal', 1],
      ['Ömer Çelik', 0],
      ['Şule Işık', 2],
    ]);
    const none = await school.get('message-from?has=none');
    expect(none.body.items.map((r: any) => r.name)).toEqual(['Ilgaz Yılmaz', 'Ömer Çelik']);
    const some = await school.get('message-to?has=some&q=omer');
    expect(some.body.items.map((r: any) => r.name)).toEqual(['Ömer Çelik']);
  });

  it('keeps counts to the scope; a foreign school or branch filter is 404', async () => {
    await studentMessage(0, 1, 'a');
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get('message-to')).body.total).toBe(3);
    expect((await branch.get(`message-to?branchId=${kit.world.siblingBranch.id}`)).status).toBe(404);
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('message-to')).body.total).toBe(5);
    expect((await panel.get(`message-from?schoolId=${kit.world.otherSchool.id}`)).body.total).toBe(1);
    expect((await panel.get(`message-from?schoolId=${kit.world.foreignSchool.id}`)).status).toBe(404);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    const res = await foreign.get('message-to');
    expect(res.body.items.map((r: any) => r.name)).toEqual(['Zeynep Kaya']);
    expect((await panel.get('message-to?sort=bogus')).status).toBe(400);
  });

  it('offers students of a branch for the from/to selects, in scope', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.get(`message-students?branchId=${kit.world.branch.id}`);
    expect(res.body.items.map((r: any) => r.name)).toEqual(['İpek Ünal', 'Ömer Çelik', 'Şule Işık']);
    expect((await branch.get(`message-students?branchId=${kit.world.siblingBranch.id}`)).status).toBe(404);
    const scopes = await branch.get('message-scopes');
    expect(scopes.body.items).toEqual([{ id: kit.world.school.id, name: 'Işıklar Anadolu Lisesi', branches: [{ id: kit.world.branch.id, name: '12/A' }] }]);
  });

  it('searches a school of a thousand students on the server, Turkish-folded, and answers the first few asked for', async () => {
    const w = kit.world;
    // A thousand more students in the sibling branch; the one searched for sorts after the first 200.
    const many = Array.from({ length: 1000 }, (_, i) =>
      studentRow({
        studioId: w.studio.id,
        schoolId: w.school.id,
        branchId: w.siblingBranch.id,
        schoolNumber: String(5000 + i),
        firstName: 'Ali',
        lastName: `Kaya ${i}`,
        gender: 'male',
      }),
    );
    many[999] = studentRow({
      studioId: w.studio.id,
      schoolId: w.school.id,
      branchId: w.siblingBranch.id,
      schoolNumber: '5999',
      firstName: 'Zümrüt Şükriye',
      lastName: 'Yıldırımoğlu',
      gender: 'female',
    });
    await kit.database.db.insert(students).values(many);
    const school = await kit.as(w.accounts.school);
    const ask = (query: string) => school.get(`message-students?schoolId=${w.school.id}&${query}`);

    const whole = await ask('');
    expect(whole.body.items).toHaveLength(200);
    expect(whole.body.items.map((r: any) => r.name)).not.toContain('Zümrüt Şükriye Yıldırımoğlu');
    for (const q of ['zumrut sukriye', 'ZÜMRÜT', 'yildirimoglu', '5999']) {
      const found = await ask(`q=${encodeURIComponent(q)}&limit=20`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.items.map((r: any) => r.name),
        q,
      ).toEqual(['Zümrüt Şükriye Yıldırımoğlu']);
    }
    const few = await ask('q=ali&limit=20');
    expect(few.body.items).toHaveLength(20);
    expect((await ask('q=Şule&limit=20')).body.items.map((r: any) => r.name)).toEqual(['Şule Işık']);

    // Out of reach: another school's manager, a branch manager for the school; bad input is a Turkish 400.
    expect((await (await kit.as(w.accounts.otherSchool)).get(`message-students?schoolId=${w.school.id}&q=zumrut`)).status).toBe(404);
    expect((await (await kit.as(w.accounts.branch)).get(`message-students?branchId=${w.siblingBranch.id}&q=zumrut`)).status).toBe(404);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', `q=${'a'.repeat(101)}`, 'page=2']) {
      const refused = await ask(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message: tr.badInput });
    }
  });
});
