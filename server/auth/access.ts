/**
 * Access: the one place that answers "may this caller touch this row?" and gives the SQL filter
 * that keeps a list to the caller's scope. Panel sees its studio, school its school, branch its
 * branch. A row outside the scope is "not found" (404): never a hint that it exists.
 *
 * Areas never write a scope condition of their own: they call `scopeWhere` (lists), one of the
 * `*Where` filters for the organisation tables, or a `*InScope` loader (one row by id).
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Level } from '../../common/levels';
import type { Db } from '../db/client';
import { placeholderCaller, preparedPerKey, scopeValues } from '../db/prepared';
import {
  albumPages,
  albumPhotos,
  albums,
  albumUploadLinks,
  auditLog,
  branches,
  messages,
  nicknames,
  notifications,
  photoFaces,
  photos,
  schools,
  students,
  users,
} from '../db/schema';
import { notFound } from '../core/errors';
import type { Caller, StudentCaller } from './caller';

export interface ScopedColumns {
  studioId: PgColumn;
  schoolId?: PgColumn;
  branchId?: PgColumn;
}

/** The condition that keeps a table's rows to the caller's scope. */
export function scopeWhere(caller: Caller, columns: ScopedColumns): SQL {
  const studio = eq(columns.studioId, caller.studioId);
  if (caller.level === 'school') {
    if (!columns.schoolId) throw new Error('school scope needs a school column');
    return and(studio, eq(columns.schoolId, caller.schoolId ?? -1))!;
  }
  if (caller.level === 'branch') {
    if (columns.branchId) return and(studio, eq(columns.branchId, caller.branchId ?? -1))!;
    if (!columns.schoolId) throw new Error('branch scope needs a branch or school column');
    return and(studio, eq(columns.schoolId, caller.schoolId ?? -1))!;
  }
  return studio;
}

/** Schools the caller reaches: the studio's for panel, its own school for school and branch managers. */
export const schoolsWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: schools.studioId, schoolId: schools.id });

/** Branches the caller reaches: a branch manager's own branch, a school manager's school's, panel's studio's. */
export const branchesWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: branches.studioId, schoolId: branches.schoolId, branchId: branches.id });

/** Audit entries of the caller's scope: the studio's, or its school's. */
export const auditWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: auditLog.studioId, schoolId: auditLog.schoolId });

/** Accounts of the caller's scope: of the studio, its school, or its branch. */
export const managersWhere = (caller: Caller): SQL => scopeWhere(caller, { studioId: users.studioId, schoolId: users.schoolId, branchId: users.branchId });

export type SchoolRow = typeof schools.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NicknameRow = typeof nicknames.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ManagerRow = typeof users.$inferSelect;
export type AlbumRow = typeof albums.$inferSelect;
export type AlbumPhotoRow = typeof albumPhotos.$inferSelect;
export type PhotoFaceRow = typeof photoFaces.$inferSelect;
export type UploadLinkRow = typeof albumUploadLinks.$inferSelect;
export type AlbumPageRow = typeof albumPages.$inferSelect;

type ScopedTable =
  | typeof schools
  | typeof branches
  | typeof students
  | typeof photos
  | typeof messages
  | typeof nicknames
  | typeof notifications
  | typeof users
  | typeof albums
  | typeof albumPhotos
  | typeof albumPages
  | typeof photoFaces
  | typeof albumUploadLinks;

