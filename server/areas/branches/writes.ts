/** Writing branches: create one or a range of section letters, edit, delete; each with its audit entry. */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { branchBody, branchRangeBody, branchUpdateBody } from '../../../common/schemas/organisation';
import { branchName, orderKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { BranchRow, SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { single } from '../../db/rows';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { branches, messages, notifications, users } from '../../db/schema';
import { HttpError, conflict, conflictOnDuplicate, fieldError } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import type { FileStore } from '../../storage/store';
import { dropAlbumsOf } from '../albums/writes';
import { removePhotoFiles } from '../photos/writes';
import { studentCountOfBranch, takenSections } from './queries';
import { sectionRange } from './range';

const t = tr.organisation.branch;
const duplicate = () => conflict('section', t.duplicate);
const auditable = (row: BranchRow) => ({ grade: row.grade, section: row.section, programme: row.programme });

/** A grade and section letter is unique within a school: a clash is a 409, checked first and again by the index. */
async function assertFree(db: Db, schoolId: number, grade: number, section: string, exceptId?: number) {
  const rows = await takenSections(db, schoolId, grade, [section]);
  if (rows.some((r) => r.id !== exceptId)) throw duplicate();
}

/** Inserts branches of a school, each with its audit entry; answers their ids. */
async function insertBranches(tx: Tx, caller: Caller, school: SchoolRow, grade: number, sections: string[], programme: string): Promise<number[]> {
  if (!sections.length) return [];
  const rows = await tx
    .insert(branches)
    .values(sections.map((section) => ({ studioId: caller.studioId, schoolId: school.id, grade, section, sectionKey: orderKey(section), programme })))
    .returning();
  for (const row of rows) {
    await recordAudit(tx, caller, 'create', 'branch', row, changedFields({}, auditable(row)));
  }
  return rows.map((r) => r.id);
}

export async function createBranch(db: Db, caller: Caller, school: SchoolRow, body: z.infer<typeof branchBody>): Promise<number> {
  await assertFree(db, school.id, body.grade, body.section);
  const ids = await conflictOnDuplicate(duplicate, () =>
    db.transaction((tx) => insertBranches(tx, caller, school, body.grade, [body.section], body.programme)),
  );
  return single(ids);
}

/** Creates a grade's sections from one letter to another (12, A–F); those that exist are skipped and named. */
export async function createBranchRange(db: Db, caller: Caller, school: SchoolRow, body: z.infer<typeof branchRangeBody>) {
  const { grade, from, to, programme } = body;
  const letters = sectionRange(from, to);
  if (letters === 'letters') throw fieldError('from', tr.organisation.validation.rangeLetters);
  if (letters === 'order') throw fieldError('to', tr.organisation.validation.range);
  const taken = new Set((await takenSections(db, school.id, grade, letters)).map((r) => r.section));
  const fresh = letters.filter((l) => !taken.has(l));
  const ids = await conflictOnDuplicate(duplicate, () => db.transaction((tx) => insertBranches(tx, caller, school, grade, fresh, programme)));
  return { ids, skipped: letters.filter((l) => taken.has(l)).map((section) => branchName({ grade, section })) };
}

export async function updateBranch(db: Db, caller: Caller, before: BranchRow, body: z.infer<typeof branchUpdateBody>): Promise<void> {
  const { grade, section, programme } = body;
  assertVersion(before, body.version);
  await assertFree(db, before.schoolId, grade, section, before.id);
  await conflictOnDuplicate(duplicate, () =>
    db.transaction(async (tx) => {
      const after = await updateAtVersion(tx, branches, before.id, body.version, {
        grade,
        section,
        sectionKey: orderKey(section),
        programme,
        updatedAt: new Date(),
      });
      await recordAudit(tx, caller, 'update', 'branch', before, changedFields(auditable(before), auditable(after)));
    }),
  );
}

/** Deletes a branch that has no students, with its manager accounts, messages, notifications and event albums; one with students is a 409. */
export async function deleteBranch(db: Db, photos: FileStore, caller: Caller, branch: BranchRow): Promise<void> {
  const students = await studentCountOfBranch(db, branch.id);
  if (students > 0) throw new HttpError(409, t.hasStudents(students));
  const albumPhotoKeys = await db.transaction(async (tx) => {
    const keys = await dropAlbumsOf(tx, { branchId: branch.id });
    await tx.delete(messages).where(eq(messages.branchId, branch.id));
    await tx.delete(notifications).where(eq(notifications.branchId, branch.id));
    await tx.delete(users).where(and(eq(users.branchId, branch.id), eq(users.level, 'branch')));
    await tx.delete(branches).where(eq(branches.id, branch.id));
    await recordAudit(tx, caller, 'delete', 'branch', branch, { name: [branchName(branch), null] });
    return keys;
  });
  await removePhotoFiles(photos, albumPhotoKeys);
}
