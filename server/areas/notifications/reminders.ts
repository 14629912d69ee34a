/**
 * A reminder: a notification sent at once by staff to some of a branch's students (those who have
 * not done something yet), at most once a day per branch and kind (its title).
 */
import { and, eq } from 'drizzle-orm';
import { searchKey } from '../../../common/text';
import type { BranchRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { recordAudit } from '../../core/audit';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { branches, notificationRecipients, notifications } from '../../db/schema';

/** Whether a reminder with this title went out to the branch on this day. */
export async function remindedOn(db: Db | Tx, branch: BranchRow, title: string, day: string): Promise<boolean> {
  const [earlier] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.branchId, branch.id),
        eq(notifications.targetType, 'branch'),
        eq(notifications.status, 'sent'),
        eq(notifications.title, title),
        eq(notifications.sendDate, day),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** Holds the branch row for the rest of the transaction, so two reminders at once are sent one after the other. */
export async function holdBranch(tx: Tx, branch: BranchRow): Promise<void> {
  await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branch.id)).for('update');
}

/** Sends the reminder to these students now (they alone receive it), audited; answers how many it reached. */
export async function sendReminder(
  tx: Tx,
  caller: Caller,
  branch: BranchRow,
  text: { title: string; body: string; day: string },
  studentIds: number[],
): Promise<number> {
  if (!studentIds.length) return 0;
  const now = new Date();
  const row = await insertOne(tx, notifications, {
    studioId: caller.studioId,
    authorUserId: caller.userId,
    title: text.title,
    body: text.body,
    targetType: 'branch',
    targetId: branch.id,
    schoolId: branch.schoolId,
    branchId: branch.id,
    sendDate: text.day,
    status: 'sent',
    sentAt: now,
    recipientCount: studentIds.length,
    searchKey: searchKey(`${text.title} ${text.body}`),
  });
  await tx.insert(notificationRecipients).values(studentIds.map((studentId) => ({ notificationId: row.id, studentId, deliveredAt: now })));
  await recordAudit(tx, caller, 'remind', 'notification', { id: row.id, schoolId: branch.schoolId }, { recipients: studentIds.length });
  return studentIds.length;
}
