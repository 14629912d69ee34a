/**
 * Staff's writes of parents' consent: a paper form's answer (through recordConsent, on the
 * channel 'paper', naming who entered it), its scan, and the reminder to a branch's students
 * whose parents have not answered every purpose.
 */
import { randomBytes } from 'node:crypto';
import { todayInTurkey } from '../../../common/dates';
import type { PaperConsentBody } from '../../../common/schemas/consentStaff';
import { tr } from '../../../common/tr';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import { badRequest, HttpError } from '../../core/errors';
import type { Db } from '../../db/client';
import { holdBranch, remindedOn, sendReminder } from '../notifications/reminders';
import { scanJpeg } from '../../images/scans';
import type { FileStore } from '../../storage/store';
import { recordConsent } from './records';
import { unansweredStudents } from './staffQueries';
import { currentText } from './texts';

const c = tr.consent;

/** Stores an uploaded scan for a student's paper form; answers the key the record names. */
export async function storeScan(files: FileStore, student: StudentRow, bytes: Buffer, maxPixels: number): Promise<string> {
  const jpeg = await scanJpeg(bytes, maxPixels);
  if (!jpeg) throw badRequest(c.paper.scanNotImage, { file: c.paper.scanNotImage });
  const key = `consent-scans/${student.id}/${randomBytes(16).toString('hex')}.jpg`;
  await files.put(key, jpeg);
  return key;
}

/** Records a paper form's answer; a scan named must be one uploaded for this student. */
export async function recordPaperConsent(db: Db, files: FileStore, caller: Caller, student: StudentRow, body: Required<PaperConsentBody>) {
  const scanKey = body.scanKey;
  if (scanKey !== null && (!scanKey.startsWith(`consent-scans/${student.id}/`) || !(await files.get(scanKey)))) {
    throw badRequest(c.paper.scanMissing, { scanKey: c.paper.scanMissing });
  }
  return db.transaction(async (tx) => {
    const record = await recordConsent(tx, student, {
      purpose: body.purpose,
      answer: body.answer,
      givenByName: body.givenByName,
      relation: body.relation,
      channel: 'paper',
      // The version of the text a paper form printed today carries: the studio's latest, else the default's.
      textVersion: (await currentText(tx, student.studioId, body.purpose)).version,
      recordedBy: caller.userId,
      scanKey,
    });
    const changes = { purpose: body.purpose, answer: body.answer, channel: 'paper', recordId: record.id };
    await recordAudit(tx, caller, 'create', 'consent', { id: student.id, schoolId: student.schoolId }, changes);
    return record;
  });
}

/** Whom a reminder reaches now, its text, and why it cannot go out (if it cannot). */
export async function previewConsentReminder(db: Db, branch: BranchRow) {
  const [waiting, sent] = await Promise.all([unansweredStudents(db, branch.id), remindedOn(db, branch, c.remind.title, todayInTurkey())]);
  return {
    title: c.remind.title,
    body: c.remind.body,
    recipients: waiting.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, schoolNumber: s.schoolNumber })),
    refusal: sent ? c.remind.today : null,
  };
}

/**
 * A notification, sent at once, to the branch's active students whose parents have not answered
 * every purpose (the student takes the form home); only they receive it. Once a day per branch.
 */
export async function remindUnanswered(db: Db, caller: Caller, branch: BranchRow): Promise<number> {
  const today = todayInTurkey();
  return db.transaction(async (tx) => {
    await holdBranch(tx, branch);
    if (await remindedOn(tx, branch, c.remind.title, today)) throw new HttpError(409, c.remind.today);
    const waiting = await unansweredStudents(tx, branch.id);
    return sendReminder(
      tx,
      caller,
      branch,
      { title: c.remind.title, body: c.remind.body, day: today },
      waiting.map((s) => s.id),
    );
  });
}