/** The row of `table` with this id when the condition keeps it, or 404. */
async function rowInScope<T extends ScopedTable>(db: Db, table: T, id: number, where: SQL | undefined): Promise<T['$inferSelect']> {
  // Drizzle types a select from one of several tables as a row of any of them: named here once.
  const [row] = await db
    .select()
    .from(table as ScopedTable)
    .where(and(eq(table.id, id), where))
    .limit(1);
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** A `rowInScope` of one table and scope, prepared once per level. */
function preparedInScope<T extends ScopedTable>(table: T, name: string, scope: (caller: Caller) => SQL) {
  const statement = preparedPerKey((db: Db, level: Level) =>
    db
      .select()
      .from(table as ScopedTable)
      .where(and(eq(table.id, sql.placeholder('id')), scope(placeholderCaller(level))))
      .limit(1)
      .prepare(`${name}_in_scope_${level}`),
  );
  return async (db: Db, caller: Caller, id: number): Promise<T['$inferSelect']> => {
    const [row] = await statement(db, caller.level).execute({ id, ...scopeValues(caller) });
    if (!row) throw notFound();
    return row as T['$inferSelect'];
  };
}

export const schoolInScope: (db: Db, caller: Caller, id: number) => Promise<SchoolRow> = preparedInScope(schools, 'school', schoolsWhere);
export const branchInScope: (db: Db, caller: Caller, id: number) => Promise<BranchRow> = preparedInScope(branches, 'branch', branchesWhere);
export const studentInScope: (db: Db, caller: Caller, id: number) => Promise<StudentRow> = preparedInScope(students, 'student', (c) => scopeWhere(c, students));
/** A photo goes with its student: when a student moves, its photos move with it. */
export const photoInScope: (db: Db, caller: Caller, id: number) => Promise<PhotoRow> = preparedInScope(photos, 'photo', (c) => scopeWhere(c, photos));
export const messageInScope: (db: Db, caller: Caller, id: number) => Promise<MessageRow> = preparedInScope(messages, 'message', (c) => scopeWhere(c, messages));
export const nicknameInScope: (db: Db, caller: Caller, id: number) => Promise<NicknameRow> = preparedInScope(nicknames, 'nickname', (c) =>
  scopeWhere(c, nicknames),
);
export const notificationInScope: (db: Db, caller: Caller, id: number) => Promise<NotificationRow> = preparedInScope(notifications, 'notification', (c) =>
  scopeWhere(c, notifications),
);

/**
 * Event albums: panel reaches its studio's, a school manager its school's (the whole school's and
 * every branch's), a branch manager only its own branch's — not the school-wide ones, which the
 * school manages. An album's photos go with their album (they carry its school and branch).
 */
export const albumsWhere = (caller: Caller): SQL => scopeWhere(caller, albums);
export const albumInScope: (db: Db, caller: Caller, id: number) => Promise<AlbumRow> = preparedInScope(albums, 'album', albumsWhere);
export const albumPageInScope: (db: Db, caller: Caller, id: number) => Promise<AlbumPageRow> = preparedInScope(albumPages, 'album_page', (c) =>
  scopeWhere(c, albumPages),
);
export const albumPhotoInScope: (db: Db, caller: Caller, id: number) => Promise<AlbumPhotoRow> = preparedInScope(albumPhotos, 'album_photo', (c) =>
  scopeWhere(c, albumPhotos),
);

/** Whether the caller reaches the album a row goes with (a face found in its photo, an upload link). */
const albumReached = (caller: Caller, albumId: PgColumn): SQL =>
  sql`exists (select 1 from ${albums} where ${albums.id} = ${albumId} and ${albumsWhere(caller)})`;
export const faceInScope = (db: Db, caller: Caller, id: number): Promise<PhotoFaceRow> =>
  rowInScope(db, photoFaces, id, albumReached(caller, photoFaces.albumId));
export const uploadLinkInScope = (db: Db, caller: Caller, id: number): Promise<UploadLinkRow> =>
  rowInScope(db, albumUploadLinks, id, albumReached(caller, albumUploadLinks.albumId));

/**
 * A manager account the caller may manage: school managers belong to the studio's staff (panel
 * only); branch managers to whoever reaches their branch.
 */
export function managerInScope(db: Db, caller: Caller, id: number, level: 'school' | 'branch'): Promise<ManagerRow> {
  const reach = level === 'school' ? (caller.level === 'panel' ? eq(users.studioId, caller.studioId) : sql`false`) : managersWhere(caller);
  return rowInScope(db, users, id, and(eq(users.level, level), reach));
}

/*
 * The student level. A student reaches its classmates (its branch, or its school when students may
 * write across branches), never itself; of messages and nicknames only those it wrote; of photos
 * only its own. Everything else is "not found".
 */

/** The students a signed-in student may write to. */
export function classmatesWhere(me: StudentCaller, acrossBranches: boolean): SQL {
  return and(
    eq(students.studioId, me.studioId),
    eq(students.schoolId, me.schoolId),
    acrossBranches ? undefined : eq(students.branchId, me.branchId),
    eq(students.status, 'active'),
    ne(students.id, me.studentId),
  )!;
}

export const classmateInScope = (db: Db, me: StudentCaller, id: number, acrossBranches: boolean): Promise<StudentRow> =>
  rowInScope(db, students, id, classmatesWhere(me, acrossBranches));

/** The student's own memory messages: from it (written by it, or entered by staff on its behalf). */
export const ownMessagesWhere = (me: StudentCaller): SQL =>
  and(eq(messages.studioId, me.studioId), eq(messages.kind, 'student'), eq(messages.fromStudentId, me.studentId))!;

export const ownMessageInScope = (db: Db, me: StudentCaller, id: number): Promise<MessageRow> => rowInScope(db, messages, id, ownMessagesWhere(me));

/** Messages written to the student that a moderator approved: never pending or rejected ones. */
export const approvedToMeWhere = (me: StudentCaller): SQL =>
  and(eq(messages.studioId, me.studioId), eq(messages.kind, 'student'), eq(messages.toStudentId, me.studentId), eq(messages.status, 'approved'))!;

/** The student's own nickname suggestions (made by it, or entered by staff on its behalf). */
export const ownNicknamesWhere = (me: StudentCaller): SQL => and(eq(nicknames.studioId, me.studioId), eq(nicknames.fromStudentId, me.studentId))!;

export const ownNicknameInScope = (db: Db, me: StudentCaller, id: number): Promise<NicknameRow> => rowInScope(db, nicknames, id, ownNicknamesWhere(me));

/** The student's own photos. */
export const ownPhotosWhere = (me: StudentCaller): SQL => and(eq(photos.studioId, me.studioId), eq(photos.studentId, me.studentId))!;

export const ownPhotoInScope = (db: Db, me: StudentCaller, id: number): Promise<PhotoRow> => rowInScope(db, photos, id, ownPhotosWhere(me));

/** Notifications that reached the student (sent to its studio, school or branch while it was there). */
export const notificationsToMeWhere = (me: StudentCaller): SQL =>
  and(
    eq(notifications.studioId, me.studioId),
    eq(notifications.status, 'sent'),
    sql`exists (select 1 from notification_recipients r where r.notification_id = ${notifications.id} and r.student_id = ${me.studentId})`,
  )!;
