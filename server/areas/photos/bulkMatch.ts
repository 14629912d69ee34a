/** Which student each file of a bulk upload belongs to: by the index file's row, else by the school number in its name. */
import { and, eq, inArray } from 'drizzle-orm';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { branches, students } from '../../db/schema';
import { baseName, IMAGE_EXTENSION, indexCandidates, indexKey, matchIndexEntry, type IndexEntry } from './photoIndex';

/** "1234.jpg", "1234-2.JPG", "1234_3.jpeg" → "1234"; anything else → null. */
export function schoolNumberOfFile(fileName: string): string | null {
  const base = baseName(fileName);
  if (!IMAGE_EXTENSION.test(base)) return null;
  const [, number] = /^(\d+)(?:[-_ ]\d{1,3})?\.[^.]+$/.exec(base) ?? [];
  return number ?? null;
}

type Student = typeof students.$inferSelect;
export type BulkTarget = { student: Student } | { reason: string };
/** The school (and branch) a shoot's upload goes to, already checked to be in the caller's scope. */
export interface BulkScope {
  schoolId: number;
  branchId?: number;
}

/**
 * Loads the students the upload can reach and answers a lookup from file name to student.
 * With an index every student in scope is a candidate (names are matched in memory, on the
 * school's or branch's indexed rows); without one only the numbers the file names carry are read.
 */
export async function bulkTargets(
  db: Db,
  scope: BulkScope,
  files: ReadonlyArray<{ fileName: string }>,
  index: Map<string, IndexEntry> | null,
): Promise<(fileName: string) => BulkTarget> {
  const inScope = [eq(students.schoolId, scope.schoolId)];
  if (scope.branchId) inScope.push(eq(students.branchId, scope.branchId));

  if (index) {
    const rows = await db
      .select({ student: students, grade: branches.grade, section: branches.section })
      .from(students)
      .innerJoin(branches, eq(branches.id, students.branchId))
      .where(and(...inScope));
    const candidates = indexCandidates(rows.map((r) => ({ ...r.student, grade: r.grade, section: r.section })));
    return (fileName) => {
      const entry = index.get(indexKey(fileName));
      return entry ? matchIndexEntry(entry, candidates) : byFileNumber(candidates.byNumber, fileName);
    };
  }
  const numbers = [...new Set(files.map((f) => schoolNumberOfFile(f.fileName)).filter((n): n is string => !!n))];
  const rows = numbers.length
    ? await db
        .select()
        .from(students)
        .where(and(...inScope, inArray(students.schoolNumber, numbers)))
    : [];
  const byNumber = new Map(rows.map((s) => [s.schoolNumber, s]));
  return (fileName) => byFileNumber(byNumber, fileName);
}

function byFileNumber(byNumber: Map<string, Student>, fileName: string): BulkTarget {
  const number = schoolNumberOfFile(fileName);
  const student = number ? byNumber.get(number) : undefined;
  if (student) return { student };
  return { reason: number ? tr.students.photos.noStudent(number) : tr.students.photos.badFileName };
}
