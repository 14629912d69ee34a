import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, messages, notificationRecipients, notifications, photos, schools, students, yearbookApprovals } from '../../db/schema';
import { useApiTestKit } from '../../test/api';
import type { StudentIndex } from '../../test/fixtures';
import { inspectPdf, pdfLinks } from '../../test/pdf';
import { expectOutOfReach, outOfReach } from '../../test/reach';
import { seedDemo } from '../../seed/demo';
import { studentRow } from '../students/writes';
import { freeSchoolCode } from '../schools/writes';
import { CARDS_MAX } from './cards';
import { CODE_ALPHABET, CODE_LENGTH } from './accessCodes';
import { DEMO_ACCESS_CODE, DEMO_SCHOOL_CODE } from './demoSeed';
import { answerConsent } from '../../test/consents';

/** The demo student the README names (the demo branch's first by school number). */
const DEMO_SCHOOL_NUMBER = '102';

const kit = useApiTestKit();

const SCHOOL_CODE = 'ISIK12';
const OTHER_CODE = 'SEHIT1';

/** The world's first school gets a known code; the second another. */
async function setCodes() {
  const db = kit.database.db;
  await db.update(schools).set({ code: SCHOOL_CODE }).where(eq(schools.id, kit.world.school.id));
  await db.update(schools).set({ code: OTHER_CODE }).where(eq(schools.id, kit.world.otherSchool.id));
}

/** A new access code for a world student, issued by the panel account. */
async function codeFor(index: StudentIndex): Promise<string> {
  const panel = await kit.as(kit.world.accounts.panel);
  const account = index === 5 ? kit.world.accounts.foreignPanel : kit.world.accounts.panel;
  const staff = index === 5 ? await kit.as(account) : panel;
  const res = await staff.post(`students/${kit.world.students[index].id}/access-code`);
  expect(res.status, res.raw).toBe(200);
  return res.body.code as string;
}

const NUMBERS = ['101', '102', '103', '201', '301', '901'] as const;

/** Signs a world student in through the API; answers a small client under /api/student. */
async function asStudent(index: StudentIndex, schoolCode = index === 4 ? OTHER_CODE : SCHOOL_CODE) {
  await setCodes();
  const code = await codeFor(index);
  const login = await kit.call('POST', '/api/student/login', { schoolCode, schoolNumber: NUMBERS[index], accessCode: code });
  expect(login.status, login.raw).toBe(200);
  const auth = { authorization: `Bearer ${login.body.token}` };
  const url = (p: string) => `/api/student/${p}`;
  return {
    token: login.body.token as string,
    get: (p: string) => kit.call('GET', url(p), undefined, auth),
    post: (p: string, body: unknown = {}) => kit.call('POST', url(p), body, auth),
    put: (p: string, body: unknown = {}) => kit.call('PUT', url(p), body, auth),
    del: (p: string) => kit.call('DELETE', url(p), undefined, auth),
  };
}

const id = (i: StudentIndex) => kit.world.students[i].id;

