/** Writing students: create, edit, move to another branch, delete (with their photos); each audited. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { studentBody, studentUpdateBody } from '../../../common/schemas/students';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { BranchRow, StudentRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne, single } from '../../db/rows';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { photos, studentConsents, students } from '../../db/schema';
import { conflict, conflictOnDuplicate, fieldError } from '../../core/errors';
import type { FileStore } from '../../storage/store';
import { changedFields, recordAudit } from '../../core/audit';
import { removePhotoFiles } from '../photos/writes';
import { photoKeysOf } from './queries';

type StudentFields = z.output<typeof studentBody>;

/** The stored search and order keys of a student. */
export function studentKeys(row: { firstName: string; lastName: string; schoolNumber: string }) {
  return {
    searchKey: searchKey(`${row.firstName} ${row.lastName} ${row.schoolNumber}`),
    sortKey: orderKey(`${row.firstName} ${row.lastName}`),
  };
}

/** A new student of a bulk insert (an import): its place, its fields, and its keys from `studentKeys`. */
export interface BulkStudent {
  studioId: number;
  schoolId: number;
  branchId: number;
  schoolNumber: string;
  firstName: string;
  lastName: string;
  gender: 'female' | 'male' | '';
  searchKey: string;
  sortKey: string;
}

/** A new student's row from its place and fields: the one way its keys are made (the demo, tests and imports). */
export function studentRow(input: Omit<BulkStudent, 'searchKey' | 'sortKey'>): BulkStudent {
  return { ...input, ...studentKeys(input) };
}

/** Rows per statement: the statement's nine arrays stay a few megabytes. */
const BULK_BATCH = 10_000;

/**
 * Inserts many students with one statement per batch: each column travels as one array and
 * `unnest` turns the arrays back into rows, so the database parses one statement and nine values
 * instead of nine values per row. Runs in the caller's transaction (an import's: all or nothing).
 */
export async function insertStudentsInBulk(tx: Tx, rows: readonly BulkStudent[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BULK_BATCH) {
    const batch = rows.slice(i, i + BULK_BATCH);
    const column = <K extends keyof BulkStudent>(key: K) => sql.param(batch.map((r) => r[key]));
    await tx.execute(sql`
      insert into ${students} (studio_id, school_id, branch_id, school_number, first_name, last_name, gender, search_key, sort_key)
      select * from unnest(${column('studioId')}::int[], ${column('schoolId')}::int[], ${column('branchId')}::int[], ${column('schoolNumber')}::text[],
        ${column('firstName')}::text[], ${column('lastName')}::text[], ${column('gender')}::text[], ${column('searchKey')}::text[], ${column('sortKey')}::text[])`);
  }
}

function studentValues(body: StudentFields) {
  const values = {
    schoolNumber: body.schoolNumber,
    firstName: body.firstName,
    lastName: body.lastName,
    gender: body.gender,
    quote: body.quote,
  };
  return { ...values, ...studentKeys(values) };
}

const auditFields = (row: StudentRow) => ({
  schoolNumber: row.schoolNumber,
  firstName: row.firstName,
  lastName: row.lastName,
  gender: row.gender,
  quote: row.quote,
  branchId: row.branchId,
});

/** A school number is unique within its school: a clash is a 409 on the field, checked first and again by the index. */
async function assertNumberFree(db: Db, schoolId: number, schoolNumber: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.schoolNumber, schoolNumber)));
  if (clash && clash.id !== exceptId) throw numberTaken();
}

const numberTaken = () => conflict('schoolNumber', tr.students.numberTaken);

export async function createStudent(db: Db, caller: Caller, branch: BranchRow, body: StudentFields): Promise<StudentRow> {
  const values = studentValues(body);
  await assertNumberFree(db, branch.schoolId, values.schoolNumber);
  return conflictOnDuplicate(numberTaken, () =>
    db.transaction(async (tx) => {
      const created = await insertOne(tx, students, { ...values, studioId: branch.studioId, schoolId: branch.schoolId, branchId: branch.id });
      await recordAudit(tx, caller, 'create', 'student', created, auditFields(created));
      return created;
    }),
  );
}

