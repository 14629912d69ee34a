/** Students: the paged list, one student as the API answers it, the branches a student may move to. */
import { and, asc, count, eq, exists, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ConsentStates } from '../../../common/schemas/consentStaff';
import type { StudentItem, StudentListQuery } from '../../../common/schemas/students';
import { consentStateCondition, statesOf } from '../consents/staffQueries';
import { belowGoal, taggedPhotos } from '../coverage/queries';
import { branchName } from '../../../common/text';
import { branchesWhere, type BranchRow, type StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { single } from '../../db/rows';
import { HttpError } from '../../core/errors';
import { tr } from '../../../common/tr';
import { branches, photos, schools, students } from '../../db/schema';
import { EXPORT_MAX_ROWS } from '../../http/export';
import { containsPattern, orderFor, turkishOrder } from '../../http/list';
import { preparedPer, preparedPerShape } from '../../db/prepared';
import type { UrlSigner } from '../../storage/signedUrl';
import { unprintable } from '../../typesetting/printable';

const hasPhoto = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(photos)
      .where(eq(photos.studentId, students.id)),
  );

/** School numbers sort as numbers when they are digits ("99" before "100"). */
export const numberOrder = sql`lpad(${students.schoolNumber}, 12, '0') COLLATE "C"`;

/** The branch's active students that `which` picks, by name and number in school-number order (whom a reminder goes to). */
export function activeStudentsWhere(db: Db | Tx, branchId: number, which: SQL) {
  return db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, schoolNumber: students.schoolNumber })
    .from(students)
    .where(and(eq(students.branchId, branchId), eq(students.status, 'active'), which))
    .orderBy(numberOrder, asc(students.id));
}

/** Students with the class and school they are in (`grade`, `section`, `schoolName`) beside the given columns. */
export function studentsInPlace<T extends SelectedFields>(db: Db, columns: T) {
  return db
    .select({ ...columns, grade: branches.grade, section: branches.section, schoolName: schools.name })
    .from(students)
    .innerJoin(branches, eq(branches.id, students.branchId))
    .innerJoin(schools, eq(schools.id, students.schoolId));
}

/**
 * Students picked on a list, in school number order. Every id must be a student of this branch:
 * one of another branch or school (or one gone) refuses the whole selection, so nothing is done.
 */
export async function selectedStudents(db: Db, branch: BranchRow, ids: readonly number[]): Promise<StudentRow[]> {
  const rows = await db
    .select()
    .from(students)
    .where(and(eq(students.branchId, branch.id), inArray(students.id, [...ids])))
    .orderBy(numberOrder, asc(students.id));
  if (rows.length !== new Set(ids).size) throw new HttpError(404, tr.students.bulk.notInBranch);
  return rows;
}

type Filters = Pick<StudentListQuery, 'q' | 'photo' | 'coverage' | 'consentPurpose' | 'consentState'>;

/** The filters' conditions with their values as placeholders (`pattern`, `consentPurpose`, `consentAnswer`); the photo filter has none. */
function studentFilters(db: Db, query: Filters, search: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (search) conditions.push(sql`${students.searchKey} LIKE ${sql.placeholder('pattern')}`);
  if (query.photo === 'present') conditions.push(hasPhoto(db));
  if (query.photo === 'missing') conditions.push(not(hasPhoto(db)));
  if (query.consentState) conditions.push(consentStateCondition(query.consentState));
  if (query.coverage === 'below') conditions.push(belowGoal());
  return conditions;
}

const listStatements = preparedPerShape<{
  rows: { execute(values: Record<string, unknown>): Promise<StudentRow[]> };
  count: { execute(values: Record<string, unknown>): Promise<Array<{ n: number }>> };
}>();

/**
 * A branch's students, filtered and in order: a page, or (`paged` false, an export) all of them.
 * Prepared statements, one per shape of the list (filters given, sort order).
 */
