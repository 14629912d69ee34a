import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import { tr } from '../../../common/tr';
import {
  auditLog,
  consentRecords,
  consentTexts,
  schools,
  students,
  studentConsents,
  studentSessions,
  yearbookApprovals,
  yearbookFinals,
} from '../../db/schema';
import { single } from '../../db/rows';
import { useApiTestKit } from '../../test/api';
import type { StudentIndex } from '../../test/fixtures';
import { inspectPdf, pdfLinks } from '../../test/pdf';
import { expectOutOfReach, outOfReach } from '../../test/reach';
import { CODE_ALPHABET, CODE_LENGTH } from '../student-portal/accessCodes';

const kit = useApiTestKit();

const SCHOOL_CODE = 'ISIK12';
const OTHER_CODE = 'SEHIT1';
const FOREIGN_CODE = 'RAKIP1';
const NUMBERS = ['101', '102', '103', '201', '301', '901'] as const;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const db = () => kit.database.db;
const id = (i: StudentIndex) => kit.world.students[i].id;

/** Schools with known codes, and the families' children with long, real-looking names. */
async function setUp() {
  await db().update(schools).set({ code: SCHOOL_CODE }).where(eq(schools.id, kit.world.school.id));
  await db().update(schools).set({ code: OTHER_CODE }).where(eq(schools.id, kit.world.otherSchool.id));
  const foreign = single(
    await db()
      .select({ schoolId: students.schoolId })
      .from(students)
      .where(eq(students.id, id(5))),
  );
  await db().update(schools).set({ code: FOREIGN_CODE }).where(eq(schools.id, foreign.schoolId));
  await db()
    .update(students)
    .set({ firstName: 'Ayşe Gülşen', lastName: 'Karaosmanoğlu' })
    .where(eq(students.id, id(0)));
  await db()
    .update(students)
    .set({ firstName: 'Mehmet Çağrı', lastName: 'Şahinbaşoğlu' })
    .where(eq(students.id, id(1)));
}

/** A new parent code for a world student, issued by the panel account of its studio. */
async function parentCodeFor(index: StudentIndex): Promise<string> {
  const staff = await kit.as(index === 5 ? kit.world.accounts.foreignPanel : kit.world.accounts.panel);
  const res = await staff.post(`students/${id(index)}/parent-code`);
  expect(res.status, res.raw).toBe(200);
  return res.body.code as string;
}

const login = (schoolNumber: string, parentCode: string, schoolCode = SCHOOL_CODE) =>
  kit.call('POST', '/api/veli/login', { schoolCode, schoolNumber, parentCode }, { 'user-agent': BROWSER });

/** Signs a world student's parent in; answers a small client under /api/veli. */
async function asParent(index: StudentIndex) {
  const code = await parentCodeFor(index);
  const res = await login(NUMBERS[index], code, index === 4 ? OTHER_CODE : index === 5 ? FOREIGN_CODE : SCHOOL_CODE);
  expect(res.status, res.raw).toBe(200);
  const auth = { authorization: `Bearer ${res.body.token}`, 'user-agent': BROWSER };
  return {
    token: res.body.token as string,
    code,
    get: (p: string) => kit.call('GET', `/api/veli/${p}`, undefined, auth),
    put: (p: string, body: unknown) => kit.call('PUT', `/api/veli/${p}`, body, auth),
  };
}

const answer = { answer: 'yes', name: 'Fatma Nur Karaosmanoğlu', relation: 'anne' } as const;
const recordCount = async () => Number(single(await db().select({ n: count() }).from(consentRecords)).n);

