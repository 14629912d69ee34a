import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, students } from '../../db/schema';
import { single } from '../../db/rows';
import { itemOf, useApiTestKit } from '../../test/api';

const kit = useApiTestKit();

const newStudent = (over: Record<string, unknown> = {}) => ({
  schoolNumber: '150',
  firstName: 'Çağrı',
  lastName: 'Güneş',
  gender: 'male',
  quote: 'Hayat bir yolculuktur.',
  ...over,
});

describe('GET branches/{id}/students', () => {
  it('lists a branch page by page, sorted by school number by default', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.get(`branches/${kit.world.branch.id}/students?perPage=2`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((s: any) => s.schoolNumber)).toEqual(['101', '102']);
    expect(res.body.items[0]).toMatchObject({ firstName: 'Şule', lastName: 'Işık', branchName: '12/A', photoUrl: null, photoCount: 0 });
    const page2 = await school.get(`branches/${kit.world.branch.id}/students?perPage=2&page=2`);
    expect(page2.body.items.map((s: any) => s.schoolNumber)).toEqual(['103']);
  });

  it('sorts by name in Turkish alphabet order both ways', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const asc = await panel.get(`branches/${kit.world.branch.id}/students?sort=name`);
    expect(asc.body.items.map((s: any) => s.firstName)).toEqual(['İpek', 'Ömer', 'Şule']);
    const desc = await panel.get(`branches/${kit.world.branch.id}/students?sort=name&order=desc`);
    expect(desc.body.items.map((s: any) => s.firstName)).toEqual(['Şule', 'Ömer', 'İpek']);
  });

  it('sorts school numbers as numbers', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    await panel.post(`branches/${kit.world.branch.id}/students`, newStudent({ schoolNumber: '99' }));
    const res = await panel.get(`branches/${kit.world.branch.id}/students?sort=schoolNumber`);
    expect(res.body.items.map((s: any) => s.schoolNumber)).toEqual(['99', '101', '102', '103']);
  });

  it('finds with Turkish folding: sule, ŞULE, ISIK', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    for (const q of ['sule', 'ŞULE', 'ISIK', 'ışık']) {
      const res = await branch.get(`branches/${kit.world.branch.id}/students?q=${encodeURIComponent(q)}`);
      expect(
        res.body.items.map((s: any) => s.firstName),
        q,
      ).toEqual(['Şule']);
    }
    const byNumber = await branch.get(`branches/${kit.world.branch.id}/students?q=103`);
    expect(byNumber.body.items.map((s: any) => s.firstName)).toEqual(['İpek']);
  });

  it('refuses an unknown sort key or filter with a Turkish 400', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    for (const qs of ['sort=password', 'photo=maybe', 'consentState=1', 'consentPurpose=yuz', 'perPage=1000', 'page=0']) {
      const res = await panel.get(`branches/${kit.world.branch.id}/students?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(res.status === 400 && qs.startsWith('sort') ? tr.validation.choice : tr.badInput);
    }
  });

  it('answers 404 with no data for branches outside the caller’s scope', async () => {
    const w = kit.world;
    const cases = [
      [w.accounts.branch, w.siblingBranch.id],
      [w.accounts.school, w.otherSchoolBranch.id],
      [w.accounts.panel, w.foreignBranch.id],
      [w.accounts.foreignPanel, w.branch.id],
      [w.accounts.otherSchool, w.branch.id],
    ] as const;
    for (const [account, branchId] of cases) {
      const caller = await kit.as(account);
      const res = await caller.get(`branches/${branchId}/students`);
      expect(res.status, account.email).toBe(404);
      expect(res.body).toEqual({ success: false, message: tr.notFound });
    }
  });

  it('answers 401 without a token and for a token of another level', async () => {
    const res = await kit.call('GET', `/api/panel/branches/${kit.world.branch.id}/students`);
    expect(res.status).toBe(401);
    const school = await kit.as(kit.world.accounts.school);
    const wrongLevel = await school.raw('GET', `/api/panel/branches/${kit.world.branch.id}/students`);
    expect(wrongLevel.status).toBe(401);
  });
});

describe('POST branches/{id}/students', () => {
  it('creates a student, answers it, and audits the write', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.post(`branches/${kit.world.branch.id}/students`, newStudent());
    expect(itemOf(res)).toMatchObject({
      schoolNumber: '150',
      firstName: 'Çağrı',
      lastName: 'Güneş',
      gender: 'male',
      consents: { 'print-photo': 'none', 'digital-photo': 'none', 'print-text': 'none', 'face-matching': 'none' },
      nickname: '',
      branchName: '12/A',
    });
    const row = single(await kit.database.db.select().from(students).where(eq(students.id, res.body.item.id)));
    expect(row.searchKey).toBe('cagri gunes 150');
    const audits = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, row.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses a school number already used in the same school, even in another branch', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.post(`branches/${kit.world.siblingBranch.id}/students`, newStudent({ schoolNumber: '101' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: tr.students.numberTaken, errors: { schoolNumber: tr.students.numberTaken } });
    // Another school may use the same number.
    const other = await kit.as(kit.world.accounts.otherSchool);
    const ok = await other.post(`branches/${kit.world.otherSchoolBranch.id}/students`, newStudent({ schoolNumber: '101' }));
    expect(ok.status).toBe(200);
  });

  it('answers 400 with Turkish field errors and writes nothing for bad bodies', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = await kit.database.db.select().from(students);
    const bad = [
      [{ ...newStudent(), firstName: '' }, 'firstName', tr.validation.required],
      [{ ...newStudent(), quote: 'x'.repeat(301) }, 'quote', tr.validation.maxLength(300)],
      // Consent is the parents' answer, never a field staff tick on the student.
      [{ ...newStudent(), photoConsent: true }, 'photoConsent', undefined],
      [{ ...newStudent(), gender: 'x' }, 'gender', undefined],
      [{ ...newStudent(), nickname: 'Kanka' }, 'nickname', undefined],
      [{ ...newStudent(), schoolNumber: '<b>' }, 'schoolNumber', undefined],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await panel.post(`branches/${kit.world.branch.id}/students`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(tr.badInput);
      // Unknown fields (nickname is read-only here) are named in the message of the body error.
      expect(JSON.stringify(res.body.errors)).toContain(field);
      if (message) expect(res.body.errors[field]).toBe(message);
    }
    expect(await kit.database.db.select().from(students)).toHaveLength(before.length);
  });

  it('answers 404 for a branch of another school and writes nothing', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.post(`branches/${kit.world.siblingBranch.id}/students`, newStudent());
    expect(res.status).toBe(404);
    const rows = await kit.database.db.select().from(students).where(eq(students.schoolNumber, '150'));
    expect(rows).toHaveLength(0);
  });
});

describe('students/{id}', () => {
  const first = () => kit.world.students[0].id;

  it('reads, updates (audited with changed fields) and keeps the nickname read-only', async () => {
    const school = await kit.as(kit.world.accounts.school);
    await kit.database.db.update(students).set({ nickname: 'Şimşek' }).where(eq(students.id, first()));
    const res = await school.put(`students/${first()}`, {
      ...newStudent({ schoolNumber: '101', firstName: 'Şule Nur' }),
      version: await kit.versionOf(students, first()),
    });
    expect(itemOf(res)).toMatchObject({ firstName: 'Şule Nur', nickname: 'Şimşek', quote: 'Hayat bir yolculuktur.' });
    const got = await school.get(`students/${first()}`);
    expect(got.body.item.firstName).toBe('Şule Nur');
    const audit = single(
      await kit.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'student'), eq(auditLog.action, 'update'))),
    );
    expect((audit.changes as any).firstName).toEqual(['Şule', 'Şule Nur']);
  });

  it('refuses to take another student’s number on update', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.put(`students/${first()}`, { ...newStudent({ schoolNumber: '102' }), version: await kit.versionOf(students, first()) });
    expect(res.status).toBe(409);
    expect(res.body.errors.schoolNumber).toBe(tr.students.numberTaken);
  });

  it('moves a student to another branch of the same school only', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const moved = await school.post(`students/${first()}/move`, { branchId: kit.world.siblingBranch.id });
    expect(itemOf(moved)).toMatchObject({ branchId: kit.world.siblingBranch.id, branchName: '12/B' });
    const list = await school.get(`branches/${kit.world.siblingBranch.id}/students`);
    expect(list.body.items.map((s: any) => s.schoolNumber)).toContain('101');

    const panel = await kit.as(kit.world.accounts.panel);
    const otherSchool = await panel.post(`students/${first()}/move`, { branchId: kit.world.otherSchoolBranch.id });
    expect(otherSchool.status).toBe(400);
    expect(otherSchool.body.errors.branchId).toBe(tr.students.moveOtherSchool);
    // A branch manager cannot move into a branch it does not see.
    const branch = await kit.as(kit.world.accounts.branch);
    const second = kit.world.students[1].id;
    const out = await branch.post(`students/${second}/move`, { branchId: kit.world.siblingBranch.id });
    expect(out.status).toBe(404);
  });

  it('deletes a student (audited)', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await branch.del(`students/${first()}`);
    expect(res.status).toBe(200);
    expect((await branch.get(`students/${first()}`)).status).toBe(404);
    const audits = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(audits).toHaveLength(1);
  });

  it('answers 404 and changes nothing for students outside the caller’s scope', async () => {
    const w = kit.world;
    const foreign = w.students[5].id; // other studio
    const sibling = w.students[3].id; // 12/B of the same school
    const otherSchool = w.students[4].id;
    const cases = [
      [w.accounts.branch, sibling],
      [w.accounts.school, otherSchool],
      [w.accounts.panel, foreign],
      [w.accounts.foreignSchool, w.students[0].id],
    ] as const;
    for (const [account, id] of cases) {
      const caller = await kit.as(account);
      for (const res of [
        await caller.get(`students/${id}`),
        await caller.put(`students/${id}`, { ...newStudent({ schoolNumber: '555' }), version: await kit.versionOf(students, id) }),
        await caller.post(`students/${id}/move`, { branchId: w.branch.id }),
        await caller.del(`students/${id}`),
      ]) {
        expect(res.status, account.email).toBe(404);
        expect(res.body.message).toBe(tr.notFound);
      }
    }
    expect(await kit.database.db.select().from(students)).toHaveLength(6);
    expect(await kit.database.db.select().from(auditLog)).toHaveLength(0);
  });
});

describe('actions on picked students', () => {
  const w = () => kit.world;
  const ids = (...indexes: Array<0 | 1 | 2 | 3 | 4 | 5>) => indexes.map((i) => w().students[i].id);
  const snapshot = async () => (await kit.database.db.select().from(students)).sort((a, b) => a.id - b.id);

  it('moves picked students to another branch of the school, and deletes picked students with their audit', async () => {
    const school = await kit.as(w().accounts.school);
    const moved = await school.post(`branches/${w().branch.id}/students/move`, { studentIds: ids(0, 1), branchId: w().siblingBranch.id });
    expect(moved.body).toEqual({ success: true, count: 2 });
    const list = await school.get(`branches/${w().siblingBranch.id}/students`);
    expect(list.body.items.map((s: any) => s.schoolNumber).sort()).toEqual(['101', '102', '201']);
    const panel = await kit.as(w().accounts.panel);
    const otherSchool = await panel.post(`branches/${w().siblingBranch.id}/students/move`, { studentIds: ids(0), branchId: w().otherSchoolBranch.id });
    expect(otherSchool.status).toBe(400);
    expect(otherSchool.body.errors.branchId).toBe(tr.students.moveOtherSchool);

    const deleted = await school.post(`branches/${w().siblingBranch.id}/students/delete`, { studentIds: ids(0, 3) });
    expect(deleted.body).toEqual({ success: true, count: 2 });
    expect((await snapshot()).map((r) => r.id)).toEqual(ids(1, 2, 4, 5));
    const audits = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(audits.map((a) => a.entityId).sort()).toEqual(ids(0, 3).sort());
  });

  it('refuses the whole request when one id is of another branch or school, another level’s caller, or bad input; nothing changes', async () => {
    const before = await snapshot();
    const branchUrl = (action: string) => `branches/${w().branch.id}/students/${action}`;
    const cases: Array<[keyof ReturnType<typeof w>['accounts'], string, Record<string, unknown>, number]> = [
      ['school', branchUrl('delete'), { studentIds: ids(0, 3) }, 404], // 3: a student of 12/B
      ['panel', branchUrl('delete'), { studentIds: ids(0, 4) }, 404], // 4: another school's
      ['panel', branchUrl('delete'), { studentIds: ids(0, 1, 5) }, 404], // 5: another studio's
      ['school', branchUrl('move'), { studentIds: ids(0, 4), branchId: w().siblingBranch.id }, 404],
      ['siblingBranch', branchUrl('delete'), { studentIds: ids(0) }, 404],
      ['otherSchool', branchUrl('delete'), { studentIds: ids(0) }, 404],
      ['branch', branchUrl('move'), { studentIds: ids(0), branchId: w().siblingBranch.id }, 404], // a branch it does not see
      ['school', branchUrl('delete'), { studentIds: [] }, 400],
      ['school', branchUrl('delete'), { studentIds: ['bir'] }, 400],
      ['school', branchUrl('delete'), { studentIds: Array.from({ length: 201 }, (_, i) => i + 1) }, 400],
    ];
    for (const [account, url, body, status] of cases) {
      const res = await (await kit.as(w().accounts[account])).post(url, body);
      expect(res.status, `${account} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(res.body.success).toBe(false);
    }
    const mixed = await (await kit.as(w().accounts.school)).post(branchUrl('delete'), { studentIds: ids(0, 3) });
    expect(mixed.body.message).toBe(tr.students.bulk.notInBranch);
    expect(await snapshot()).toEqual(before);
    expect(await kit.database.db.select().from(auditLog)).toHaveLength(0);
  });
});

