/**
 * A student's data under KVKK: the export zip (read with Info-ZIP's unzip, as a family would open
 * it) holds the student's rows and photos and nothing of a classmate; erasure leaves no row or file
 * of the student, keeps the consent evidence detached, goes through an approved book's lock and
 * is written to the erasure log; both refuse callers out of scope and bad input.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, consentRecords, erasures, messages, nicknames, photos, studentSessions, students, yearbookApprovals } from '../../db/schema';
import { useApiTestKit, type Caller } from '../../test/api';
import { recordConsent } from '../consents/records';
import { fileKey } from '../photos/queries';
import { readErasureLog } from './erasureLog';
import { reapplyErasures } from './reapply';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-kvkk-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({ DATA_DIR: dataDir });

/** Empties the erasure log of the app's store (on disk or in its bucket). */
async function clearErasureLog() {
  const log = kit.app.storage.erasures;
  for await (const file of log.list('')) await log.remove(file.key);
}

const jpeg = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** Şule (101) and her classmates Ömer (102) and İpek (103), with photos, messages, nicknames, a consent and a session. */
async function classWithData() {
  const db = kit.database.db;
  const [sule, omer, ipek] = kit.world.students;
  const place = { studioId: kit.world.studio.id, schoolId: kit.world.school.id, branchId: kit.world.branch.id };
  const panel = await kit.as(kit.world.accounts.panel);
  const upload = async (id: number, color: string) => {
    const res = await panel.upload(`students/${id}/photos`, [{ name: 'files', fileName: 'foto.jpg', contentType: 'image/jpeg', data: await jpeg(color) }]);
    expect(res.status, res.raw).toBe(200);
    return (await db.select().from(photos).where(eq(photos.studentId, id)))[0]!;
  };
  const sulePhoto = await upload(sule.id, '#336699');
  const omerPhoto = await upload(omer.id, '#996633');
  const edit = await panel.put(`students/${omer.id}`, {
    schoolNumber: '102',
    firstName: 'Ömer',
    lastName: 'Çelik',
    gender: 'male',
    quote: 'Ömerin gizli sözü',
    version: await kit.versionOf(students, omer.id),
  });
  expect(edit.status, edit.raw).toBe(200);
  const sulesQuote = await panel.put(`students/${sule.id}`, {
    schoolNumber: '101',
    firstName: 'Şule',
    lastName: 'Işık',
    gender: 'female',
    quote: 'Şulenin sözü',
    version: await kit.versionOf(students, sule.id),
  });
  expect(sulesQuote.status, sulesQuote.raw).toBe(200);
  const message = (from: number, to: number, body: string) =>
    db.insert(messages).values({ ...place, kind: 'student', fromStudentId: from, toStudentId: to, body, status: 'approved' });
  await message(sule.id, omer.id, 'Şuleden Ömere anı');
  await message(omer.id, sule.id, 'Ömerden Şuleye anı');
  await message(omer.id, ipek.id, 'Ömerden İpeğe gizli anı');
  await db.insert(nicknames).values([
    { ...place, fromStudentId: sule.id, toStudentId: omer.id, text: 'Kaptan' },
    { ...place, fromStudentId: omer.id, toStudentId: sule.id, text: 'Yıldız' },
    { ...place, fromStudentId: omer.id, toStudentId: ipek.id, text: 'Gizli Lakap' },
  ]);
  await db.transaction(async (tx) => {
    const subject = { id: sule.id, ...place };
    await recordConsent(tx, subject, {
      purpose: 'print-photo',
      answer: 'yes',
      givenByName: 'Ayşe Veli',
      relation: 'anne',
      channel: 'online',
      textVersion: 'v1',
      ip: '10.0.0.7',
    });
    await recordConsent(
      tx,
      { id: omer.id, ...place },
      { purpose: 'print-photo', answer: 'no', givenByName: 'Ömerin Babası', relation: 'baba', channel: 'paper', textVersion: 'v1' },
    );
  });
  await db.insert(studentSessions).values({ studentId: sule.id, tokenHash: 'sule-oturum', expiresAt: new Date(Date.now() + 3_600_000) });
  // A paper form each for the digital yearbook, entered by the class teacher with its scan.
  const branch = await kit.as(kit.world.accounts.branch);
  const paperForm = async (id: number, givenByName: string, color: string) => {
    const scan = await branch.upload(`students/${id}/consent-scans`, [
      { name: 'file', fileName: 'form.jpg', contentType: 'image/jpeg', data: await jpeg(color) },
    ]);
    expect(scan.status, scan.raw).toBe(200);
    const saved = await branch.post(`students/${id}/consents`, {
      purpose: 'digital-photo',
      answer: 'yes',
      givenByName,
      relation: 'baba',
      scanKey: scan.body.scanKey,
    });
    expect(saved.status, saved.raw).toBe(200);
    const [record] = await db.select().from(consentRecords).where(eq(consentRecords.scanKey, scan.body.scanKey));
    return { id: record!.id, key: scan.body.scanKey as string };
  };
  const suleScan = await paperForm(sule.id, 'Ahmet Işık', '#ffffff');
  const omerScan = await paperForm(omer.id, 'Ömerin Babası', '#eeeeee');
  return { sule, omer, ipek, sulePhoto, omerPhoto, suleScan, omerScan };
}