describe('parent codes', () => {
  it('are issued by staff in scope, shown once, and a new one ends the old code and its sessions but not the student’s own', async () => {
    await setUp();
    const panel = await kit.as(kit.world.accounts.panel);
    const access = await panel.post(`students/${id(0)}/access-code`);
    const parent = await asParent(0);
    expect(parent.code).toHaveLength(CODE_LENGTH);
    expect([...parent.code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(parent.code).not.toBe(access.body.code);
    const stored = single(
      await db()
        .select()
        .from(students)
        .where(eq(students.id, id(0))),
    );
    expect(stored.parentCodeHash).toMatch(/^\$argon2id\$/);
    expect(stored.parentCodeHash).not.toContain(parent.code);
    expect((await parent.get('consents')).status).toBe(200);

    const fresh = await parentCodeFor(0);
    const refused = await login('101', parent.code);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(tr.parent.wrongCredentials);
    expect((await parent.get('consents')).status).toBe(401);
    expect((await login('101', fresh.toLowerCase().replace(/(.{4})/, '$1-'))).status).toBe(200);
    // The student's own sign-in is untouched by the parent's code, and the parent's code is not the student's.
    expect((await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: '101', accessCode: access.body.code })).status).toBe(200);
    expect((await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: '101', accessCode: fresh })).status).toBe(400);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'parent-code'));
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it('are issued on a branch whose book is approved, and a new one leaves the student signed in', async () => {
    await setUp();
    const panel = await kit.as(kit.world.accounts.panel);
    const access = await panel.post(`students/${id(0)}/access-code`);
    const student = await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: '101', accessCode: access.body.code });
    expect(student.status, student.raw).toBe(200);
    const row = single(
      await db()
        .select()
        .from(students)
        .where(eq(students.id, id(0))),
    );
    await db().insert(yearbookApprovals).values({ branchId: row.branchId, studioId: row.studioId, schoolId: row.schoolId });
    const parent = await asParent(0);
    expect((await parent.get('consents')).status).toBe(200);
    expect((await kit.call('GET', '/api/student/user', undefined, { authorization: `Bearer ${student.body.token}` })).status).toBe(200);
  });

  it('open the digital yearbook to a parent only once they said yes to its photos', async () => {
    await setUp();
    const parent = await asParent(0);
    const refused = await parent.get('digital-yearbook');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(tr.digitalYearbook.parentNeedsConsent);
    expect((await parent.put('consents/digital-photo', answer)).status).toBe(200);
    const open = await parent.get('digital-yearbook');
    expect(open.status, open.raw).toBe(200);
    expect(open.body.state).toBe('not-final');
    expect((await kit.call('GET', '/api/veli/digital-yearbook')).status).toBe(401);
  });

  it('are refused outside the caller’s scope (another branch, school or studio), changing nothing', async () => {
    await expectOutOfReach(kit, outOfReach, (staff, studentId) => staff.post(`students/${studentId}/parent-code`));
    const hashes = await db().select({ hash: students.parentCodeHash }).from(students);
    expect(hashes.every((h) => h.hash === null)).toBe(true);
    // Each level reaches its own: the branch its branch's student, the school its school's.
    for (const account of ['branch', 'school', 'panel'] as const) {
      expect((await (await kit.as(kit.world.accounts[account])).post(`students/${id(0)}/parent-code`)).status).toBe(200);
    }
  });
});

