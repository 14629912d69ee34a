/**
 * Staff's side of parents' consent through the API: the state per purpose on the students list
 * and its filter, the counts on Home, a paper form entered with its scan (metadata stripped) and the
 * evidence it leaves, the class teacher's list, the reminder; other levels' and schools' callers
 * refused, bad input a Turkish 400 that changes nothing; face matching only with its consent.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, consentRecords, notificationRecipients, studentConsents } from '../../db/schema';
import { useApiTestKit } from '../../test/api';
import { answerConsent } from '../../test/consents';
import { faceMatchable } from './faces';
import { seedDemo } from '../../seed/demo';
import type { ConsentPurpose } from '../../../common/schemas/consents';

const kit = useApiTestKit();
/** The version an answer to the product's default text names: the text's sha256. */
const defaultVersion = (purpose: ConsentPurpose) => createHash('sha256').update(tr.parent.defaultTexts[purpose], 'utf8').digest('hex');
const paper = { purpose: 'print-photo', answer: 'yes', givenByName: 'Ayşe Işık', relation: 'anne' } as const;

describe('the state of each purpose, on the students list', () => {
  it('shows given / refused / not answered per student, filters by purpose and state on the server (paged), and counts them for Home', async () => {
    const [sule, omer, ipek] = kit.world.students;
    await answerConsent(kit.database.db, sule, 'print-photo', 'yes');
    await answerConsent(kit.database.db, omer, 'print-photo', 'no');
    await answerConsent(kit.database.db, omer, 'digital-photo', 'yes');
    // Changing an answer replaces the one in force; the evidence keeps both.
    await answerConsent(kit.database.db, sule, 'face-matching', 'yes');
    await answerConsent(kit.database.db, sule, 'face-matching', 'no');
    const branch = await kit.as(kit.world.accounts.branch);
    const url = `branches/${kit.world.branch.id}/students`;
    const list = await branch.get(url);
    const of = (id: number) => list.body.items.find((s: { id: number }) => s.id === id).consents;
    expect(of(sule.id)).toEqual({ 'print-photo': 'yes', 'digital-photo': 'none', 'print-text': 'none', 'face-matching': 'no' });
    expect(of(omer.id)).toEqual({ 'print-photo': 'no', 'digital-photo': 'yes', 'print-text': 'none', 'face-matching': 'none' });
    expect(of(ipek.id)).toEqual({ 'print-photo': 'none', 'digital-photo': 'none', 'print-text': 'none', 'face-matching': 'none' });

    const numbers = async (qs: string) => {
      const res = await branch.get(`${url}?${qs}`);
      expect(res.status, qs).toBe(200);
      return { total: res.body.total, numbers: res.body.items.map((s: { schoolNumber: string }) => s.schoolNumber) };
    };
    // Without a purpose the state is about photos in the printed book.
    expect(await numbers('consentState=yes')).toEqual({ total: 1, numbers: ['101'] });
    expect(await numbers('consentPurpose=print-photo&consentState=no')).toEqual({ total: 1, numbers: ['102'] });
    expect(await numbers('consentPurpose=print-photo&consentState=none')).toEqual({ total: 1, numbers: ['103'] });
    expect(await numbers('consentPurpose=digital-photo&consentState=none&perPage=1&page=2')).toEqual({ total: 2, numbers: ['103'] });
    expect(await numbers('consentPurpose=face-matching&consentState=no')).toEqual({ total: 1, numbers: ['101'] });
    expect(await numbers('consentPurpose=print-text&consentState=yes')).toEqual({ total: 0, numbers: [] });

    // Home: the branch's three students per purpose; the school's four (its other branch's student has not answered).
    const counts = (await branch.get('statistics')).body.dashboard.consents;
    expect(counts).toEqual([
      { purpose: 'print-photo', yes: 1, no: 1, none: 1 },
      { purpose: 'digital-photo', yes: 1, no: 0, none: 2 },
      { purpose: 'print-text', yes: 0, no: 0, none: 3 },
      { purpose: 'face-matching', yes: 0, no: 1, none: 2 },
    ]);
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('statistics')).body.dashboard.consents[0]).toEqual({ purpose: 'print-photo', yes: 1, no: 1, none: 2 });
    // A student moved to another branch takes its answers there.
    expect((await school.post(`students/${omer.id}/move`, { branchId: kit.world.siblingBranch.id })).status).toBe(200);
    expect((await branch.get('statistics')).body.dashboard.consents[0]).toEqual({ purpose: 'print-photo', yes: 1, no: 0, none: 1 });
  });

  it('lets face matching touch only students whose parents consented to it', async () => {
    const [sule, omer, ipek] = kit.world.students;
    await answerConsent(kit.database.db, sule, 'face-matching', 'yes');
    await answerConsent(kit.database.db, omer, 'face-matching', 'no');
    expect([...(await faceMatchable(kit.database.db, [sule.id, omer.id, ipek.id]))]).toEqual([sule.id]);
  });
});

