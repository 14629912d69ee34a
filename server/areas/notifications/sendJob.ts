/**
 * The send job: due scheduled notifications are sent exactly once. A notification is claimed
 * by the same UPDATE … WHERE status = 'scheduled' … RETURNING that marks it sent, and its
 * recipients are written in that transaction: a second process (or a restart mid-way) either
 * finds it already sent, or its claim is rolled back with the rest.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { todayApiDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { auditLog, notificationRecipients, notifications, students } from '../../db/schema';
import { studentsOfTarget } from './target';

export interface SendResult {
  id: number;
  recipients: number;
}

/** Sends every scheduled notification whose date has come (server calendar); answers what it sent. */
export async function sendDueNotifications(db: Db, now: Date = new Date()): Promise<SendResult[]> {
  const today = todayApiDate(now);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(notifications)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(and(eq(notifications.status, 'scheduled'), lte(notifications.sendDate, today)))
      .returning({
        id: notifications.id,
        studioId: notifications.studioId,
        schoolId: notifications.schoolId,
        targetType: notifications.targetType,
        targetId: notifications.targetId,
      });
    const sent: SendResult[] = [];
    for (const n of claimed) {
      const reached = await tx
        .insert(notificationRecipients)
        .select(
          tx
            .select({
              notificationId: sql<number>`${n.id}`.as('notification_id'),
              studentId: students.id,
              deliveredAt: sql<Date>`${now.toISOString()}::timestamptz`.as('delivered_at'),
            })
            .from(students)
            .where(studentsOfTarget(n.studioId, n)),
        )
        .onConflictDoNothing()
        .returning({ studentId: notificationRecipients.studentId });
      await tx.update(notifications).set({ recipientCount: reached.length }).where(eq(notifications.id, n.id));
      await tx.insert(auditLog).values({
        studioId: n.studioId,
        userId: null,
        userName: tr.notifications.systemUser,
        action: 'send',
        entity: 'notification',
        entityId: n.id,
        schoolId: n.schoolId,
        changes: { recipientCount: reached.length },
      });
      sent.push({ id: n.id, recipients: reached.length });
    }
    return sent;
  });
}

/** Recipients of some notifications, for tests and a later student view. */
export async function recipientsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(notificationRecipients).where(inArray(notificationRecipients.notificationId, ids));
}

/**
 * The loop in the server process: runs at start and then every `intervalMs`; a run never
 * overlaps the previous one. stop() waits for a running send to finish.
 */
export function startNotificationJob(db: Db, log: { error(obj: unknown, msg?: string): void; info(msg: string): void }, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sendDueNotifications(db)
      .then((sent) => {
        if (sent.length) log.info(`notifications sent: ${sent.map((s) => `#${s.id}→${s.recipients}`).join(', ')}`);
      })
      .catch((error) => log.error({ err: error }, 'notification send job failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
