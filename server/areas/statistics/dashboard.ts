/**
 * Home dashboard figures for the caller's scope: progress per school (level panel) or per
 * branch (school, branch), days left to each school's message deadline, and student messages
 * per day over the last 30 days. Each figure is one grouped, indexed query.
 */
import { and, asc, count, countDistinct, eq, gte, sql } from 'drizzle-orm';
import type { Dashboard } from '../../../common/schemas/dashboard';
import type { Caller } from '../../auth/caller';
import { branchesWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, messages, photos, schools, students } from '../../db/schema';
import { turkishOrder } from '../../http/list';

const DAY_MS = 86_400_000;
const CHART_DAYS = 30;

/** 'yyyy-mm-dd' of a UTC day. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS);
}

function countsBy(rows: Array<{ unit: number | null; n: number }>): Map<number, number> {
  const map = new Map<number, number>();
  for (const row of rows) if (row.unit !== null) map.set(Number(row.unit), Number(row.n));
  return map;
}

export async function dashboardFor(db: Db, caller: Caller, now: Date = new Date()): Promise<Dashboard> {
  const bySchool = caller.level === 'panel';
  const unitOfStudents = bySchool ? students.schoolId : students.branchId;
  const unitOfPhotos = bySchool ? photos.schoolId : photos.branchId;
  const approvedStudentMessage = and(eq(messages.kind, 'student'), eq(messages.status, 'approved'));

  const schoolScope = schoolsWhere(caller);
  const branchScope = branchesWhere(caller);

  const today = utcDay(now.getTime());
  const firstDay = utcDay(now.getTime() - (CHART_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

  const [units, studentRows, wroteRows, receivedRows, pendingRows, photoRows, schoolRows, dayRows] = await Promise.all([
    bySchool
      ? db
          .select({ id: schools.id, name: schools.name })
          .from(schools)
          .where(schoolScope)
          .orderBy(asc(turkishOrder(schools.sortKey)), asc(schools.id))
      : db
          .select({ id: branches.id, name: sql<string>`${branches.grade} || '/' || ${branches.section}` })
          .from(branches)
          .where(branchScope)
          .orderBy(asc(branches.grade), asc(turkishOrder(branches.sectionKey)), asc(branches.id)),
    db.select({ unit: unitOfStudents, n: count() }).from(students).where(scopeWhere(caller, students)).groupBy(unitOfStudents),
    // Grouped by the student's own unit: a message may cross branches (and the row carries the author's).
    db
      .select({ unit: unitOfStudents, n: countDistinct(students.id) })
      .from(students)
      .innerJoin(messages, and(eq(messages.fromStudentId, students.id), approvedStudentMessage))
      .where(scopeWhere(caller, students))
      .groupBy(unitOfStudents),
    db
      .select({ unit: unitOfStudents, n: countDistinct(students.id) })
      .from(students)
      .innerJoin(messages, and(eq(messages.toStudentId, students.id), approvedStudentMessage))
      .where(scopeWhere(caller, students))
      .groupBy(unitOfStudents),
    db
      .select({ unit: unitOfStudents, n: count() })
      .from(students)
      .innerJoin(messages, and(eq(messages.toStudentId, students.id), eq(messages.kind, 'student'), eq(messages.status, 'pending')))
      .where(scopeWhere(caller, students))
      .groupBy(unitOfStudents),
    db
      .select({ unit: unitOfPhotos, n: countDistinct(photos.studentId) })
      .from(photos)
      .where(and(scopeWhere(caller, photos), eq(photos.isPortrait, true)))
      .groupBy(unitOfPhotos),
    db
      .select({ id: schools.id, name: schools.name, deadline: schools.messageDeadline })
      .from(schools)
      .where(and(schoolScope, eq(schools.status, 'active')))
      .orderBy(sql`${schools.messageDeadline} ASC NULLS LAST`, asc(turkishOrder(schools.sortKey))),
    db
      .select({ day, n: count() })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student'), gte(messages.createdAt, new Date(`${firstDay}T00:00:00Z`))))
      .groupBy(day),
  ]);

  const studentCounts = countsBy(studentRows);
  const wrote = countsBy(wroteRows);
  const received = countsBy(receivedRows);
  const withPhoto = countsBy(photoRows);
  const pending = countsBy(pendingRows);
  const perDay = new Map(dayRows.map((r) => [r.day, Number(r.n)]));

  return {
    progressBy: bySchool ? 'school' : 'branch',
    progress: units.map((u) => ({
      id: u.id,
      name: u.name,
      students: studentCounts.get(u.id) ?? 0,
      wrote: wrote.get(u.id) ?? 0,
      received: received.get(u.id) ?? 0,
      withPhoto: withPhoto.get(u.id) ?? 0,
      pendingMessages: pending.get(u.id) ?? 0,
    })),
    deadlines: schoolRows.map((s) => ({
      schoolId: s.id,
      name: s.name,
      deadline: s.deadline,
      daysLeft: s.deadline ? daysBetween(today, s.deadline) : null,
    })),
    messagesPerDay: Array.from({ length: CHART_DAYS }, (_, i) => {
      const date = utcDay(Date.parse(`${firstDay}T00:00:00Z`) + i * DAY_MS);
      return { date, count: perDay.get(date) ?? 0 };
    }),
  };
}