describe('parent sign-in', () => {
  it('refuses a wrong code, number or school with one message, and holds back repeated guesses (429)', async () => {
    await setUp();
    const code = await parentCodeFor(0);
    for (const [number, school] of [
      ['102', SCHOOL_CODE],
      ['101', OTHER_CODE],
    ]) {
      const res = await login(number!, code, school);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(tr.parent.wrongCredentials);
    }
    const bad = await kit.call('POST', '/api/veli/login', { schoolCode: SCHOOL_CODE, schoolNumber: '101' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.parentCode).toBe(tr.validation.required);
    for (let i = 0; i < kit.config.loginMaxFailuresPerAccount; i++) await login('101', 'YANLISKOD');
    const held = await login('101', code);
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });

  it('opens a session only under /api/veli: a student’s or staff token is refused there, a parent’s everywhere else', async () => {
    await setUp();
    const parent = await asParent(0);
    const panel = await kit.as(kit.world.accounts.panel);
    const studentCode = (await panel.post(`students/${id(0)}/access-code`)).body.code;
    const student = await kit.call('POST', '/api/student/login', { schoolCode: SCHOOL_CODE, schoolNumber: '101', accessCode: studentCode });
    for (const token of [student.body.token, panel.token]) {
      const res = await kit.call('GET', '/api/veli/consents', undefined, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(401);
      const put = await kit.call('PUT', '/api/veli/consents/print-photo', answer, { authorization: `Bearer ${token}` });
      expect(put.status).toBe(401);
    }
    const auth = { authorization: `Bearer ${parent.token}` };
    for (const url of ['/api/student/user', '/api/panel/user', '/api/branch/user', `/api/panel/students/${id(0)}`]) {
      expect((await kit.call('GET', url, undefined, auth)).status, url).toBe(401);
    }
    // A parent's prefix has no route that takes another student: paths with ids are not found.
    expect((await kit.call('GET', `/api/veli/students/${id(1)}`, undefined, auth)).status).toBe(404);
    expect(await recordCount()).toBe(0);
    // Signing out ends the session.
    expect((await kit.call('POST', '/api/veli/logout', undefined, auth)).status).toBe(200);
    expect((await parent.get('consents')).status).toBe(401);
    const sessions = await db()
      .select()
      .from(studentSessions)
      .where(and(eq(studentSessions.studentId, id(0)), eq(studentSessions.holder, 'parent')));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
  });
});

describe('a parent’s consents', () => {
  it('lists every purpose unanswered with the default texts and their versions', async () => {
    await setUp();
    const parent = await asParent(0);
    const res = await parent.get('consents');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.student).toEqual({ name: 'Ayşe Gülşen Karaosmanoğlu', schoolName: 'Işıklar Anadolu Lisesi', branchName: '12/A' });
    expect(res.body.final).toBe(false);
    expect(res.body.lastAnswerer).toBeNull();
    expect(res.body.items).toEqual(CONSENT_PURPOSES.map((purpose) => ({ purpose, answer: null, answeredAt: null, textVersion: null })));
    expect(res.body.texts.map((t: { purpose: string }) => t.purpose)).toEqual([...CONSENT_PURPOSES]);
    for (const text of res.body.texts) {
      expect(text.isDefault).toBe(true);
      expect(text.version).toBe(sha256(text.body));
      expect(text.body).toContain('açık rıza');
    }
    const face = res.body.texts.find((t: { purpose: string }) => t.purpose === 'face-matching');
    expect(face.body).toMatch(/biyometrik/);
    expect(face.body).toMatch(/6\. maddesi/);
  });

  it('records each answer as evidence (name, relation, address, browser, text version) and may change it', async () => {
    await setUp();
    const parent = await asParent(0);
    const version = sha256(tr.parent.defaultTexts['print-photo']);
    const yes = await parent.put('consents/print-photo', answer);
    expect(yes.status, yes.raw).toBe(200);
    expect(yes.body.item).toMatchObject({ purpose: 'print-photo', answer: 'yes', textVersion: version });
    const no = await parent.put('consents/digital-photo', { answer: 'no', name: '  Fatma Nur Karaosmanoğlu ', relation: 'anne' });
    expect(no.status).toBe(200);

    const records = await db().select().from(consentRecords).orderBy(consentRecords.id);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      studentId: id(0),
      schoolId: kit.world.school.id,
      branchId: kit.world.branch.id,
      studioId: kit.world.studio.id,
      purpose: 'print-photo',
      answer: 'yes',
      givenByName: 'Fatma Nur Karaosmanoğlu',
      relation: 'anne',
      channel: 'online',
      textVersion: version,
      ip: '127.0.0.1',
      userAgent: BROWSER,
      recordedBy: null,
      scanKey: null,
    });
    expect(records[1]).toMatchObject({ purpose: 'digital-photo', answer: 'no', givenByName: 'Fatma Nur Karaosmanoğlu' });

    // A change appends evidence; the answer in force follows it.
    const changed = await parent.put('consents/print-photo', { answer: 'no', name: 'Hasan Hüseyin Karaosmanoğlu', relation: 'baba' });
    expect(changed.status).toBe(200);
    expect(await recordCount()).toBe(3);
    const read = await parent.get('consents');
    const byPurpose = Object.fromEntries(read.body.items.map((i: { purpose: string }) => [i.purpose, i]));
    expect(byPurpose['print-photo']).toMatchObject({ answer: 'no', textVersion: version });
    expect(byPurpose['digital-photo'].answer).toBe('no');
    expect(byPurpose['print-text'].answer).toBeNull();
    expect(new Date(byPurpose['print-photo'].answeredAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(read.body.lastAnswerer).toEqual({ name: 'Hasan Hüseyin Karaosmanoğlu', relation: 'baba' });
    const inForce = await db()
      .select()
      .from(studentConsents)
      .where(eq(studentConsents.studentId, id(0)));
    expect(inForce).toHaveLength(2);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'consent'));
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ studentId: id(0), userId: null, userName: 'Ayşe Gülşen Karaosmanoğlu velisi', schoolId: kit.world.school.id });
  });

  it('keeps families apart: one parent’s answers are not another’s, and each reaches only its own child', async () => {
    await setUp();
    const first = await asParent(0);
    const second = await asParent(1);
    const foreign = await asParent(5);
    expect((await first.put('consents/print-photo', answer)).status).toBe(200);
    const theirs = await second.get('consents');
    expect(theirs.body.student.name).toBe('Mehmet Çağrı Şahinbaşoğlu');
    expect(theirs.body.items.every((i: { answer: unknown }) => i.answer === null)).toBe(true);
    expect(theirs.body.lastAnswerer).toBeNull();
    expect((await second.put('consents/print-photo', { answer: 'no', name: 'Zehra Şahinbaşoğlu', relation: 'vasi' })).status).toBe(200);
    expect((await foreign.get('consents')).body.student.name).toBe('Zeynep Kaya');
    const rows = await db().select().from(studentConsents);
    expect(rows.map((r) => [r.studentId, r.answer]).sort()).toEqual(
      [
        [id(0), 'yes'],
        [id(1), 'no'],
      ].sort(),
    );
  });

  it('refuses bad input with a Turkish message and writes nothing', async () => {
    await setUp();
    const parent = await asParent(0);
    const cases: Array<[string, unknown, string, string]> = [
      ['consents/photo-everything', answer, 'purpose', tr.validation.choice],
      ['consents/print-photo', { ...answer, answer: 'belki' }, 'answer', tr.validation.choice],
      ['consents/print-photo', { ...answer, relation: 'dede' }, 'relation', tr.validation.choice],
      ['consents/print-photo', { ...answer, name: ' A ' }, 'name', tr.validation.minLength(3)],
      ['consents/print-photo', { answer: 'yes', relation: 'anne' }, 'name', tr.validation.required],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await parent.put(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: tr.badInput });
      expect(res.body.errors[field], field).toBe(message);
    }
    // A field of its own choosing (another child's id) is not taken either.
    const smuggled = await parent.put('consents/print-photo', { ...answer, studentId: id(1) });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.message).toBe(tr.badInput);
    expect(await recordCount()).toBe(0);
  });

  it('can no longer be changed once the school’s book is final (409), and the page says so', async () => {
    await setUp();
    const parent = await asParent(0);
    expect((await parent.put('consents/print-photo', answer)).status).toBe(200);
    await db().insert(yearbookFinals).values({ schoolId: kit.world.school.id, studioId: kit.world.studio.id });
    const res = await parent.put('consents/print-photo', { ...answer, answer: 'no' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tr.parent.consents.locked);
    expect(await recordCount()).toBe(1);
    const read = await parent.get('consents');
    expect(read.body.final).toBe(true);
    expect(read.body.items[0].answer).toBe('yes');
    // Another school's book is not this one's: its parents may still answer.
    const other = await asParent(4);
    expect((await other.put('consents/print-photo', { ...answer, name: 'Elif Naz Öztürk' })).status).toBe(200);
  });
});