describe('school code', () => {
  it('is on every school, in GET schools/{id}, editable and unique', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const one = await panel.get(`schools/${kit.world.school.id}`);
    expect(one.body.item.code).toMatch(/^[0-9A-F]{6}$/);
    const list = await panel.get('schools');
    expect(list.body.items.every((s: { code: string }) => s.code.length >= 4)).toBe(true);
    const body = { name: 'Işıklar Anadolu Lisesi', cityId: 6, academicYear: '2025-2026', code: 'isik26' };
    const version = (await panel.get(`schools/${kit.world.school.id}`)).body.item.version;
    expect((await panel.put(`schools/${kit.world.school.id}`, { ...body, version })).status).toBe(200);
    expect((await panel.get(`schools/${kit.world.school.id}`)).body.item.code).toBe('ISIK26');
    const otherVersion = (await panel.get(`schools/${kit.world.otherSchool.id}`)).body.item.version;
    const taken = await panel.put(`schools/${kit.world.otherSchool.id}`, { ...body, name: 'Şehit Öğretmen Lisesi', version: otherVersion });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.code).toBe(tr.student.schoolCodeTaken);
    const bad = await panel.put(`schools/${kit.world.otherSchool.id}`, { ...body, code: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.code).toBe(tr.student.schoolCodeInvalid);
    // A Turkish letter is refused with a message that says why, and nothing changes.
    const turkish = await panel.put(`schools/${kit.world.otherSchool.id}`, { ...body, code: 'GÜL2027', version: otherVersion });
    expect(turkish.status).toBe(400);
    expect(turkish.body.errors.code).toBe(
      'Okul kodu 4-10 karakter olmalıdır ve yalnızca A–Z harfleri (Ç, Ğ, İ, Ö, Ş, Ü gibi Türkçe harfler olmadan) ile rakamlardan oluşabilir.',
    );
    expect((await panel.get(`schools/${kit.world.otherSchool.id}`)).body.item.code).not.toBe('GÜL2027');
  });

  it('is drawn for a school added without one, passing over codes other schools have', async () => {
    await setCodes();
    const panel = await kit.as(kit.world.accounts.panel);
    const created = await panel.post('schools', { name: 'Yeni Ufuk Koleji', cityId: 6, academicYear: '2025-2026' });
    expect(created.status).toBe(200);
    const code = created.body.item.code as string;
    expect(code).toMatch(/^[0-9A-F]{6}$/);
    // Draws that another school already has are passed over; only a free one is given out.
    const draws = [SCHOOL_CODE, OTHER_CODE, code, 'C0FFEE'];
    expect(await freeSchoolCode(kit.database.db, () => draws.shift()!)).toBe('C0FFEE');
    const allTaken = await freeSchoolCode(kit.database.db, () => SCHOOL_CODE).catch((error: unknown) => error);
    expect(allTaken).toMatchObject({ statusCode: 409 });
  });
});

describe('access codes', () => {
  it('are 8 characters without look-alikes, each new one ending the old one and its sessions', async () => {
    await setCodes();
    const branch = await kit.as(kit.world.accounts.branch);
    const first = await branch.post(`students/${id(0)}/access-code`);
    expect(first.status).toBe(200);
    expect(first.body.code).toHaveLength(CODE_LENGTH);
    for (const ch of first.body.code as string) expect(CODE_ALPHABET).toContain(ch);
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL25SZ8B]/);
    const login = (accessCode: string) => kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE.toLowerCase(), schoolNumber: '101', accessCode });
    const signedIn = await login(first.body.code.toLowerCase());
    expect(signedIn.status).toBe(200);
    const second = await branch.post(`students/${id(0)}/access-code`);
    expect((await login(first.body.code)).status).toBe(400);
    expect((await login(second.body.code)).status).toBe(200);
    // The session of the old code ended with it.
    expect((await kit.call('GET', '/api/student/user', undefined, { authorization: `Bearer ${signedIn.body.token}` })).status).toBe(401);
    const [row] = await kit.database.db
      .select()
      .from(students)
      .where(eq(students.id, id(0)));
    expect(row!.accessCodeHash).not.toContain(second.body.code);
    const audited = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'access-code'));
    expect(audited).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toContain(second.body.code);
  });

  it('are refused for students outside the caller’s scope (404) at every level', async () => {
    for (const res of await expectOutOfReach(kit, outOfReach, (staff, studentId) => staff.post(`students/${studentId}/access-code`))) {
      expect(res.body.code).toBeUndefined();
    }
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post(`branches/${kit.world.siblingBranch.id}/access-codes`)).status).toBe(404);
    expect((await branch.post(`branches/${kit.world.otherSchoolBranch.id}/login-cards.pdf`)).status).toBe(404);
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.post(`branches/${kit.world.branch.id}/access-codes`)).status).toBe(404);
  });

  it('are issued for a whole branch, and the login cards PDF holds one QR (linking to the sign-in with the school) per student', async () => {
    await setCodes();
    const school = await kit.as(kit.world.accounts.school);
    const codes = await school.post(`branches/${kit.world.branch.id}/access-codes`);
    expect(codes.status).toBe(200);
    expect(codes.body).toMatchObject({ schoolCode: SCHOOL_CODE, branchName: '12/A' });
    expect(codes.body.items.map((c: { schoolNumber: string }) => c.schoolNumber).sort()).toEqual(['101', '102', '103']);
    const pdf = await school.pdf(`branches/${kit.world.branch.id}/login-cards.pdf`);
    const report = await inspectPdf(pdf);
    expect(report.pages).toBe(1);
    expect(report.boxes[0]!.media.width).toBeCloseTo(595.3, 0);
    for (const name of ['Şule Işık', 'Ömer Çelik', 'İpek Ünal']) expect(report.text[0]).toContain(name);
    const links = await pdfLinks(pdf);
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(new RegExp(`/student/login\\?okul=${SCHOOL_CODE}$`));
    // The codes printed are the new ones: a code from the JSON call no longer works.
    const old = codes.body.items[0];
    expect((await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: old.schoolNumber, accessCode: old.code })).status).toBe(400);
  });
});