describe('GET branches/{id}/siblings', () => {
  it('lists the school’s branches the caller may move students into', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.get(`branches/${kit.world.branch.id}/siblings`);
    expect(res.body.items.map((b: any) => b.name)).toEqual(['12/A', '12/B']);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get(`branches/${kit.world.branch.id}/siblings`)).body.items.map((b: any) => b.name)).toEqual(['12/A']);
    expect((await branch.get(`branches/${kit.world.siblingBranch.id}/siblings`)).status).toBe(404);
  });
});

describe('GET branches/{id}/students/export', () => {
  it('exports CSV with BOM and ; and Turkish headers', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await school.get(`branches/${kit.world.branch.id}/students/export?format=csv&sort=name`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.raw.charCodeAt(0)).toBe(0xfeff);
    const lines = res.raw.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Okul No;Ad;Soyad;Şube;Cinsiyet;Lakap;Yıllık sözü;Basılı yıllıkta fotoğraf;Dijital yıllıkta fotoğraf;Basılı yıllıkta ad, söz ve mesajlar;Yüz eşleştirme;Fotoğraflar',
    );
    expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual(['İpek', 'Ömer', 'Şule']);
  });

  it('exports XLSX and refuses another school’s branch', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const res = await kit.app.inject({
      method: 'GET',
      url: `/api/school/branches/${kit.world.branch.id}/students/export?format=xlsx`,
      headers: { authorization: `Bearer ${school.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.get(`branches/${kit.world.branch.id}/students/export?format=csv`)).status).toBe(404);
    expect((await school.get(`branches/${kit.world.branch.id}/students/export?format=pdf`)).status).toBe(400);
  });
});