describe('consent texts', () => {
  it('are the studio’s to edit (a new version each time), read by its parents and given to their answers', async () => {
    await setUp();
    const panel = await kit.as(kit.world.accounts.panel);
    const list = await panel.get('consent-texts');
    expect(list.status).toBe(200);
    expect(list.body.items.every((t: { isDefault: boolean }) => t.isDefault)).toBe(true);
    const body = 'Çocuğunuzun vesikalık fotoğrafı, Demo Fotoğraf Stüdyosu tarafından yalnızca basılı yıllıkta kullanılır. Açık rızanızı istiyoruz.';
    const saved = await panel.put('consent-texts/print-photo', { body: `  ${body} ` });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.item).toMatchObject({ purpose: 'print-photo', body, version: sha256(body), isDefault: false });
    // The same words again add no version.
    expect((await panel.put('consent-texts/print-photo', { body })).status).toBe(200);
    expect(await db().select().from(consentTexts)).toHaveLength(1);

    const parent = await asParent(0);
    const read = await parent.get('consents');
    expect(read.body.texts[0]).toMatchObject({ body, version: sha256(body) });
    expect((await parent.put('consents/print-photo', answer)).body.item.textVersion).toBe(sha256(body));
    // Another studio's parents still read the default.
    const foreign = await asParent(5);
    expect((await foreign.get('consents')).body.texts[0].isDefault).toBe(true);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, 'consent-text'));
    expect(audit).toHaveLength(1);
  });

  it('are edited by the studio only, and a bad text is refused with a Turkish message', async () => {
    await setUp();
    for (const account of ['school', 'branch'] as const) {
      const staff = await kit.as(kit.world.accounts[account]);
      expect((await staff.get('consent-texts')).status).toBe(403);
      expect((await staff.put('consent-texts/print-photo', { body: 'Yeni metin, yeterince uzun bir açık rıza metni.' })).status).toBe(403);
    }
    const panel = await kit.as(kit.world.accounts.panel);
    const short = await panel.put('consent-texts/print-photo', { body: 'Kısa' });
    expect(short.status).toBe(400);
    expect(short.body.errors.body).toBe(tr.validation.minLength(20));
    expect((await panel.put('consent-texts/bilinmeyen', { body: 'Yeni metin, yeterince uzun bir açık rıza metni.' })).status).toBe(400);
    expect(await db().select().from(consentTexts)).toHaveLength(0);
  });
});

