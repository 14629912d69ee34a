/** Staff's writes of the student portal: deciding on a student's own quote, reminding those who have not written. */
import { eq, sql } from 'drizzle-orm';
import { todayInTurkey } from '../../../common/dates';
import type { ReminderPreview } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { students, yearbookApprovals } from '../../db/schema';
import { holdBranch, remindedOn, sendReminder } from '../notifications/reminders';
import { HttpError } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import { activeStudentsWhere } from '../students/queries';

/** Approving moves the draft into the yearbook's quote; rejecting drops it. */
export async function decideQuote(db: Db, caller: Caller, student: StudentRow, action: 'approve' | 'reject') {
  const draft = student.quoteDraft ?? '';
  await db.transaction(async (tx) => {
    await tx
      .update(students)
      .set(action === 'approve' ? { quote: draft, quoteDraft: null, updatedAt: new Date() } : { quoteDraft: null, updatedAt: new Date() })
      .where(eq(students.id, student.id));
    await recordAudit(tx, caller, action, 'quote', { id: student.id, schoolId: student.schoolId }, { quote: draft });
  });
}

/** The branch's active students who have not written any memory message yet, in school-number order. */
function silentStudents(db: Db | Tx, branchId: number) {
  return activeStudentsWhere(db, branchId, sql`not exists (select 1 from messages m where m.from_student_id = students.id and m.kind = 'student')`);
}

/** Why a reminder cannot go out now (the branch is locked, or one went out today), or null. */
async function reminderRefusal(db: Db | Tx, branch: BranchRow, today: string): Promise<HttpError | null> {
  const [approval] = await db.select({ at: yearbookApprovals.approvedAt }).from(yearbookApprovals).where(eq(yearbookApprovals.branchId, branch.id));
  if (approval) return new HttpError(423, tr.student.staff.remindLocked);
  return (await remindedOn(db, branch, tr.student.staff.remindTitle, today)) ? new HttpError(409, tr.student.staff.remindedToday) : null;
}

/** What a reminder would do now: whom it reaches, its text, and why it cannot go out (if it cannot). */
export async function previewReminder(db: Db, branch: BranchRow): Promise<ReminderPreview> {
  const [silent, refusal] = await Promise.all([silentStudents(db, branch.id), reminderRefusal(db, branch, todayInTurkey())]);
  return {
    title: tr.student.staff.remindTitle,
    body: tr.student.staff.remindBody,
    recipients: silent.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`, schoolNumber: s.schoolNumber })),
    refusal: refusal?.message ?? null,
  };
}

/**
 * A notification, sent at once, to the branch's active students who have not written any
 * memory message yet; only they receive it. Answers how many it reached. Refused for a locked
 * branch (nobody can write there) and when one went out today already: the branch row is held
 * for the check, so two clicks at once send one reminder.
 */
export async function remindUnwritten(db: Db, caller: Caller, branch: BranchRow): Promise<number> {
  const today = todayInTurkey();
  return db.transaction(async (tx) => {
    await holdBranch(tx, branch);
    const refusal = await reminderRefusal(tx, branch, today);
    if (refusal) throw refusal;
    const silent = await silentStudents(tx, branch.id);
    const text = { title: tr.student.staff.remindTitle, body: tr.student.staff.remindBody, day: today };
    return sendReminder(
      tx,
      caller,
      branch,
      text,
      silent.map((s) => s.id),
    );
  });
}
