/** Staff's writes of the student portal: deciding on a student's own quote, reminding those who have not written. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { todayInTurkey } from '../../../common/dates';
import type { ReminderPreview } from '../../../common/schemas/student';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { branches, notificationRecipients, notifications, students, yearbookApprovals } from '../../db/schema';
import { HttpError } from '../../core/errors';
import { recordAudit } from '../../core/audit';

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
  return db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, schoolNumber: students.schoolNumber })
    .from(students)
    .where(
      and(
        eq(students.branchId, branchId),
        eq(students.status, 'active'),
        sql`not exists (select 1 from messages m where m.from_student_id = students.id and m.kind = 'student')`,
      ),
    )
    .orderBy(asc(students.schoolNumber), asc(students.id));
}

/** Why a reminder cannot go out now (the branch is locked, or one went out today), or null. */
async function reminderRefusal(db: Db | Tx, branch: BranchRow, today: string): Promise<HttpError | null> {
  const [approval] = await db.select({ at: yearbookApprovals.approvedAt }).from(yearbookApprovals).where(eq(yearbookApprovals.branchId, branch.id));
  if (approval) return new HttpError(423, tr.student.staff.remindLocked);
  const [earlier] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.branchId, branch.id),
        eq(notifications.targetType, 'branch'),
        eq(notifications.status, 'sent'),
        eq(notifications.title, tr.student.staff.remindTitle),
        eq(notifications.sendDate, today),
      ),
    )
    .limit(1);
  return earlier ? new HttpError(409, tr.student.staff.remindedToday) : null;
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
  const now = new Date();
  const today = todayInTurkey(now);
  return db.transaction(async (tx) => {
    await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branch.id)).for('update');
    const refusal = await reminderRefusal(tx, branch, today);
    if (refusal) throw refusal;
    const silent = await silentStudents(tx, branch.id);
    if (!silent.length) return 0;
    const title = tr.student.staff.remindTitle;
    const body = tr.student.staff.remindBody;
    const row = await insertOne(tx, notifications, {
      studioId: caller.studioId,
      authorUserId: caller.userId,
      title,
      body,
      targetType: 'branch',
      targetId: branch.id,
      schoolId: branch.schoolId,
      branchId: branch.id,
      sendDate: today,
      status: 'sent',
      sentAt: now,
      recipientCount: silent.length,
      searchKey: searchKey(`${title} ${body}`),
    });
    await tx.insert(notificationRecipients).values(silent.map((s) => ({ notificationId: row.id, studentId: s.id, deliveredAt: now })));
    await recordAudit(tx, caller, 'remind', 'notification', { id: row.id, schoolId: branch.schoolId }, { recipients: silent.length });
    return silent.length;
  });
}