describe('consent letters (Veli Onay Formu)', () => {
  it('print a page per student with the texts, the name and a new parent code that signs in, its QR opening the parents’ sign-in', async () => {
    await setUp();
    const school = await kit.as(kit.world.accounts.school);
    const letters = await school.pdf(`branches/${kit.world.branch.id}/consent-forms.pdf`);
    const report = await inspectPdf(letters);
    expect(report.pages).toBe(3);
    expect(report.text[0]).toContain('Ayşe Gülşen Karaosmanoğlu');
    expect(report.text[0]).toContain(tr.parent.title);
    expect(report.text[0]).toContain(tr.parent.purposes['face-matching']);
    expect(report.text[0]).toContain('biyometrik');
    const urls = await pdfLinks(letters);
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toBe(`${kit.config.publicUrl}/veli/login?school=${SCHOOL_CODE}`);
    const code = new RegExp(`${tr.parent.parentCode}: ([${CODE_ALPHABET}]{${CODE_LENGTH}})`).exec(report.text[1]!)?.[1];
    expect(code).toBeDefined();
    expect((await login('102', code!)).status).toBe(200);
    const issued = await db().select({ hash: students.parentCodeHash }).from(students).where(eq(students.branchId, kit.world.branch.id));
    expect(issued.every((s) => s.hash !== null)).toBe(true);
    // The student's own login cards never carry a parent code.
    const cards = await school.pdf(`branches/${kit.world.branch.id}/login-cards.pdf`);
    const cardText = (await inspectPdf(cards)).text.join(' ');
    expect(cardText).not.toContain(code);
    expect(cardText).not.toContain(tr.parent.parentCode);
  });

  it('print one student’s letter, and are refused outside the caller’s scope', async () => {
    await setUp();
    const branch = await kit.as(kit.world.accounts.branch);
    const report = await inspectPdf(await branch.pdf(`students/${id(1)}/consent-form.pdf`));
    expect(report.pages).toBe(1);
    expect(report.text[0]).toContain('Mehmet Çağrı Şahinbaşoğlu');
    for (const url of [`branches/${kit.world.siblingBranch.id}/consent-forms.pdf`, `students/${id(3)}/consent-form.pdf`]) {
      expect((await branch.post(url)).status, url).toBe(404);
    }
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect((await foreign.post(`branches/${kit.world.branch.id}/consent-forms.pdf`)).status).toBe(404);
    const hashes = await db().select({ id: students.id, hash: students.parentCodeHash }).from(students);
    expect(hashes.filter((h) => h.hash !== null).map((h) => h.id)).toEqual([id(1)]);
  });
});
