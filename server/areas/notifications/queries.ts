/** Reading notifications for the caller's scope, with their target's name and reach. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationItem, notificationListQuery } from '../../../common/schemas/notification';
import { branchName, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { branchesWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { branches, notifications, schools, users } from '../../db/schema';
import { notFound } from '../../core/errors';
import { orderFor, pagedList, pageSelect, searchCondition, turkishOrder } from '../../http/list';

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
  version: notifications.version,
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
    version: number;
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
    version: r.version,
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

const SORTS = { sendDate: notifications.sendDate, createdAt: notifications.createdAt, status: notifications.status };

/** The caller's notifications, filtered by status, kind of target and school, searched and paged. */
export async function listNotifications(db: Db, caller: Caller, query: z.infer<typeof notificationListQuery>) {
  const where = and(
    scopeWhere(caller, notifications),
    query.status ? eq(notifications.status, query.status) : undefined,
    query.targetType ? eq(notifications.targetType, query.targetType) : undefined,
    query.schoolId ? eq(notifications.schoolId, query.schoolId) : undefined,
    searchCondition(notifications.searchKey, query.q),
  );
  const order = orderFor(SORTS, query, 'sendDate', notifications.id);
  const { rows, total } = await pagedList(db, notifications, where, query, true, (page) => pageSelect(baseQuery(db).$dynamic(), where, order, page));
  return { items: rows.map(toItem), total };
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
    .where(and(eq(branches.schoolId, schoolId), branchesWhere(caller)))
    .orderBy(asc(branches.grade), asc(turkishOrder(branches.sectionKey)), asc(branches.id));
  return { schools: schoolRows, branches: branchRows.map((b) => ({ id: b.id, schoolId: b.schoolId, name: branchName(b) })) };
}

/** The stored search key of a notification: its title and text, folded the Turkish way. */
export const notificationSearchKey = (n: { title: string; body: string }) => searchKey(`${n.title} ${n.body}`);