/** The export as bytes (inject keeps the raw payload). */
async function exportOf(caller: Caller, id: number | string) {
  return kit.app.inject({ method: 'GET', url: `/api/${caller.level}/students/${id}/export`, headers: { authorization: `Bearer ${caller.token}` } });
}

function unzip(zip: Buffer) {
  const file = path.join(dataDir, `export-${Date.now()}.zip`);
  fs.writeFileSync(file, zip);
  execFileSync('unzip', ['-tq', file]); // every entry's checksum
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const read = (name: string) => execFileSync('unzip', ['-p', file, name]);
  return { names, read };
}

describe('GET students/{id}/export', () => {
  beforeEach(clearErasureLog);

  it("zips the student's rows and photo originals, and nothing of a classmate", async () => {
    const { sule, sulePhoto, omerPhoto, suleScan, omerScan } = await classWithData();
    const branch = await kit.as(kit.world.accounts.branch);
    const res = await exportOf(branch, sule.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="ogrenci-verileri-101-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = unzip(res.rawPayload);
    expect(zip.names).toEqual(['BENIOKU.txt', 'veri.json', `fotograflar/${sulePhoto.id}.jpg`, `veli-onay-formlari/${suleScan.id}.jpg`]);
    // The paper form's scan as stored; the classmate's is not there.
    expect(zip.read(`veli-onay-formlari/${suleScan.id}.jpg`).equals((await kit.app.storage.photos.get(suleScan.key))!)).toBe(true);
    const original = await kit.app.storage.photos.get(fileKey(sulePhoto.storageKey, 'original'));
    expect(original).not.toBeNull();
    expect(zip.read(`fotograflar/${sulePhoto.id}.jpg`).equals(original!)).toBe(true);

    const text = zip.read('veri.json').toString('utf8');
    const data = JSON.parse(text);
    expect(data.student).toMatchObject({ firstName: 'Şule', lastName: 'Işık', schoolNumber: '101', branch: '12/A', quote: 'Şulenin sözü' });
    expect(data.messagesWritten).toEqual([expect.objectContaining({ body: 'Şuleden Ömere anı', toName: 'Ömer Çelik', status: 'approved' })]);
    expect(data.messagesReceived).toEqual([expect.objectContaining({ body: 'Ömerden Şuleye anı', fromName: 'Ömer Çelik' })]);
    expect(data.nicknamesSuggested).toEqual([expect.objectContaining({ text: 'Kaptan', toName: 'Ömer Çelik' })]);
    expect(data.nicknamesReceived).toEqual([expect.objectContaining({ text: 'Yıldız' })]);
    expect(data.nicknamesReceived[0]).not.toHaveProperty('fromName');
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'print-photo', answer: 'yes' }),
        expect.objectContaining({ purpose: 'digital-photo', answer: 'yes' }),
      ]),
    );
    expect(data.consentEvidence).toEqual([
      expect.objectContaining({ purpose: 'print-photo', givenByName: 'Ayşe Veli', relation: 'anne', channel: 'online', ip: '10.0.0.7', scan: null }),
      expect.objectContaining({ purpose: 'digital-photo', givenByName: 'Ahmet Işık', channel: 'paper', scan: `veli-onay-formlari/${suleScan.id}.jpg` }),
    ]);
    expect(text).not.toContain(suleScan.key);
    expect(data.photos).toEqual([expect.objectContaining({ id: sulePhoto.id, file: `fotograflar/${sulePhoto.id}.jpg`, width: 320, height: 240 })]);
    expect(data.audit.map((a: { action: string; entity: string }) => `${a.action} ${a.entity}`)).toEqual(
      expect.arrayContaining(['create photo', 'update student']),
    );
    // Of a classmate: only the name the book prints beside what they share.
    for (const secret of [
      'Ömerin gizli sözü',
      'Ömerden İpeğe gizli anı',
      'Gizli Lakap',
      'Ömerin Babası',
      'İpek',
      '"102"',
      omerPhoto.storageKey,
      omerScan.key,
      `/${omerScan.id}.jpg`,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/access_?code_?hash|parentCodeHash|accessCodeHash/i);
    // Handing the data over is recorded.
    const [recorded] = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    expect(recorded).toMatchObject({ entity: 'student', entityId: sule.id, userName: 'Şube Yöneticisi' });
  });

  it('refuses a student of another branch, school or studio, another level and a bad id', async () => {
    const [sule] = kit.world.students;
    for (const account of [kit.world.accounts.siblingBranch, kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const res = await exportOf(await kit.as(account), sule.id);
      expect(res.statusCode, account.email).toBe(404);
      expect(res.json().message).toBe(tr.notFound);
    }
    const school = await kit.as(kit.world.accounts.school);
    const wrongPrefix = await kit.call('GET', `/api/panel/students/${sule.id}/export`, undefined, { authorization: `Bearer ${school.token}` });
    expect(wrongPrefix.status).toBe(401);
    const bad = await exportOf(school, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: tr.badInput, errors: { id: tr.validation.number } });
    expect(await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'export'))).toEqual([]);
  });
});

