/** Reading notifications for the caller's scope, with their target's name and reach. */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationItem } from '../../../common/schemas/notification';
import { searchKey, branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, notifications, schools, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { turkishOrder } from '../../http/list';

/** Sent: the students it reached then. Before that: the active students its target holds now. */
const recipientCount = sql<number>`CASE
  WHEN ${notifications.status} = 'sent' THEN ${notifications.recipientCount}
  WHEN ${notifications.targetType} = 'all' THEN (SELECT count(*) FROM students s WHERE s.studio_id = ${notifications.studioId} AND s.status = 'active')
  WHEN ${notifications.targetType} = 'school' THEN (SELECT count(*) FROM students s WHERE s.school_id = ${notifications.targetId} AND s.status = 'active')
  ELSE (SELECT count(*) FROM students s WHERE s.branch_id = ${notifications.targetId} AND s.status = 'active')
END`.mapWith(Number);

const columns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  targetType: notifications.targetType,
  targetId: notifications.targetId,
  schoolId: notifications.schoolId,
  schoolName: schools.name,
  grade: branches.grade,
  section: branches.section,
  sendDate: notifications.sendDate,
  status: notifications.status,
  recipientCount,
  sentAt: notifications.sentAt,
  authorName: users.name,
  createdAt: notifications.createdAt,
};

function toItem(row: Record<string, unknown>): NotificationItem {
  const r = row as {
    id: number;
    title: string;
    body: string;
    targetType: NotificationItem['targetType'];
    targetId: number | null;
    schoolId: number | null;
    schoolName: string | null;
    grade: number | null;
    section: string | null;
    sendDate: string;
    status: NotificationItem['status'];
    recipientCount: number;
    sentAt: Date | null;
    authorName: string | null;
    createdAt: Date;
  };
  const targetName =
    r.targetType === 'all'
      ? tr.notifications.allStudents
      : r.targetType === 'school'
        ? (r.schoolName ?? '')
        : `${r.schoolName ?? ''} · ${branchName({ grade: r.grade ?? 0, section: r.section ?? '' })}`;
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    targetType: r.targetType,
    targetId: r.targetId,
    schoolId: r.schoolId,
    targetName,
    sendDate: r.sendDate,
    status: r.status,
    recipientCount: Number(r.recipientCount),
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    authorName: r.authorName ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(notifications)
    .leftJoin(schools, eq(schools.id, notifications.schoolId))
    .leftJoin(branches, eq(branches.id, notifications.branchId))
    .leftJoin(users, eq(users.id, notifications.authorUserId));
}

export async function listNotifications(
  db: Db,
  caller: Caller,
  filters: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ items: NotificationItem[]; total: number }> {
  const where = and(scopeWhere(caller, notifications), filters);
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { items: rows.map(toItem), total: Number(total.n) };
}

/** One notification as the API shows it, found within the caller's scope; 404 outside it. */
export async function findNotification(db: Db, caller: Caller, id: number): Promise<NotificationItem> {
  const [row] = await baseQuery(db)
    .where(and(scopeWhere(caller, notifications), eq(notifications.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return toItem(row);
}

/** Schools of the caller's scope (Turkish order) and, for one of them, its branches (12/A …). */
export async function targetOptions(db: Db, caller: Caller, schoolId: number | undefined) {
  const schoolWhere = schoolsWhere(caller);
  const schoolRows = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(schoolWhere)
    .orderBy(asc(turkishOrder(schools.sortKey)), asc(schools.id));
  if (schoolId === undefined) return { schools: schoolRows, branches: [] };
  if (!schoolRows.some((s) => s.id === schoolId)) throw notFound();
  const branchRows = await db
    .select({ id: branches.id, schoolId: branches.schoolId, grade: branches.grade, section: branches.section })
    .from(branches)
    .where(and(eq(branches.schoolId, schoolId), caller.level === 'branch' ? eq(branches.id, caller.branchId ?? -1) : undefined))
    .orderBy(asc(branches.grade), asc(turkishOrder(branches.sectionKey)), asc(branches.id));
  return { schools: schoolRows, branches: branchRows.map((b) => ({ id: b.id, schoolId: b.schoolId, name: branchName(b) })) };
}

/** The stored search key of a notification: its title and text, folded the Turkish way. */
export const notificationSearchKey = (n: { title: string; body: string }) => searchKey(`${n.title} ${n.body}`);
