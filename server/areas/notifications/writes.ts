/**
 * Writing notifications, each audited. Status: draft → scheduled → sent (by the send job); a
 * scheduled one can be cancelled and a draft or cancelled one planned again; a sent one is
 * read-only, also when the send job claims it while an edit is on its way.
 *
 * Sending: due scheduled notifications are sent exactly once. A notification is claimed by the
 * same UPDATE … WHERE status = 'scheduled' … RETURNING that marks it sent, and its recipients
 * are written in that transaction: a second process (or a restart mid-way) either finds it
 * already sent, or its claim is rolled back with the rest.
 */
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayInTurkey } from '../../../common/dates';
import type { NotificationItem, notificationBody, notificationUpdateBody } from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { assertVersion, staleRecord } from '../../db/versions';
import { auditLog, notificationRecipients, notifications, students } from '../../db/schema';
import { HttpError, fieldError } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import { notificationSearchKey } from './queries';
import { resolveTarget, studentsOfTarget } from './target';

type NotificationBody = z.output<typeof notificationBody>;

const sentReadOnly = () => new HttpError(409, tr.notifications.sentReadOnly, { status: tr.notifications.sentReadOnly });

/** A date in the past is refused whenever a notification is planned (not when it is cancelled). */
function requireFutureDate(sendDate: string, status: string) {
  if (status !== 'cancelled' && sendDate < todayInTurkey()) throw fieldError('sendDate', tr.notifications.pastDate);
}

function requireEditable(current: NotificationItem, nextStatus: string) {
  if (current.status === 'sent') throw sentReadOnly();
  if (nextStatus === 'cancelled' && current.status !== 'scheduled' && current.status !== 'cancelled') {
    throw fieldError('status', tr.notifications.onlyScheduledCancel);
  }
}

/** The stored fields a form sets. */
const fieldsOf = (body: NotificationBody) => ({
  title: body.title,
  body: body.body,
  searchKey: notificationSearchKey(body),
  sendDate: body.sendDate,
  status: body.status,
});

/** A new draft or scheduled notification to a target in the caller's scope; answers its id. */
export async function createNotification(db: Db, caller: Caller, body: NotificationBody): Promise<number> {
  if (body.status === 'cancelled') throw fieldError('status', tr.notifications.onlyScheduledCancel);
  requireFutureDate(body.sendDate, body.status);
  const target = await resolveTarget(db, caller, body);
  return db.transaction(async (tx) => {
    const row = await insertOne(tx, notifications, { studioId: caller.studioId, authorUserId: caller.userId, ...fieldsOf(body), ...target });
    await recordAudit(tx, caller, 'create', 'notification', { id: row.id, schoolId: target.schoolId }, { ...body, ...target });
    return row.id;
  });
}

export async function updateNotification(db: Db, caller: Caller, current: NotificationItem, input: z.output<typeof notificationUpdateBody>): Promise<void> {
  const { version, ...body } = input;
  requireEditable(current, body.status);
  assertVersion(current, version);
  requireFutureDate(body.sendDate, body.status);
  const target = await resolveTarget(db, caller, body);
  await db.transaction(async (tx) => {
    // The version in WHERE keeps another edit, or a send that happened meanwhile, from being overwritten.
    const updated = await tx
      .update(notifications)
      .set({ ...fieldsOf(body), ...target, updatedAt: new Date() })
      .where(and(eq(notifications.id, current.id), eq(notifications.version, version)))
      .returning({ id: notifications.id });
    if (!updated.length) {
      const [now] = await tx.select({ status: notifications.status }).from(notifications).where(eq(notifications.id, current.id));
      throw now?.status === 'sent' ? sentReadOnly() : staleRecord();
    }
    await recordAudit(
      tx,
      caller,
      body.status !== current.status ? `status:${body.status}` : 'update',
      'notification',
      { id: current.id, schoolId: target.schoolId },
      changedFields(current, { ...body, ...target }),
    );
  });
}

/** Deletes a notification that has not been sent. */
export async function deleteNotification(db: Db, caller: Caller, current: NotificationItem): Promise<void> {
  if (current.status === 'sent') throw new HttpError(409, tr.notifications.sentReadOnly);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, current.id), eq(notifications.status, current.status)))
      .returning({ id: notifications.id });
    if (!deleted.length) throw new HttpError(409, tr.notifications.sentReadOnly);
    await recordAudit(tx, caller, 'delete', 'notification', current, { title: current.title });
  });
}

export interface SendResult {
  id: number;
  recipients: number;
}

type Claimed = Pick<typeof notifications.$inferSelect, 'id' | 'studioId' | 'schoolId' | 'targetType' | 'targetId'>;

const claimedColumns = {
  id: notifications.id,
  studioId: notifications.studioId,
  schoolId: notifications.schoolId,
  targetType: notifications.targetType,
  targetId: notifications.targetId,
};

/** Writes the recipients of a notification just marked sent, and its count; answers how many it reached. */
async function deliver(tx: Tx, n: Claimed, now: Date): Promise<number> {
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
  return reached.length;
}

/**
 * Sends every scheduled notification whose date has come (Türkiye's calendar), of one studio when
 * given (the send job's round); answers what it sent.
 */
export async function sendDueNotifications(db: Db, now: Date = new Date(), studioId?: number): Promise<SendResult[]> {
  const today = todayInTurkey(now);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(notifications)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(
        and(
          eq(notifications.status, 'scheduled'),
          lte(notifications.sendDate, today),
          studioId === undefined ? undefined : eq(notifications.studioId, studioId),
        ),
      )
      .returning(claimedColumns);
    const sent: SendResult[] = [];
    for (const n of claimed) {
      const recipients = await deliver(tx, n, now);
      await tx.insert(auditLog).values({
        studioId: n.studioId,
        userId: null,
        userName: tr.notifications.systemUser,
        action: 'send',
        entity: 'notification',
        entityId: n.id,
        schoolId: n.schoolId,
        changes: { recipientCount: recipients },
      });
      sent.push({ id: n.id, recipients });
    }
    return sent;
  });
}

/**
 * Sends a notification that has not gone out yet at once, dated today; answers how many it
 * reached. The same claim as the send job's: a second click (or the job) finds it sent and is refused.
 */
export async function sendNow(db: Db, caller: Caller, current: NotificationItem): Promise<number> {
  if (current.status === 'sent') throw new HttpError(409, tr.notifications.alreadySent);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(notifications)
      .set({ status: 'sent', sendDate: todayInTurkey(now), sentAt: now, updatedAt: now })
      .where(and(eq(notifications.id, current.id), ne(notifications.status, 'sent')))
      .returning(claimedColumns);
    if (!claimed) throw new HttpError(409, tr.notifications.alreadySent);
    const recipients = await deliver(tx, claimed, now);
    await recordAudit(tx, caller, 'send', 'notification', { id: current.id, schoolId: current.schoolId }, { recipientCount: recipients });
    return recipients;
  });
}