describe('a paper form entered by staff', () => {
  it('records the answer with its scan (metadata stripped) on the paper channel, naming who entered it; the evidence shows who, as whom, when, how and to which text', async () => {
    const [sule] = kit.world.students;
    const branch = await kit.as(kit.world.accounts.branch);
    const photo = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#f0f0f0' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Gizli Konum', Make: 'Telefon' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const scan = await branch.upload(`students/${sule.id}/consent-scans`, [{ name: 'file', fileName: 'form.jpg', data: photo, contentType: 'image/jpeg' }]);
    expect(scan.status, scan.raw).toBe(200);
    expect(scan.body.scanKey).toMatch(new RegExp(`^consent-scans/${sule.id}/[0-9a-f]{32}\\.jpg$`));

    const res = await branch.post(`students/${sule.id}/consents`, { ...paper, scanKey: scan.body.scanKey });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.states).toEqual({ 'print-photo': 'yes', 'digital-photo': 'none', 'print-text': 'none', 'face-matching': 'none' });
    expect(res.body.records).toEqual([
      {
        id: expect.any(Number),
        purpose: 'print-photo',
        answer: 'yes',
        givenByName: 'Ayşe Işık',
        relation: 'anne',
        channel: 'paper',
        textVersion: defaultVersion('print-photo'),
        answeredAt: expect.any(String),
        recordedByName: 'Şube Yöneticisi',
        hasScan: true,
      },
    ]);
    const [record] = await kit.database.db.select().from(consentRecords);
    expect(record).toMatchObject({ channel: 'paper', recordedBy: kit.world.accounts.branch.id, scanKey: scan.body.scanKey, studentId: sule.id });
    const audits = await kit.database.db.select().from(auditLog).where(eq(auditLog.entity, 'consent'));
    expect(audits.map((a) => [a.action, a.entityId])).toEqual([['create', sule.id]]);

    // The scan opens for staff in scope, as a JPEG without the camera's metadata.
    const file = await branch.raw('GET', `/api/branch/consent-records/${record!.id}/scan`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const stored = await kit.app.storage.photos.get(record!.scanKey!);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('Gizli Konum'))).toBe(false);
    // Another branch's manager and another school's do not reach it.
    for (const account of [kit.world.accounts.siblingBranch, kit.world.accounts.otherSchool, kit.world.accounts.foreignPanel]) {
      const other = await kit.as(account);
      expect((await other.raw('GET', `/api/${account.level}/consent-records/${record!.id}/scan`)).status, account.email).toBe(404);
    }

    // A later refusal is the answer in force; the list of evidence has both, newest first.
    const school = await kit.as(kit.world.accounts.school);
    const no = await school.post(`students/${sule.id}/consents`, { ...paper, answer: 'no', givenByName: 'Ali Işık', relation: 'baba' });
    expect(no.body.states['print-photo']).toBe('no');
    expect(no.body.records.map((r: { answer: string; recordedByName: string }) => [r.answer, r.recordedByName])).toEqual([
      ['no', 'Okul Yöneticisi'],
      ['yes', 'Şube Yöneticisi'],
    ]);
    expect((await school.get(`students/${sule.id}/consents`)).body).toEqual(no.body);
  });

  it('refuses another branch’s, school’s or studio’s caller (404) and bad input (400 in Turkish), and changes nothing', async () => {
    const [sule, , , sibling] = kit.world.students;
    const w = kit.world;
    const refused: Array<[keyof typeof w.accounts, number]> = [
      ['siblingBranch', sule.id],
      ['otherSchool', sule.id],
      ['foreignPanel', sule.id],
      ['branch', sibling.id],
    ];
    for (const [account, id] of refused) {
      const caller = await kit.as(w.accounts[account]);
      for (const res of [
        await caller.get(`students/${id}/consents`),
        await caller.post(`students/${id}/consents`, paper),
        await caller.upload(`students/${id}/consent-scans`, [{ name: 'file', fileName: 'f.png', data: Buffer.from('x') }]),
      ]) {
        expect(res.status, account).toBe(404);
        expect(res.body.message).toBe(tr.notFound);
      }
      expect((await caller.get(`branches/${w.branch.id}/consent-list`)).status, account).toBe(account === 'branch' ? 200 : 404);
    }
    const panel = await kit.as(w.accounts.panel);
    // Another student's scan cannot be named, nor one that was never uploaded.
    const elsewhere = `consent-scans/${sibling.id}/${'a'.repeat(32)}.jpg`;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...paper, purpose: 'yearbook' }, 'purpose'],
      [{ ...paper, answer: 'evet' }, 'answer'],
      [{ ...paper, givenByName: '  ' }, 'givenByName'],
      [{ ...paper, relation: 'teyze' }, 'relation'],
      [{ ...paper, relation: 'belirsiz' }, 'relation'],
      [{ ...paper, channel: 'online' }, 'channel'],
      [{ ...paper, scanKey: '../../etc/passwd' }, 'scanKey'],
      [{ ...paper, scanKey: elsewhere }, 'scanKey'],
      [{ ...paper, scanKey: `consent-scans/${sule.id}/${'b'.repeat(32)}.jpg` }, 'scanKey'],
    ];
    for (const [body, field] of bad) {
      const res = await panel.post(`students/${sule.id}/consents`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toMatch(/[ğüşıöçİ]/);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const notImage = await panel.upload(`students/${sule.id}/consent-scans`, [{ name: 'file', fileName: 'form.txt', data: Buffer.from('not a picture') }]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(tr.consent.paper.scanNotImage);
    const noFile = await panel.upload(`students/${sule.id}/consent-scans`, [{ name: 'note', data: 'x' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(tr.consent.paper.noFile);
    expect(await kit.database.db.select().from(consentRecords)).toEqual([]);
    expect(await kit.database.db.select().from(studentConsents)).toEqual([]);
    expect(await kit.database.db.select().from(auditLog)).toEqual([]);
  });
});

describe('the class teacher’s list and the reminder', () => {
  it('lists the branch’s students with every purpose’s state; reminds those whose parents have not answered every purpose, once a day', async () => {
    const [sule, omer, ipek] = kit.world.students;
    for (const purpose of ['print-photo', 'digital-photo', 'print-text', 'face-matching'] as const) await answerConsent(kit.database.db, sule, purpose, 'no');
    await answerConsent(kit.database.db, omer, 'print-photo', 'yes');
    const branch = await kit.as(kit.world.accounts.branch);
    const list = await branch.get(`branches/${kit.world.branch.id}/consent-list`);
    expect(list.status, list.raw).toBe(200);
    expect(list.body.branchName).toBe('12/A');
    expect(list.body.items.map((s: { schoolNumber: string; states: Record<string, string> }) => [s.schoolNumber, s.states['print-photo']])).toEqual([
      ['101', 'no'],
      ['102', 'yes'],
      ['103', 'none'],
    ]);

    const url = `branches/${kit.world.branch.id}/remind-consent`;
    const preview = await branch.get(url);
    expect(preview.body).toMatchObject({ title: tr.consent.remind.title, refusal: null });
    expect(preview.body.recipients.map((r: { id: number }) => r.id)).toEqual([omer.id, ipek.id]);
    const sent = await branch.post(url);
    expect(sent.body).toEqual({ success: true, count: 2 });
    const reached = await kit.database.db.select().from(notificationRecipients);
    expect(reached.map((r) => r.studentId).sort()).toEqual([omer.id, ipek.id].sort());
    const again = await branch.post(url);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(tr.consent.remind.today);
    expect((await branch.get(url)).body.refusal).toBe(tr.consent.remind.today);
    const other = await kit.as(kit.world.accounts.otherSchool);
    expect((await other.post(url)).status).toBe(404);
    expect(await kit.database.db.select().from(notificationRecipients)).toHaveLength(2);
  });
});

describe('the demo data', () => {
  it('records its paper forms against the default consent texts by their versions', async () => {
    await seedDemo(kit.database.db);
    const rows = await kit.database.db.selectDistinct({ purpose: consentRecords.purpose, textVersion: consentRecords.textVersion }).from(consentRecords);
    expect(rows.length).toBe(4);
    for (const row of rows) expect(row.textVersion).toBe(defaultVersion(row.purpose));
  });
});