/** Saves a student's fields (its nickname changes only through approved suggestions). */
export async function updateStudent(db: Db, caller: Caller, before: StudentRow, body: z.output<typeof studentUpdateBody>): Promise<StudentRow> {
  assertVersion(before, body.version);
  const values = studentValues(body);
  await assertNumberFree(db, before.schoolId, values.schoolNumber, before.id);
  return conflictOnDuplicate(numberTaken, () =>
    db.transaction(async (tx) => {
      const updated = await updateAtVersion(tx, students, before.id, body.version, { ...values, updatedAt: new Date() });
      await recordAudit(tx, caller, 'update', 'student', before, changedFields(auditFields(before), auditFields(updated)));
      return updated;
    }),
  );
}

/** Moves a student, with its photos and its consents' place, to another branch of the same school. */
export async function moveStudent(db: Db, caller: Caller, before: StudentRow, target: BranchRow): Promise<StudentRow> {
  if (target.schoolId !== before.schoolId) throw fieldError('branchId', tr.students.moveOtherSchool);
  return db.transaction(async (tx) => {
    const moved = single(await tx.update(students).set({ branchId: target.id, updatedAt: new Date() }).where(eq(students.id, before.id)).returning());
    await tx.update(photos).set({ branchId: target.id }).where(eq(photos.studentId, before.id));
    await tx.update(studentConsents).set({ branchId: target.id }).where(eq(studentConsents.studentId, before.id));
    await recordAudit(tx, caller, 'move', 'student', before, { branchId: [before.branchId, target.id] });
    return moved;
  });
}

/*
 * Actions on a list's selection. The rows come from `selectedStudents` (every id checked to be of
 * the branch); each action is one transaction with one audit entry per student, so a failure
 * leaves every student as it was.
 */

/** Moves every picked student, with its photos, to another branch of the same school. */
export async function moveInBulk(db: Db, caller: Caller, rows: StudentRow[], target: BranchRow) {
  if (rows.some((r) => r.schoolId !== target.schoolId)) throw fieldError('branchId', tr.students.moveOtherSchool);
  const moving = rows.filter((r) => r.branchId !== target.id);
  const ids = moving.map((r) => r.id);
  if (!ids.length) return 0;
  await db.transaction(async (tx) => {
    await tx.update(students).set({ branchId: target.id, updatedAt: new Date() }).where(inArray(students.id, ids));
    await tx.update(photos).set({ branchId: target.id }).where(inArray(photos.studentId, ids));
    await tx.update(studentConsents).set({ branchId: target.id }).where(inArray(studentConsents.studentId, ids));
    for (const before of moving) await recordAudit(tx, caller, 'move', 'student', before, { branchId: [before.branchId, target.id] });
  });
  return ids.length;
}

/** Deletes every picked student in one transaction; their photos' rows go with them, the files after. */
export async function deleteInBulk(db: Db, store: FileStore, caller: Caller, rows: StudentRow[]) {
  const ids = rows.map((r) => r.id);
  const keys = (await db.select({ key: photos.storageKey }).from(photos).where(inArray(photos.studentId, ids))).map((p) => p.key);
  await db.transaction(async (tx) => {
    await tx.delete(students).where(inArray(students.id, ids));
    for (const before of rows) await recordAudit(tx, caller, 'delete', 'student', before, auditFields(before));
  });
  await removePhotoFiles(store, keys);
  return ids.length;
}

/** Deletes a student; its photos' rows go with it (cascade), their files after. */
export async function deleteStudent(db: Db, store: FileStore, caller: Caller, before: StudentRow): Promise<void> {
  const keys = await photoKeysOf(db, before.id);
  await db.transaction(async (tx) => {
    await tx.delete(students).where(eq(students.id, before.id));
    await recordAudit(tx, caller, 'delete', 'student', before, auditFields(before));
  });
  await removePhotoFiles(store, keys);
}