describe('login cards for picked students', () => {
  const signIn = (schoolNumber: string, accessCode: string) => kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber, accessCode });

  it('give new codes to the picked students alone, in school number order; the others’ cards keep working', async () => {
    await setCodes();
    const db = kit.database.db;
    const b = kit.world.branch;
    const place = { studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: b.id };
    await db
      .insert(students)
      .values([
        studentRow({ ...place, schoolNumber: '99', firstName: 'Zeynep', lastName: 'Yıldız', gender: 'female' }),
        studentRow({ ...place, schoolNumber: '100', firstName: 'Ahmet', lastName: 'Acar', gender: 'male' }),
      ]);
    const school = await kit.as(kit.world.accounts.school);
    const all = await school.post(`branches/${b.id}/access-codes`);
    expect(all.status).toBe(200);
    // Numbers as numbers: 99 before 100, whatever the names.
    expect(all.body.items.map((c: { schoolNumber: string }) => c.schoolNumber)).toEqual(['99', '100', '101', '102', '103']);
    const first = new Map<string, string>(all.body.items.map((c: { schoolNumber: string; code: string }) => [c.schoolNumber, c.code]));

    const branch = await kit.as(kit.world.accounts.branch);
    const picked = await branch.post(`branches/${b.id}/access-codes`, { studentIds: [id(2), id(0), id(2)] });
    expect(picked.status, picked.raw).toBe(200);
    expect(picked.body).toMatchObject({ schoolCode: SCHOOL_CODE, branchName: '12/A' });
    expect(picked.body.items.map((c: { schoolNumber: string }) => c.schoolNumber)).toEqual(['101', '103']);
    expect((await signIn('101', first.get('101')!)).status).toBe(400);
    expect((await signIn('101', picked.body.items[0].code)).status).toBe(200);
    for (const n of ['99', '100', '102']) expect((await signIn(n, first.get(n)!)).status, n).toBe(200);

    const report = await inspectPdf(await branch.pdf(`branches/${b.id}/login-cards.pdf`, { studentIds: [id(1)] }));
    expect(report.text[0]).toContain('Ömer Çelik');
    expect(report.text[0]).not.toContain('Şule Işık');
    expect((await signIn('101', picked.body.items[0].code)).status).toBe(200);
  });

  it('refuses a pick holding a student of another branch or school, or bad input, changing no code', async () => {
    await setCodes();
    const b = kit.world.branch;
    const school = await kit.as(kit.world.accounts.school);
    const code = (await school.post(`students/${id(0)}/access-code`)).body.code as string;
    const panel = await kit.as(kit.world.accounts.panel);
    const refusals: Array<[Awaited<ReturnType<typeof kit.as>>, number, unknown, number]> = [
      [school, b.id, { studentIds: [id(0), id(3)] }, 404], // a student of the sibling branch
      [panel, b.id, { studentIds: [id(0), id(4)] }, 404], // a student of another school
      [await kit.as(kit.world.accounts.siblingBranch), b.id, { studentIds: [id(0)] }, 404], // another branch's manager
      [await kit.as(kit.world.accounts.otherSchool), b.id, { studentIds: [id(0)] }, 404],
      [school, b.id, { studentIds: [] }, 400],
      [school, b.id, { studentIds: ['x'] }, 400],
      [school, b.id, { studentIds: [id(0)], extra: 1 }, 400],
    ];
    for (const [caller, branchId, body, status] of refusals) {
      const res = await caller.post(`branches/${branchId}/access-codes`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.items).toBeUndefined();
    }
    const mixed = await school.post(`branches/${b.id}/access-codes`, { studentIds: [id(0), id(3)] });
    expect(mixed.body.message).toBe(tr.students.bulk.notInBranch);
    expect((await school.post(`branches/${b.id}/access-codes`, { studentIds: [] })).body.errors.studentIds).toBe(tr.students.bulk.noneSelected);
    const pdf = await school.post(`branches/${b.id}/login-cards.pdf`, { studentIds: [id(0), id(4)] });
    expect(pdf.status).toBe(404);
    expect((await signIn('101', code)).status).toBe(200);
  });
});

