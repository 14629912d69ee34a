/**
 * What an import would do, row by row, before anything is written (the preview). Students are
 * matched by school number within the school, so importing the same file again changes nothing.
 */
import { eq } from 'drizzle-orm';
import { schoolNumber as schoolNumberSchema, type ImportMapping, type ImportPreview, type ImportRow } from '../../../common/schemas/students';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { BranchRow } from '../../auth/access';
import type { Db } from '../../db/client';
import { branches, students } from '../../db/schema';
import { parseBranch, parseGender, type Table } from '../../text/sheets';

export interface ImportScope {
  studioId: number;
  schoolId: number;
  /** Branch-scope imports put every row into this branch. */
  branch?: BranchRow;
}

export interface PlannedRow extends ImportRow {
  studentId?: number;
}

export interface Plan {
  preview: ImportPreview;
  rows: PlannedRow[];
}

const NAME_MAX = 60;
/** The preview answers every error row (up to 1 000) and the first 500 good ones; totals count all. */
const PREVIEW_ERRORS = 1000;
const PREVIEW_GOOD = 500;
export function shownRows(rows: PlannedRow[]): PlannedRow[] {
  const errors = rows.filter((r) => r.action === 'error').slice(0, PREVIEW_ERRORS);
  const good = rows.filter((r) => r.action !== 'error').slice(0, PREVIEW_GOOD);
  return [...errors, ...good].sort((a, b) => a.line - b.line);
}

export async function planImport(db: Db, scope: ImportScope, table: Table, mapping: ImportMapping): Promise<Plan> {
  // Unmapped required columns make every row an error, so the preview still shows the file
  // and the person can fix the mapping.
  const required = scope.branch ? (['schoolNumber', 'firstName', 'lastName'] as const) : (['schoolNumber', 'firstName', 'lastName', 'branch'] as const);
  const mappingErrors = required.filter((f) => mapping[f] === null).map((f) => tr.students.import.missingColumn(tr.students.fields[f]));

  const existing = await db.select().from(students).where(eq(students.schoolId, scope.schoolId));
  const byNumber = new Map(existing.map((s) => [s.schoolNumber, s]));
  const schoolBranches = await db.select().from(branches).where(eq(branches.schoolId, scope.schoolId));
  const branchByName = new Map(schoolBranches.map((b) => [branchName(b), b]));
  const newBranches = new Set<string>();
  const seen = new Map<string, number>();
  const cell = (cells: string[], index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());

  const rows: PlannedRow[] = table.rows.map(({ line, cells }) => {
    const errors: string[] = [...mappingErrors];
    const number = cell(cells, mapping.schoolNumber).replace(/\.0$/, '');
    const firstName = cell(cells, mapping.firstName).replace(/\s+/g, ' ');
    const lastName = cell(cells, mapping.lastName).replace(/\s+/g, ' ');
    const genderText = cell(cells, mapping.gender);
    const branchText = cell(cells, mapping.branch);
    const f = tr.students.fields;
    if (!number) errors.push(`${f.schoolNumber}: ${tr.validation.required}`);
    else if (!schoolNumberSchema.safeParse(number).success) errors.push(`${f.schoolNumber}: ${tr.validation.invalid}`);
    if (!firstName) errors.push(`${f.firstName}: ${tr.validation.required}`);
    else if (firstName.length > NAME_MAX) errors.push(`${f.firstName}: ${tr.validation.maxLength(NAME_MAX)}`);
    if (!lastName) errors.push(`${f.lastName}: ${tr.validation.required}`);
    else if (lastName.length > NAME_MAX) errors.push(`${f.lastName}: ${tr.validation.maxLength(NAME_MAX)}`);
    const gender = parseGender(genderText);
    if (gender === null) errors.push(tr.students.import.badGender);

    let target: string = scope.branch ? branchName(scope.branch) : '';
    if (branchText || !scope.branch) {
      const parsed = parseBranch(branchText);
      if (!parsed) errors.push(`${f.branch}: ${tr.students.import.badBranch}`);
      else {
        const name = branchName(parsed);
        if (scope.branch && name !== target) errors.push(tr.students.import.otherBranch);
        else {
          target = name;
          if (!branchByName.has(name)) newBranches.add(name);
        }
      }
    }
    if (number) {
      const firstLine = seen.get(number);
      if (firstLine !== undefined) errors.push(`${tr.students.import.duplicateInFile} (${tr.students.import.row} ${firstLine})`);
      else seen.set(number, line);
    }
    const current = number ? byNumber.get(number) : undefined;
    if (current && scope.branch && current.branchId !== scope.branch.id) errors.push(tr.students.import.numberInOtherBranch);

    let action: ImportRow['action'] = 'create';
    if (errors.length) action = 'error';
    else if (current) {
      const currentBranch = schoolBranches.find((b) => b.id === current.branchId);
      // Without a gender column the stored gender stays.
      const sameGender = mapping.gender === null || current.gender === gender;
      const same = current.firstName === firstName && current.lastName === lastName && sameGender && currentBranch && branchName(currentBranch) === target;
      action = same ? 'skip' : 'update';
    }
    return { line, schoolNumber: number, firstName, lastName, gender: gender ?? '', branch: target, action, errors, studentId: current?.id };
  });

  // A branch only needed by rows with errors is not reported as to-be-created.
  const needed = new Set(rows.filter((r) => r.action !== 'error').map((r) => r.branch));
  const count = (action: ImportRow['action']) => rows.filter((r) => r.action === action).length;
  return {
    rows,
    preview: {
      success: true,
      format: table.format,
      headers: table.headers,
      mapping,
      rows: shownRows(rows).map(({ studentId: _id, ...row }) => row),
      totals: { rows: rows.length, create: count('create'), update: count('update'), skip: count('skip'), error: count('error') },
      newBranches: [...newBranches].filter((n) => needed.has(n)).sort(),
    },
  };
}