export async function listStudents(db: Db, branchId: number, query: StudentListQuery, paged = true) {
  const pattern = containsPattern(query.q);
  const shape = [query.sort ?? 'schoolNumber', query.order, pattern === null ? 0 : 1, query.photo ?? '', query.consentState ?? '', query.coverage ?? ''].join(
    '|',
  );
  const statements = listStatements(db, shape, () => {
    const where = and(eq(students.branchId, sql.placeholder('branchId')), ...studentFilters(db, query, pattern !== null));
    const order = orderFor({ name: turkishOrder(students.sortKey), schoolNumber: numberOrder }, query, 'schoolNumber', students.id);
    const name = `students_${shape.replace(/\W/g, '_')}`;
    return {
      rows: db
        .select()
        .from(students)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
      count: db.select({ n: count() }).from(students).where(where).prepare(`${name}_count`),
    };
  });
  const page = paged ? { limit: query.perPage, offset: (query.page - 1) * query.perPage } : { limit: EXPORT_MAX_ROWS, offset: 0 };
  // A state without a purpose is about photos in the printed book.
  const consentPurpose = query.consentPurpose ?? 'print-photo';
  const values = { branchId, pattern, consentPurpose, consentAnswer: query.consentState, ...page };
  const [rows, [counted]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * What a list shows of each student beside its row, in one statement by the students' ids: the
 * photo count, the portrait, the picked photo (when it still is one of theirs) and the event
 * photos they are tagged in. Each is a look-up on an index by student (photos_student_idx,
 * photo_tags_branch_idx). The outer table's name is spelled out: in a one-table select Drizzle
 * leaves columns unqualified, and inside these subqueries they would name the inner table's.
 */
const studentFactsStatement = preparedPer((db: Db) =>
  db
    .select({
      studentId: students.id,
      photos: sql<number>`(select count(*) from photos p where p.student_id = "students"."id")::int`,
      portraitId: sql<number | null>`(select max(p.id) from photos p where p.student_id = "students"."id" and p.is_portrait)`,
      pickId: sql<number | null>`(select p.id from photos p where p.id = "students"."portrait_pick_photo_id" and p.student_id = "students"."id")`,
      eventPhotos: taggedPhotos(),
    })
    .from(students)
    .where(sql`${students.id} = any(${sql.placeholder('ids')})`)
    .prepare('student_facts'),
);

const branchesByIds = preparedPer((db: Db) =>
  db
    .select()
    .from(branches)
    .where(sql`${branches.id} = any(${sql.placeholder('ids')})`)
    .prepare('branches_by_ids'),
);

interface StudentFacts {
  photos: number;
  portraitId: number | null;
  /** The photo the student picked itself, when it still exists. */
  pickId: number | null;
  /** Approved event photos the student is tagged in. */
  eventPhotos: number;
}

async function studentFactsOf(db: Db, studentIds: number[]): Promise<Map<number, StudentFacts>> {
  const facts = new Map<number, StudentFacts>();
  if (!studentIds.length) return facts;
  const rows = await studentFactsStatement(db).execute({ ids: studentIds });
  const id = (value: number | null) => (value === null ? null : Number(value));
  for (const row of rows)
    facts.set(row.studentId, { photos: row.photos, portraitId: id(row.portraitId), pickId: id(row.pickId), eventPhotos: row.eventPhotos });
  return facts;
}

function studentItemOf(
  row: StudentRow,
  branch: Pick<BranchRow, 'grade' | 'section'>,
  facts: StudentFacts | undefined,
  consents: ConsentStates,
  signer: UrlSigner,
  level: string,
): StudentItem {
  const portrait = facts?.portraitId ?? null;
  return {
    id: row.id,
    branchId: row.branchId,
    schoolId: row.schoolId,
    branchName: branchName(branch),
    schoolNumber: row.schoolNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    quote: row.quote,
    nickname: row.nickname,
    consents,
    photoCount: facts?.photos ?? 0,
    eventPhotos: facts?.eventPhotos ?? 0,
    photoUrl: portrait ? signer.url(level, portrait, 'display') : null,
    thumbUrl: portrait ? signer.url(level, portrait, 'thumb') : null,
    downloadUrl: portrait ? signer.url(level, portrait, 'download') : null,
    version: row.version,
    quoteDraft: row.quoteDraft,
    unprintable: [...new Set([row.firstName, row.lastName, row.nickname, row.quote, row.quoteDraft ?? ''].flatMap(unprintable))],
    portraitPickPhotoId: facts?.pickId ?? null,
    portraitPickThumbUrl: facts?.pickId ? signer.url(level, facts.pickId, 'thumb') : null,
  };
}

export async function studentItems(db: Db, rows: StudentRow[], signer: UrlSigner, level: string): Promise<StudentItem[]> {
  const ids = rows.map((r) => r.id);
  const [facts, consents] = await Promise.all([studentFactsOf(db, ids), statesOf(db, ids)]);
  const branchIds = [...new Set(rows.map((r) => r.branchId))];
  const branchRows = branchIds.length ? await branchesByIds(db).execute({ ids: branchIds }) : [];
  const byId = new Map(branchRows.map((b) => [b.id, b]));
  return rows.map((row) => studentItemOf(row, byId.get(row.branchId)!, facts.get(row.id), consents.get(row.id)!, signer, level));
}

/** One student as the API answers it. */
export async function studentItemFor(db: Db, row: StudentRow, signer: UrlSigner, level: string): Promise<StudentItem> {
  return single(await studentItems(db, [row], signer, level));
}

/** The branches of a branch's school that the caller reaches, in grade and Turkish letter order. */
export function reachableSiblings(db: Db, caller: Caller, branch: BranchRow) {
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.schoolId, branch.schoolId), branchesWhere(caller)))
    .orderBy(asc(branches.grade), turkishOrder(branches.sectionKey));
}

/** The storage keys of a student's photos. */
export async function photoKeysOf(db: Db, studentId: number): Promise<string[]> {
  return (await db.select({ key: photos.storageKey }).from(photos).where(eq(photos.studentId, studentId))).map((p) => p.key);
}