it('refuses login cards for a branch larger than one request renders, issuing no code', async () => {
  const db = kit.database.db;
  const b = kit.world.branch;
  const many = Array.from({ length: CARDS_MAX }, (_, i) =>
    studentRow({
      studioId: kit.world.studio.id,
      schoolId: kit.world.school.id,
      branchId: b.id,
      schoolNumber: String(5000 + i),
      firstName: 'Ali',
      lastName: `Kaya ${i}`,
      gender: 'male',
    }),
  );
  await db.insert(students).values(many);
  const branch = await kit.as(kit.world.accounts.branch);
  const res = await branch.post(`branches/${b.id}/access-codes`);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(tr.student.cards.tooMany(CARDS_MAX));
  expect(await db.select().from(students).where(isNotNull(students.accessCodeHash))).toEqual([]);
});

describe('student sign-in', () => {
  it('answers the spec’s user fields with level student; its token works only under /api/student', async () => {
    const me = await asStudent(0);
    const user = await me.get('user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      success: true,
      level: 'student',
      userInfo: { id: id(0), name: 'Şule Işık', level: 'student' },
      school: { id: kit.world.school.id, code: SCHOOL_CODE },
      branch: { id: kit.world.branch.id, name: '12/A' },
      statistics: { classmates: 2, written: 0, open: true, locked: false },
    });
    expect(user.body.studio).toBeTruthy();
    for (const level of ['panel', 'school', 'branch']) {
      const res = await kit.call('GET', `/api/${level}/user`, undefined, { authorization: `Bearer ${me.token}` });
      expect(res.status).toBe(401);
    }
    const staff = await kit.as(kit.world.accounts.panel);
    expect((await kit.call('GET', '/api/student/user', undefined, { authorization: `Bearer ${staff.token}` })).status).toBe(401);
    expect((await me.get('schools')).status).toBe(404);
    expect((await me.post('logout')).status).toBe(200);
    expect((await me.get('user')).status).toBe(401);
  });

  it('refuses wrong codes with one Turkish message and holds back repeated guesses like staff sign-in', async () => {
    await setCodes();
    await codeFor(1);
    const wrong = { schoolCode: SCHOOL_CODE, schoolNumber: '102', accessCode: 'AAAAAAAA' };
    const first = await kit.call('POST', '/api/student/login', wrong);
    expect(first.status).toBe(400);
    expect(first.body.message).toBe(tr.student.wrongCredentials);
    expect((await kit.call('POST', '/api/student/login', { ...wrong, schoolCode: 'NOPE99' })).body.message).toBe(tr.student.wrongCredentials);
    expect((await kit.call('POST', '/api/student/login', { ...wrong, schoolNumber: '999' })).body.message).toBe(tr.student.wrongCredentials);
    let last = first;
    for (let i = 0; i < kit.config.loginMaxFailuresPerAccount + 1; i++) last = await kit.call('POST', '/api/student/login', wrong);
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/saniye|dakika/);
    expect((await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE })).status).toBe(400);
  });

  it('does not sign in a student of another studio with this school code', async () => {
    await setCodes();
    const code = await codeFor(5);
    expect((await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: '901', accessCode: code })).status).toBe(400);
  });
});

