/** Staff's writes of the student portal: deciding on a student's own quote, reminding those who have not written. */
import { and, eq, sql } from 'drizzle-orm';
import { todayInTurkey } from '../../../common/dates';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { notificationRecipients, notifications, students } from '../../db/schema';
import { recordAudit } from '../audit/writes';

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

/**
 * A notification, sent at once, to the branch's active students who have not written any
 * memory message yet; only they receive it. Answers how many it reached.
 */
export async function remindUnwritten(db: Db, caller: Caller, branch: BranchRow): Promise<number> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const silent = await tx
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.branchId, branch.id),
          eq(students.status, 'active'),
          sql`not exists (select 1 from messages m where m.from_student_id = students.id and m.kind = 'student')`,
        ),
      );
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
      sendDate: todayInTurkey(now),
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
