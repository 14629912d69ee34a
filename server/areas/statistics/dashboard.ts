/**
 * Home dashboard figures for the caller's scope: progress per school (level panel) or per
 * branch (school, branch), days left to each school's message deadline, student messages
 * per day over the last 30 days, and the first students without a portrait or without a
 * message. Each figure is one grouped, indexed query; students and portraits per unit are summed
 * from the counters the database keeps per branch. Who wrote or received a message, and the
 * students still waiting, are counted per student and still read the scope's students.
 */
import { and, asc, count, countDistinct, eq, gte, inArray, notExists, sql, sum, type SQL } from 'drizzle-orm';
import { addDays, daysBetween, todayInTurkey } from '../../../common/dates';
import type { Dashboard } from '../../../common/schemas/dashboard';
import type { Caller } from '../../auth/caller';
import { branchesWhere, schoolsWhere, scopeWhere } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, messages, photos, schools, scopeCounts, students } from '../../db/schema';
import { turkishOrder } from '../../http/list';
import { studentsInPlace } from '../students/queries';
import { consentCountsFor } from '../consents/staffQueries';

const CHART_DAYS = 30;
/** How many students each "still waiting for" list shows; the total says how many there are. */
export const STUDENTS_SHOWN = 10;

function countsBy(rows: Array<{ unit: number | null; n: number }>): Map<number, number> {
  const map = new Map<number, number>();
  for (const row of rows) if (row.unit !== null) map.set(Number(row.unit), Number(row.n));
  return map;
}

/** Students of the caller's scope that match `condition`: the first few in school, class and name order, and the count. */
async function studentsWhere(db: Db, caller: Caller, condition: SQL) {
  const where = and(scopeWhere(caller, students), condition);
  const [items, [all]] = await Promise.all([
    studentsInPlace(db, {
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      schoolNumber: students.schoolNumber,
      branchId: students.branchId,
    })
      .where(where)
      .orderBy(
        asc(turkishOrder(schools.sortKey)),
        asc(branches.grade),
        asc(turkishOrder(branches.sectionKey)),
        asc(turkishOrder(students.sortKey)),
        asc(students.id),
      )
      .limit(STUDENTS_SHOWN),
    db.select({ n: count() }).from(students).where(where),
  ]);
  return {
    total: Number(all?.n ?? 0),
    items: items.map((s) => ({
      id: s.id,
      name: `${s.firstName} ${s.lastName}`,
      schoolNumber: s.schoolNumber,
      branchId: s.branchId,
      branchName: `${s.grade}/${s.section}`,
      schoolName: s.schoolName,
    })),
  };
}

export async function dashboardFor(db: Db, caller: Caller, now: Date = new Date()): Promise<Dashboard> {
  const bySchool = caller.level === 'panel';
  const unitOfStudents = bySchool ? students.schoolId : students.branchId;
  const unitOfCounts = bySchool ? scopeCounts.schoolId : scopeCounts.branchId;
  const approvedStudentMessage = and(eq(messages.kind, 'student'), eq(messages.status, 'approved'));

  const schoolScope = schoolsWhere(caller);
  const branchScope = branchesWhere(caller);

  // Days are Türkiye's, as the schools and their students count them.
  const today = todayInTurkey(now);
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  const day = sql<string>`to_char(${messages.createdAt} AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD')`;
  const firstDayStart = sql`(${firstDay}::timestamp AT TIME ZONE 'Europe/Istanbul')`;

  // Both by the indexes on a photo's and a message's student.
  const noPortrait = notExists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(and(eq(photos.studentId, students.id), eq(photos.isPortrait, true))),
  );
  const noMessage = notExists(
    db
      .select({ one: sql`1` })
      .from(messages)
      .where(and(eq(messages.fromStudentId, students.id), inArray(messages.status, ['pending', 'approved']), eq(messages.kind, 'student'))),
  );

  const [units, countedRows, wroteRows, receivedRows, pendingRows, schoolRows, dayRows, withoutPhoto, wroteNothing, consents] = await Promise.all([
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
    // Students and students with a portrait per unit: the counter rows of its branches (see scopeCounts).
    db
      .select({ unit: unitOfCounts, students: sum(scopeCounts.students), withPhoto: sum(scopeCounts.studentsWithPortrait) })
      .from(scopeCounts)
      .where(scopeWhere(caller, scopeCounts))
      .groupBy(unitOfCounts),
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
      .select({ id: schools.id, name: schools.name, deadline: schools.messageDeadline })
      .from(schools)
      .where(and(schoolScope, eq(schools.status, 'active')))
      .orderBy(sql`${schools.messageDeadline} ASC NULLS LAST`, asc(turkishOrder(schools.sortKey))),
    db
      .select({ day, n: count() })
      .from(messages)
      .where(and(scopeWhere(caller, messages), eq(messages.kind, 'student'), gte(messages.createdAt, firstDayStart)))
      .groupBy(day),
    studentsWhere(db, caller, noPortrait),
    studentsWhere(db, caller, noMessage),
    consentCountsFor(db, caller),
  ]);

  const studentCounts = countsBy(countedRows.map((r) => ({ unit: r.unit, n: Number(r.students) })));
  const wrote = countsBy(wroteRows);
  const received = countsBy(receivedRows);
  const withPhoto = countsBy(countedRows.map((r) => ({ unit: r.unit, n: Number(r.withPhoto) })));
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
      const date = addDays(firstDay, i);
      return { date, count: perDay.get(date) ?? 0 };
    }),
    withoutPhoto,
    wroteNothing,
    consents,
  };
}
