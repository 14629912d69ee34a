/**
 * A photographer's index file (PSPA-style): a txt/csv/tsv that maps each image
 * file name to a student — file name, first name, last name, grade and teacher — the second way
 * to match a shoot's photos to students when the files are not named by school number.
 *
 * Layout facts (from yearbook vendors' guides to "PSPA" indexes, e.g. Picaboo's "Format a PSPA
 * CD" and EDOnline's "All about your people page index"): usually named INDEX.TXT, tab- or
 * comma-separated, often without a header row; one row per person, one column holding the exact
 * image file name, with first name, last name, grade and teacher beside it. So a header row is
 * used when there is one (Turkish or English names), and otherwise the column holding image
 * file names is found and the next four are read in that order.
 */
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { badRequest } from '../../core/errors';
import { decodeText, parseCsv } from '../../text/csv';
import { parseBranch } from '../../text/sheets';

export interface IndexEntry {
  line: number;
  fileName: string;
  firstName: string;
  lastName: string;
  grade: string;
  teacher: string;
  schoolNumber: string;
}

type IndexField = Exclude<keyof IndexEntry, 'line'>;

const HEADER_WORDS: Record<IndexField, string[]> = {
  fileName: [
    'dosya',
    'dosya adi',
    'fotograf',
    'fotograf dosyasi',
    'resim',
    'image file name',
    'image name',
    'image file',
    'image',
    'file name',
    'filename',
    'file',
    'photo',
  ],
  firstName: ['ad', 'adi', 'isim', 'first name', 'firstname', 'first'],
  lastName: ['soyad', 'soyadi', 'last name', 'lastname', 'last'],
  grade: ['sinif', 'sube', 'sinif/sube', 'sinif sube', 'grade', 'class'],
  teacher: ['ogretmen', 'sinif ogretmeni', 'teacher', 'homeroom'],
  schoolNumber: ['okul no', 'okul numarasi', 'ogrenci no', 'ogrenci numarasi', 'student id', 'student number', 'studentid'],
};

/** The end of an image file's name, for every format an upload accepts. */
export const IMAGE_EXTENSION = /\.(jpe?g|png|webp|heic|heif|tiff?)$/i;
const MAX_ROWS = 20_000;

/** A file name without the folders a browser or an index may put before it. */
export const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() ?? '';

/** The key a photo's file name is looked up by: its base name, case-insensitive. */
export const indexKey = (fileName: string) => baseName(fileName).trim().toLowerCase();

/** Reads an index file into entries keyed by file name; a file that is no such index is a 400. */
export function readPhotoIndex(data: Buffer): Map<string, IndexEntry> {
  let grid: string[][];
  try {
    grid = parseCsv(decodeText(data), MAX_ROWS, { maxColumns: 50, maxCellChars: 1000 });
  } catch {
    throw badRequest(tr.students.photos.indexUnreadable, { index: tr.students.photos.indexUnreadable });
  }
  const rows = grid.map((cells, i) => ({ line: i + 1, cells: cells.map((c) => c.trim()) })).filter((r) => r.cells.some((c) => c));
  const columns = columnsOf(rows[0]?.cells ?? [], rows);
  if (!columns) throw badRequest(tr.students.photos.indexUnreadable, { index: tr.students.photos.indexUnreadable });
  const body = columns.header ? rows.slice(1) : rows;
  const entries = new Map<string, IndexEntry>();
  for (const { line, cells } of body) {
    const cell = (field: IndexField) => {
      const index = columns.at[field];
      return index === undefined ? '' : (cells[index] ?? '');
    };
    const fileName = cell('fileName');
    if (!fileName) continue;
    entries.set(indexKey(fileName), {
      line,
      fileName,
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      grade: cell('grade'),
      teacher: cell('teacher'),
      schoolNumber: cell('schoolNumber'),
    });
  }
  if (!entries.size) throw badRequest(tr.students.photos.indexUnreadable, { index: tr.students.photos.indexUnreadable });
  return entries;
}

function columnsOf(first: string[], rows: Array<{ cells: string[] }>): { header: boolean; at: Partial<Record<IndexField, number>> } | null {
  const folded = first.map((h) => searchKey(h).replace(/[.:_]/g, ' ').replace(/\s+/g, ' ').trim());
  const at: Partial<Record<IndexField, number>> = {};
  for (const field of Object.keys(HEADER_WORDS) as IndexField[]) {
    const index = folded.findIndex((h) => HEADER_WORDS[field].includes(h));
    if (index >= 0) at[field] = index;
  }
  if (at.fileName !== undefined && (at.schoolNumber !== undefined || (at.firstName !== undefined && at.lastName !== undefined))) {
    return { header: true, at };
  }
  // No header: the column of image file names, then first name, last name, grade, teacher.
  const sample = rows.slice(0, 20);
  const width = Math.max(0, ...sample.map((r) => r.cells.length));
  for (let column = 0; column < width; column++) {
    const names = sample.filter((r) => IMAGE_EXTENSION.test(r.cells[column] ?? '')).length;
    if (names * 2 > sample.length && column + 2 < width) {
      return { header: false, at: { fileName: column, firstName: column + 1, lastName: column + 2, grade: column + 3, teacher: column + 4 } };
    }
  }
  return null;
}

export interface IndexCandidate {
  id: number;
  schoolNumber: string;
  firstName: string;
  lastName: string;
  grade: number;
  section: string;
}

/** The students an upload can reach, looked up by number and by folded full name (built once per upload). */
export interface IndexCandidates<T extends IndexCandidate> {
  byNumber: Map<string, T>;
  byName: Map<string, T[]>;
}

export function indexCandidates<T extends IndexCandidate>(students: readonly T[]): IndexCandidates<T> {
  const byName = new Map<string, T[]>();
  for (const student of students) {
    const key = searchKey(`${student.firstName} ${student.lastName}`);
    byName.set(key, [...(byName.get(key) ?? []), student]);
  }
  return { byNumber: new Map(students.map((s) => [s.schoolNumber, s])), byName };
}

export type IndexMatch<T extends IndexCandidate> = { student: T } | { reason: string };

/**
 * The student an index row names: by school number when the index has one; otherwise by the
 * Turkish-folded full name, narrowed by the grade ("12", "12/A", "12-A") when names repeat.
 */
export function matchIndexEntry<T extends IndexCandidate>(entry: IndexEntry, candidates: IndexCandidates<T>): IndexMatch<T> {
  const byNumber = entry.schoolNumber ? candidates.byNumber.get(entry.schoolNumber) : undefined;
  if (byNumber) return { student: byNumber };
  const name = `${entry.firstName} ${entry.lastName}`.trim();
  const key = searchKey(name);
  if (!key) return { reason: tr.students.photos.indexNoName(entry.line) };
  let found = candidates.byName.get(key) ?? [];
  const branch = parseBranch(entry.grade);
  const grade = branch?.grade ?? (/^\d{1,2}$/.test(entry.grade) ? Number(entry.grade) : null);
  if (found.length > 1 || branch) {
    const narrowed = found.filter((c) => (grade === null || c.grade === grade) && (!branch || c.section === branch.section));
    if (narrowed.length || branch) found = narrowed;
  }
  const [first, second] = found;
  if (!first) return { reason: tr.students.photos.indexNoStudent(name) };
  if (second) return { reason: tr.students.photos.indexAmbiguous(name) };
  return { student: first };
}