describe('classmates and messages', () => {
  it('lists only the branch’s classmates (not itself), with the status of its message to each', async () => {
    const me = await asStudent(0);
    const list = await me.get('classmates');
    expect(list.body.items.map((c: { name: string }) => c.name)).toEqual(['İpek Ünal', 'Ömer Çelik']);
    expect(list.body.items.every((c: { messageStatus: string; thumbUrl: null }) => c.messageStatus === 'none' && c.thumbUrl === null)).toBe(true);
  });

  it('writes a pending message once per classmate; staff moderate it with the student as author; the classmate reads it once approved', async () => {
    const me = await asStudent(0);
    const created = await me.post('messages', { toStudentId: id(1), body: ' İyi ki tanıştık <b>Ömer</b>! ' });
    expect(created.status, created.raw).toBe(200);
    expect(created.body.item).toMatchObject({ status: 'pending', body: 'İyi ki tanıştık <b>Ömer</b>!', toStudentId: id(1) });
    const again = await me.post('messages', { toStudentId: id(1), body: 'ikinci' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(tr.student.messageLimit(1));
    const statuses = (await me.get('classmates')).body.items.map((c: { id: number; messageStatus: string }) => [c.id, c.messageStatus]);
    expect(statuses).toEqual([
      [id(2), 'none'],
      [id(1), 'pending'],
    ]);

    const [audit] = await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'message'));
    expect(audit).toMatchObject({ studentId: id(0), userId: null, userName: 'Şule Işık', action: 'create' });

    const branch = await kit.as(kit.world.accounts.branch);
    const pending = await branch.get(`messages/branch/${kit.world.branch.id}?status=pending`);
    expect(pending.body.items).toHaveLength(1);
    expect(pending.body.items[0]).toMatchObject({ authorName: 'Şule Işık', status: 'pending', fromStudentId: id(0) });

    const omer = await asStudent(1);
    expect((await omer.get('profile')).body.received).toEqual([]);
    expect((await branch.put(`messages/${created.body.item.id}`, { status: 'approved', version: pending.body.items[0].version })).status).toBe(200);
    const received = (await omer.get('profile')).body.received;
    expect(received).toEqual([expect.objectContaining({ fromName: 'Şule Işık', body: 'İyi ki tanıştık <b>Ömer</b>!' })]);
    // Approved: no longer the author's to change.
    expect((await me.put(`messages/${created.body.item.id}`, { body: 'x' })).status).toBe(409);
    expect((await me.del(`messages/${created.body.item.id}`)).status).toBe(409);
    expect((await me.get('user')).body.statistics.written).toBe(1);
    const from = (await branch.get(`message-from?branchId=${kit.world.branch.id}`)).body.items;
    expect(from.map((r: { schoolNumber: string; signedIn: boolean; written: number }) => [r.schoolNumber, r.signedIn, r.written])).toEqual([
      ['103', false, 0],
      ['102', true, 0],
      ['101', true, 1],
    ]);
    const to = (await branch.get(`message-to?branchId=${kit.world.branch.id}`)).body.items;
    expect(to.map((r: { schoolNumber: string; received: number }) => [r.schoolNumber, r.received])).toEqual([
      ['103', 0],
      ['102', 1],
      ['101', 0],
    ]);
  });

  it('edits and deletes its own pending message; refuses bad input with Turkish messages and writes nothing', async () => {
    const me = await asStudent(0);
    const created = await me.post('messages', { toStudentId: id(2), body: 'ilk' });
    const edited = await me.put(`messages/${created.body.item.id}`, { body: 'ikinci hâli' });
    expect(edited.body.item.body).toBe('ikinci hâli');
    for (const body of [
      { toStudentId: id(2), body: '' },
      { toStudentId: id(2), body: 'x'.repeat(1001) },
      { toStudentId: 'a', body: 'x' },
      { body: 'x' },
      { toStudentId: id(2), body: 'x', status: 'approved' },
    ]) {
      const res = await me.post('messages', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(tr.badInput);
    }
    expect((await me.post('messages', { toStudentId: id(0), body: 'kendime' })).status).toBe(404);
    expect((await me.del(`messages/${created.body.item.id}`)).status).toBe(200);
    expect(await kit.database.db.select().from(messages)).toHaveLength(0);
  });

  it('refuses every write after the school’s deadline, naming the deadline in Turkish; reading goes on', async () => {
    const me = await asStudent(0);
    const created = await me.post('messages', { toStudentId: id(1), body: 'zamanında' });
    const nick = await me.post('nicknames', { toStudentId: id(1), text: 'Kaptan' });
    await kit.database.db.update(schools).set({ messageDeadline: '2020-06-01' }).where(eq(schools.id, kit.world.school.id));
    const refusals = [
      await me.post('messages', { toStudentId: id(2), body: 'geç' }),
      await me.put(`messages/${created.body.item.id}`, { body: 'geç' }),
      await me.del(`messages/${created.body.item.id}`),
      await me.post('nicknames', { toStudentId: id(2), text: 'Geç' }),
      await me.put(`nicknames/${nick.body.item.id}`, { text: 'Geç' }),
      await me.put('quote', { text: 'geç' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(tr.student.deadlinePassed('01/06/2020'));
    }
    expect((await me.get('user')).body.statistics).toMatchObject({ open: false, locked: false, deadline: '2020-06-01' });
    expect((await me.get('classmates')).status).toBe(200);
  });

  it('tells a student of a locked branch before any write (GET user), and refuses writes in its own words', async () => {
    const me = await asStudent(0);
    const created = await me.post('messages', { toStudentId: id(1), body: 'zamanında' });
    expect((await me.get('user')).body.statistics).toMatchObject({ open: true, locked: false });
    const db = kit.database.db;
    await db.insert(yearbookApprovals).values({ branchId: kit.world.branch.id, studioId: kit.world.studio.id, schoolId: kit.world.school.id });
    expect((await me.get('user')).body.statistics).toMatchObject({ open: false, locked: true });
    const refusals = [
      await me.post('messages', { toStudentId: id(2), body: 'geç' }),
      await me.put(`messages/${created.body.item.id}`, { body: 'geç' }),
      await me.post('nicknames', { toStudentId: id(2), text: 'Geç' }),
      await me.put('quote', { text: 'geç' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(423);
      expect(res.body.message).toBe(tr.student.portal.lockedRefusal);
    }
    // A classmate of another branch is not locked.
    const sibling = await asStudent(3);
    expect((await sibling.get('user')).body.statistics).toMatchObject({ open: true, locked: false });
    expect(await db.select().from(messages)).toHaveLength(1);
  });
});

describe('nicknames, quote, portrait, notifications', () => {
  it('suggests one nickname per classmate, edits it until approved', async () => {
    const me = await asStudent(0);
    const made = await me.post('nicknames', { toStudentId: id(1), text: 'Kaptan' });
    expect(made.body.item).toMatchObject({ status: 'pending', text: 'Kaptan' });
    expect((await me.post('nicknames', { toStudentId: id(1), text: 'Başka' })).status).toBe(409);
    expect((await me.put(`nicknames/${made.body.item.id}`, { text: 'Reis' })).body.item.text).toBe('Reis');
    const branch = await kit.as(kit.world.accounts.branch);
    const listed = await branch.get('nicknames?status=pending');
    expect(listed.body.items.map((n: { text: string }) => n.text)).toEqual(['Reis']);
    expect((await branch.put(`nicknames/${made.body.item.id}`, { status: 'approved', version: listed.body.items[0].version })).status).toBe(200);
    expect((await me.put(`nicknames/${made.body.item.id}`, { text: 'Yeni' })).status).toBe(409);
    const omer = await asStudent(1);
    expect((await omer.get('profile')).body.nickname).toBe('Reis');
  });

  it('writes a quote that waits for staff approval', async () => {
    const me = await asStudent(0);
    expect((await me.put('quote', { text: 'Hayat bir yolculuk.' })).status).toBe(200);
    expect((await me.get('profile')).body).toMatchObject({ quote: '', quoteDraft: 'Hayat bir yolculuk.' });
    const other = await kit.as(kit.world.accounts.siblingBranch);
    expect((await other.post(`students/${id(0)}/quote`, { action: 'approve' })).status).toBe(404);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post(`students/${id(0)}/quote`, { action: 'approve' })).status).toBe(200);
    expect((await me.get('profile')).body).toMatchObject({ quote: 'Hayat bir yolculuk.', quoteDraft: null });
    expect((await branch.post(`students/${id(0)}/quote`, { action: 'approve' })).status).toBe(400);
  });

  it('shows its own photos and lets it pick a portrait only with recorded photo consent', async () => {
    const db = kit.database.db;
    const photo = (i: StudentIndex) => {
      const s = kit.world.students[i];
      const row = {
        studioId: kit.world.studio.id,
        schoolId: kit.world.school.id,
        branchId: s.branchId,
        studentId: s.id,
        storageKey: `t/${s.id}`,
        width: 10,
        height: 10,
        bytes: 1,
      };
      return db.insert(photos).values(row).returning({ id: photos.id });
    };
    const [mine] = await photo(0);
    const [theirs] = await photo(1);
    const me = await asStudent(0);
    expect((await me.get('profile')).body).toMatchObject({
      consents: { 'print-photo': 'none', 'digital-photo': 'none', 'print-text': 'none', 'face-matching': 'none' },
      photos: [],
    });
    // A refusal hides them just the same; consent to print opens them (the pick is for the printed book).
    await answerConsent(db, kit.world.students[0], 'print-photo', 'no');
    expect((await me.get('profile')).body).toMatchObject({ consents: { 'print-photo': 'no' }, photos: [] });
    expect((await me.put('portrait', { photoId: mine!.id })).status).toBe(404);
    await answerConsent(db, kit.world.students[0], 'print-photo', 'yes');
    const profile = (await me.get('profile')).body;
    expect(profile.photos.map((p: { id: number }) => p.id)).toEqual([mine!.id]);
    expect(profile.photos[0].thumbUrl).toMatch(/^\/api\/student\/photo-files\//);
    expect((await me.put('portrait', { photoId: theirs!.id })).status).toBe(404);
    expect((await me.put('portrait', { photoId: mine!.id })).status).toBe(200);
    expect((await me.get('profile')).body.portraitPickPhotoId).toBe(mine!.id);
    const branch = await kit.as(kit.world.accounts.branch);
    const list = await branch.get(`branches/${kit.world.branch.id}/students`);
    const row = list.body.items.find((s: { id: number }) => s.id === id(0));
    expect(row.portraitPickPhotoId).toBe(mine!.id);
    expect(row.portraitPickThumbUrl).toMatch(new RegExp(`^/api/branch/photo-files/${mine!.id}/thumb`));
  });

  it('reads the notifications that reached it; staff remind only those who have not written', async () => {
    const me = await asStudent(0);
    await me.post('messages', { toStudentId: id(1), body: 'yazdım' });
    const branch = await kit.as(kit.world.accounts.branch);
    const reminded = await branch.post(`branches/${kit.world.branch.id}/remind-unwritten`);
    expect(reminded.body.count).toBe(2);
    expect((await me.get('notifications')).body.items).toEqual([]);
    const omer = await asStudent(1);
    expect((await omer.get('notifications')).body.items).toEqual([expect.objectContaining({ title: tr.student.staff.remindTitle })]);
    const other = await kit.as(kit.world.accounts.siblingBranch);
    expect((await other.post(`branches/${kit.world.branch.id}/remind-unwritten`)).status).toBe(404);
  });

  it('shows staff who a reminder reaches and its text before it goes out; another branch sees nothing', async () => {
    await (await asStudent(0)).post('messages', { toStudentId: id(1), body: 'yazdım' });
    const branch = await kit.as(kit.world.accounts.branch);
    const preview = await branch.get(`branches/${kit.world.branch.id}/remind-unwritten`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ title: tr.student.staff.remindTitle, body: tr.student.staff.remindBody, refusal: null });
    expect(preview.body.recipients.map((r: { id: number }) => r.id)).toEqual([id(1), id(2)]);
    expect((await (await kit.as(kit.world.accounts.siblingBranch)).get(`branches/${kit.world.branch.id}/remind-unwritten`)).status).toBe(404);
    expect((await branch.get('branches/abc/remind-unwritten')).status).toBe(400);
    expect(await kit.database.db.select().from(notifications)).toHaveLength(0);
  });

  it('sends one reminder a day for a branch: two clicks at once send once, the second is refused in Turkish', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const url = `branches/${kit.world.branch.id}/remind-unwritten`;
    const answers = (await Promise.all([branch.post(url), branch.post(url)])).sort((a, b) => a.status - b.status);
    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    expect(answers[1]!.body.message).toBe(tr.student.staff.remindedToday);
    expect(await kit.database.db.select().from(notifications)).toHaveLength(1);
    expect(await kit.database.db.select().from(notificationRecipients)).toHaveLength(3);
    expect((await branch.get(url)).body.refusal).toBe(tr.student.staff.remindedToday);
  });

  it('refuses a reminder to a locked branch (its proof approved), sending nothing', async () => {
    const db = kit.database.db;
    await db.insert(yearbookApprovals).values({ branchId: kit.world.branch.id, studioId: kit.world.studio.id, schoolId: kit.world.school.id });
    const branch = await kit.as(kit.world.accounts.branch);
    const refused = await branch.post(`branches/${kit.world.branch.id}/remind-unwritten`);
    expect(refused.status).toBe(423);
    expect(refused.body.message).toBe(tr.student.staff.remindLocked);
    expect((await branch.get(`branches/${kit.world.branch.id}/remind-unwritten`)).body.refusal).toBe(tr.student.staff.remindLocked);
    expect(await db.select().from(notifications)).toHaveLength(0);
    expect(await db.select().from(notificationRecipients)).toHaveLength(0);
  });
});

describe('scope: every /api/student operation with a foreign id is 404', () => {
  it('refuses classmates of another branch, school and studio, and others’ messages, nicknames and photos', async () => {
    const db = kit.database.db;
    // Rows of others: a message and a nickname between other students, and another student's photo.
    const branch = await kit.as(kit.world.accounts.branch);
    const staffMessage = await branch.post('messages', { fromStudentId: id(1), toStudentId: id(2), body: 'başkasının' });
    const staffNick = await branch.post('nicknames', { fromStudentId: id(1), toStudentId: id(2), text: 'Başka' });
    const [photo] = await db
      .insert(photos)
      .values({
        studioId: kit.world.studio.id,
        schoolId: kit.world.school.id,
        branchId: kit.world.branch.id,
        studentId: id(1),
        storageKey: 'x/1',
        width: 1,
        height: 1,
        bytes: 1,
      })
      .returning({ id: photos.id });
    await answerConsent(db, kit.world.students[0], 'print-photo', 'yes');

    const me = await asStudent(0);
    for (const foreign of [3, 4, 5] as const) {
      expect((await me.post('messages', { toStudentId: id(foreign), body: 'x' })).status, `message to ${foreign}`).toBe(404);
      expect((await me.post('nicknames', { toStudentId: id(foreign), text: 'x' })).status, `nickname to ${foreign}`).toBe(404);
    }
    expect((await me.post('messages', { toStudentId: 2_000_000, body: 'x' })).status).toBe(404);
    expect((await me.put(`messages/${staffMessage.body.item.id}`, { body: 'x' })).status).toBe(404);
    expect((await me.del(`messages/${staffMessage.body.item.id}`)).status).toBe(404);
    expect((await me.put(`nicknames/${staffNick.body.item.id}`, { text: 'x' })).status).toBe(404);
    expect((await me.put('portrait', { photoId: photo!.id })).status).toBe(404);
    const everything = JSON.stringify([(await me.get('classmates')).body, (await me.get('profile')).body, (await me.get('notifications')).body]);
    expect(everything).not.toContain('başkasının');
    expect(everything).not.toContain('Başka');
    expect(everything).not.toContain('İlgaz');
    expect(everything).not.toContain('Çağla');
    expect(everything).not.toContain('accessCode');
  });
});

describe('demo seed', () => {
  it('lets the README’s demo student sign in with its published code', async () => {
    await kit.database.reset();
    await seedDemo(kit.database.db);
    const [first] = await kit.database.db
      .select({ number: students.schoolNumber, name: students.firstName })
      .from(students)
      .innerJoin(schools, eq(schools.id, students.schoolId))
      .where(eq(schools.code, DEMO_SCHOOL_CODE))
      .orderBy(students.branchId, students.schoolNumber)
      .limit(1);
    expect(first!.number).toBe(DEMO_SCHOOL_NUMBER);
    const login = await kit.call('POST', '/api/student/login', {
      schoolCode: DEMO_SCHOOL_CODE,
      schoolNumber: DEMO_SCHOOL_NUMBER,
      accessCode: DEMO_ACCESS_CODE,
    });
    expect(login.status, login.raw).toBe(200);
  });
});