/** Every public table's rows as text, to look for what must be gone. */
async function everyRowAsText(): Promise<string> {
  const db = kit.database.db;
  const tables = await db.execute<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  let text = '';
  for (const { tablename } of tables.rows) {
    const rows = await db.execute<{ line: string }>(sql`SELECT row_to_json(t)::text AS line FROM ${sql.identifier(tablename)} t`);
    text += rows.rows.map((r) => `${tablename}: ${r.line}`).join('\n');
  }
  return text;
}

describe('POST students/{id}/erase', () => {
  beforeEach(clearErasureLog);

  it('leaves no row or file of the student, keeps the consent evidence detached, and goes through an approved book', async () => {
    const db = kit.database.db;
    const { sule, omer, sulePhoto, omerPhoto, suleScan, omerScan } = await classWithData();
    await db.insert(yearbookApprovals).values({ branchId: kit.world.branch.id, studioId: kit.world.studio.id, schoolId: kit.world.school.id });
    const school = await kit.as(kit.world.accounts.school);

    const res = await school.post(`students/${sule.id}/erase`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.counts).toEqual({ photos: 1, messages: 2, nicknames: 2, sessions: 1, consentRecords: 2, yearbookFiles: 0, consentScans: 1 });

    // Every table with a student column, and the store.
    expect(await db.select().from(students).where(eq(students.id, sule.id))).toEqual([]);
    const left = await db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM photos WHERE student_id = ${sule.id})
        + (SELECT count(*) FROM messages WHERE ${sule.id} IN (from_student_id, to_student_id, author_student_id))
        + (SELECT count(*) FROM nicknames WHERE ${sule.id} IN (from_student_id, to_student_id, author_student_id))
        + (SELECT count(*) FROM student_sessions WHERE student_id = ${sule.id})
        + (SELECT count(*) FROM notification_recipients WHERE student_id = ${sule.id})
        + (SELECT count(*) FROM student_consents WHERE student_id = ${sule.id})
        + (SELECT count(*) FROM consent_records WHERE student_id = ${sule.id})
        + (SELECT count(*) FROM audit_log WHERE student_id = ${sule.id}) AS n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
    const everything = await everyRowAsText();
    for (const gone of ['Şule', 'Şulenin sözü', 'Şuleden Ömere anı', 'Ömerden Şuleye anı', 'Kaptan', 'Yıldız', sulePhoto.storageKey]) {
      expect(everything).not.toContain(gone);
    }
    expect(await kit.app.storage.photos.stat(fileKey(sulePhoto.storageKey, 'original'))).toBeNull();
    expect(await kit.app.storage.photos.stat(fileKey(omerPhoto.storageKey, 'original'))).not.toBeNull();
    // The paper form's scan goes too (its record stays as the evidence); the classmate's stays.
    expect(await kit.app.storage.photos.stat(suleScan.key)).toBeNull();
    expect(await kit.app.storage.photos.stat(omerScan.key)).not.toBeNull();
    for await (const left of kit.app.storage.photos.list(`consent-scans/${sule.id}`)) expect.fail(`${left.key} is left`);

    // The evidence stays, detached and pointing at the erasure; the classmate's is untouched.
    const [erasure] = await db.select().from(erasures);
    expect(erasure).toMatchObject({ studentId: sule.id, erasedByName: 'Okul Yöneticisi', counts: res.body.counts });
    expect(res.body.erasureId).toBe(erasure!.id);
    const evidence = await db.select().from(consentRecords).orderBy(consentRecords.id);
    expect(evidence.map((e) => [e.studentId, e.erasureId, e.givenByName])).toEqual([
      [null, erasure!.id, 'Ayşe Veli'],
      [omer.id, null, 'Ömerin Babası'],
      [null, erasure!.id, 'Ahmet Işık'],
      [omer.id, null, 'Ömerin Babası'],
    ]);
    // Who and when, not what.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'erase'));
    expect(entry).toMatchObject({ entity: 'student', entityId: sule.id, userName: 'Okul Yöneticisi', changes: { ...res.body.counts, bookApproved: true } });
    const log = await readErasureLog(kit.app.storage.erasures);
    expect(log).toEqual([expect.objectContaining({ id: erasure!.id, studentId: sule.id, erasedByName: 'Okul Yöneticisi' })]);
    expect((await kit.app.storage.erasures.get(`erasure-${erasure!.id}`))!.toString('utf8')).not.toContain('Şule');
    // The classmates' data and the lock stay: an ordinary delete in the approved branch is still refused.
    expect(await db.select().from(messages).where(eq(messages.body, 'Ömerden İpeğe gizli anı'))).toHaveLength(1);
    expect((await school.del(`students/${omer.id}`)).status).toBe(423);
  });

  it('is refused to a branch manager, to another school or studio, and for a bad id, changing nothing', async () => {
    const db = kit.database.db;
    const [sule] = kit.world.students;
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.post(`students/${sule.id}/erase`)).status).toBe(403);
    for (const account of [kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel, kit.world.accounts.foreignSchool]) {
      const res = await (await kit.as(account)).post(`students/${sule.id}/erase`);
      expect(res.status, account.email).toBe(404);
      expect(res.body.message).toBe(tr.notFound);
    }
    const panel = await kit.as(kit.world.accounts.panel);
    const bad = await panel.post('students/0/erase');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(tr.badInput);
    expect(await db.select().from(students).where(eq(students.id, sule.id))).toHaveLength(1);
    expect(await db.select().from(erasures)).toEqual([]);
    expect(await readErasureLog(kit.app.storage.erasures)).toEqual([]);
  });

  it('is re-applied by a restore from the log in the file store (on disk or in the bucket), on whichever node restores', async () => {
    const db = kit.database.db;
    const { sule, sulePhoto } = await classWithData();
    const [row] = await db.select().from(students).where(eq(students.id, sule.id));
    const original = fileKey(sulePhoto.storageKey, 'original');
    const bytes = await kit.app.storage.photos.get(original);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.post(`students/${sule.id}/erase`)).status).toBe(200);
    // An older backup restored: the student and her photo are back (the rows and the file as they were).
    await db.insert(students).values(row!);
    await db.insert(photos).values(sulePhoto);
    await kit.app.storage.photos.put(original, bytes!);
    expect(await reapplyErasures(db, kit.app.storage)).toBe(1);
    expect(await db.select().from(students).where(eq(students.id, sule.id))).toEqual([]);
    expect(await db.select().from(photos).where(eq(photos.studentId, sule.id))).toEqual([]);
    expect(await kit.app.storage.photos.stat(original)).toBeNull();
    const [again] = await db.select().from(auditLog).where(eq(auditLog.action, 'erase-again'));
    expect(again).toMatchObject({ entity: 'student', entityId: sule.id, userName: 'Sistem' });
  });
});
