/** Doing an import in one transaction: all rows or none, new branches included, with one audit entry for the import. */
import { eq } from 'drizzle-orm';
import { branchName, orderKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { branches, students } from '../../db/schema';
import { badRequest } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import { insertStudentsInBulk, studentKeys } from '../students/writes';
import type { ImportScope, Plan, PlannedRow } from './queries';
import { parseBranch } from '../../text/sheets';

/** Error rows listed in an answer and an audit entry; the count tells the rest. */
const LISTED_INVALID = 1000;

/**
 * Writes the plan in one transaction. An error row means nothing is written, unless the person
 * chose to skip error rows: then the valid rows are written and the skipped ones are listed.
 */
export async function commitImport(db: Db, caller: Caller, scope: ImportScope, plan: Plan, fileName: string, options: { skipInvalid: boolean }) {
  const invalid = plan.rows.filter((r) => r.action === 'error');
  if (invalid.length && !options.skipInvalid) throw badRequest(tr.students.import.fixFirst);
  if (invalid.length === plan.rows.length) throw badRequest(tr.students.import.nothingValid);
  const invalidRows = invalid
    .slice(0, LISTED_INVALID)
    .map((r) => ({ line: r.line, schoolNumber: r.schoolNumber, name: `${r.firstName} ${r.lastName}`.trim(), errors: r.errors }));
  return db.transaction(async (tx) => {
    const branchIds = new Map<string, number>();
    const schoolBranches = await tx.select().from(branches).where(eq(branches.schoolId, scope.schoolId));
    for (const b of schoolBranches) branchIds.set(branchName(b), b.id);
    for (const name of plan.preview.newBranches) {
      const parsed = parseBranch(name);
      // The plan named it from a branch it parsed, so it parses again.
      if (!parsed) throw new Error(`unparsable planned branch ${name}`);
      const created = await insertOne(tx, branches, {
        studioId: scope.studioId,
        schoolId: scope.schoolId,
        grade: parsed.grade,
        section: parsed.section,
        sectionKey: orderKey(parsed.section),
      });
      branchIds.set(name, created.id);
      await recordAudit(tx, caller, 'create', 'branch', created, { grade: parsed.grade, section: parsed.section, source: 'import' });
    }
    const creates = plan.rows.filter((r) => r.action === 'create');
    const updates = plan.rows.filter((r) => r.action === 'update');
    const branchIdOf = (name: string) => {
      const id = branchIds.get(name);
      // Every planned row names a branch that existed or was created above.
      if (id === undefined) throw new Error(`no branch ${name} for an import row`);
      return id;
    };
    const values = (r: PlannedRow) => ({
      schoolNumber: r.schoolNumber,
      firstName: r.firstName,
      lastName: r.lastName,
      branchId: branchIdOf(r.branch),
      ...studentKeys(r),
    });
    await insertStudentsInBulk(
      tx,
      creates.map((r) => ({ ...values(r), gender: r.gender, studioId: scope.studioId, schoolId: scope.schoolId })),
    );
    for (const r of updates) {
      if (r.studentId === undefined) throw new Error(`an update of line ${r.line} without its student`);
      const set = plan.preview.mapping.gender === null ? values(r) : { ...values(r), gender: r.gender };
      await tx
        .update(students)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(students.id, r.studentId));
    }
    const result = {
      created: creates.length,
      updated: updates.length,
      skipped: plan.rows.filter((r) => r.action === 'skip').length,
      branchesCreated: plan.preview.newBranches,
      invalidCount: invalid.length,
    };
    await recordAudit(
      tx,
      caller,
      'import',
      'student',
      { id: null, schoolId: scope.schoolId },
      {
        fileName,
        ...result,
        createdNumbers: creates.map((r) => r.schoolNumber).slice(0, 1000),
        updatedNumbers: updates.map((r) => r.schoolNumber).slice(0, 1000),
        invalidLines: invalidRows.map((r) => r.line),
      },
    );
    return { ...result, invalidRows };
  });
}
