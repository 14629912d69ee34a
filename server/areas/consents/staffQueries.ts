/**
 * Staff's reading of parents' consent: the state of each purpose per student, the list filter,
 * the counts of a caller's scope, and a student's evidence. Read from the answers in force kept
 * beside the evidence (one indexed row per student and purpose; no row: not answered).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import type { ConsentCounts, ConsentRecordItem, ConsentState, ConsentStates } from '../../../common/schemas/consentStaff';
import { scopeWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { consentRecords, studentConsents, students, users } from '../../db/schema';
import { activeStudentsWhere } from '../students/queries';
import { preparedPer } from '../../db/prepared';

const unanswered = (): ConsentStates => Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, 'none'])) as ConsentStates;

/** The answers in force of these students (`ids`), prepared once: every students list page reads them. */
const statesStatement = preparedPer((db: Db) =>
  db
    .select({ studentId: studentConsents.studentId, purpose: studentConsents.purpose, answer: studentConsents.answer })
    .from(studentConsents)
    .where(sql`${studentConsents.studentId} = any(${sql.placeholder('ids')})`)
    .prepare('consent_states_of_students'),
);

/** The state of every purpose for each of these students, in one query. */
export async function statesOf(db: Db | Tx, studentIds: number[]): Promise<Map<number, ConsentStates>> {
  const states = new Map<number, ConsentStates>(studentIds.map((id) => [id, unanswered()]));
  if (!studentIds.length) return states;
  const rows = await statesStatement(db as Db).execute({ ids: studentIds });
  for (const row of rows) {
    const of = states.get(row.studentId);
    if (of) of[row.purpose] = row.answer;
  }
  return states;
}

/**
 * The students (of the outer query's `students`) whose answer for the purpose is in this state;
 * the purpose and the answer are placeholders (`consentPurpose`, `consentAnswer`) so one prepared
 * statement serves every purpose. "Not answered" is the absence of a row, found by the primary key.
 */
export function consentStateCondition(state: ConsentState): SQL {
  const answered = sql`select 1 from ${studentConsents} where ${studentConsents.studentId} = ${students.id} and ${studentConsents.purpose} = ${sql.placeholder('consentPurpose')}`;
  if (state === 'none') return sql`not exists (${answered})`;
  return sql`exists (${answered} and ${studentConsents.answer} = ${sql.placeholder('consentAnswer')})`;
}

/** Per purpose, the scope's active students given / refused / not answered. */
export async function consentCountsFor(db: Db, caller: Caller): Promise<ConsentCounts> {
  const active = and(scopeWhere(caller, students), eq(students.status, 'active'));
  const [[all], rows] = await Promise.all([
    db.select({ n: count() }).from(students).where(active),
    db
      .select({ purpose: studentConsents.purpose, answer: studentConsents.answer, n: count() })
      .from(studentConsents)
      .innerJoin(students, eq(students.id, studentConsents.studentId))
      .where(and(scopeWhere(caller, studentConsents), active))
      .groupBy(studentConsents.purpose, studentConsents.answer),
  ]);
  const total = Number(all?.n ?? 0);
  return CONSENT_PURPOSES.map((purpose) => {
    const of = (answer: 'yes' | 'no') => Number(rows.find((r) => r.purpose === purpose && r.answer === answer)?.n ?? 0);
    return { purpose, yes: of('yes'), no: of('no'), none: total - of('yes') - of('no') };
  });
}

/** A student's evidence, newest first, with the name of the staff member who entered a paper form. */
export async function recordsOf(db: Db, studentId: number): Promise<ConsentRecordItem[]> {
  const rows = await db
    .select({ record: consentRecords, recordedByName: users.name })
    .from(consentRecords)
    .leftJoin(users, eq(users.id, consentRecords.recordedBy))
    .where(eq(consentRecords.studentId, studentId))
    .orderBy(desc(consentRecords.id));
  return rows.map(({ record, recordedByName }) => ({
    id: record.id,
    purpose: record.purpose,
    answer: record.answer,
    givenByName: record.givenByName,
    relation: record.relation,
    channel: record.channel,
    textVersion: record.textVersion,
    answeredAt: record.answeredAt.toISOString(),
    recordedByName: recordedByName ?? null,
    hasScan: record.scanKey !== null,
  }));
}

/** One evidence row, for its scan. */
export async function recordById(db: Db, id: number) {
  const [row] = await db.select().from(consentRecords).where(eq(consentRecords.id, id));
  return row;
}

/** The active students of a branch whose parents have not answered every purpose yet, in school-number order. */
export function unansweredStudents(db: Db | Tx, branchId: number) {
  return activeStudentsWhere(
    db,
    branchId,
    sql`(select count(*) from ${studentConsents} where ${studentConsents.studentId} = ${students.id}) < ${CONSENT_PURPOSES.length}`,
  );
}
