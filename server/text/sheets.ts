/**
 * Reading an uploaded student list into a plain table (header + rows of text), whatever the
 * school handed over: CSV (UTF-8 or Windows-1254, ; , or tab), XLSX, or e-Okul's legacy
 * "Sınıf/Şube Öğrenci Listesi" .XLS (BIFF8: title rows, then one block per branch, each a class
 * heading, a column header row and the students). Then the cells a row holds: gender and branch.
 *
 * Library choice: spreadsheets are untrusted input. npm's `xlsx` 0.18.5 (the last one on the
 * npm registry) has a prototype-pollution flaw (CVE-2023-30533, fixed in SheetJS 0.19.3) and a
 * ReDoS (CVE-2024-22363, fixed in 0.20.2). We use `@e965/xlsx` 0.20.3, a republish of SheetJS
 * 0.20.3 with both fixes, for .xlsx and BIFF8 .xls alike (exceljs cannot read .xls). On top of
 * that the flaws' blast radius is contained: the file size is capped before parsing, only the
 * first sheet's first rows are read (`sheetRows`), formulas/HTML/styles are not parsed, and
 * only cell text leaves this module (no library objects reach the rest of the app).
 */
import * as XLSX from '@e965/xlsx';
import type { Gender, ImportField, ImportMapping } from '../../common/schemas/students';
import { searchKey, trUpper } from '../../common/text';
import { tr } from '../../common/tr';
import { badRequest } from '../core/errors';
import { decodeText, parseCsv } from './csv';
import { checkZip, ZipRefused } from './zipCheck';

type ImportFormat = 'csv' | 'xlsx' | 'eokul';

export interface Table {
  format: ImportFormat;
  headers: string[];
  rows: Array<{ line: number; cells: string[] }>;
  /** The mapping the file suggests (e-Okul: fixed; others: guessed from the headers). */
  mapping: ImportMapping;
}

/**
 * Limits that hold while a file is read (not after): what a zip may inflate to, how many entries
 * it may have, and how many columns of a row are read. Rows are capped by IMPORT_MAX_ROWS.
 */
export const READ_LIMITS = { maxInflatedBytes: 50 * 1024 * 1024, maxEntries: 500, maxColumns: 100, maxCellChars: 10_000 } as const;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads the file into a table; meant for a worker thread (see the imports' routes), as a hostile file may still cost seconds. */
export async function readTable(data: Buffer, maxRows: number): Promise<Table> {
  let grid: string[][];
  let format: ImportFormat;
  if (data.subarray(0, 8).equals(OLE_MAGIC) || data.subarray(0, 4).equals(ZIP_MAGIC)) {
    // .xlsx, or a legacy .xls that is not e-Okul's layout: both read as a plain table.
    format = 'xlsx';
    if (data.subarray(0, 4).equals(ZIP_MAGIC)) {
      try {
        await checkZip(data, READ_LIMITS);
      } catch (error) {
        if (!(error instanceof ZipRefused)) throw error;
        if (error.reason === 'inflated') throw badRequest(tr.students.import.tooMuchInside(READ_LIMITS.maxInflatedBytes / 1024 / 1024));
        throw badRequest(tr.students.import.unsupported);
      }
    }
    grid = readWorkbook(data, maxRows);
  } else {
    format = 'csv';
    grid = parseCsv(decodeText(data), maxRows, { maxColumns: READ_LIMITS.maxColumns, maxCellChars: READ_LIMITS.maxCellChars });
  }
  const eOkul = readEOkulBlocks(grid);
  if (eOkul) {
    if (eOkul.rows.length > maxRows) throw badRequest(tr.students.import.tooManyRows(maxRows));
    return eOkul;
  }
  const headerIndex = grid.findIndex((row) => row.some((c) => c.trim() !== ''));
  const headerRow = grid[headerIndex];
  if (!headerRow) throw badRequest(tr.students.import.empty);
  const headers = headerRow.map((c) => c.trim());
  const rows = grid
    .slice(headerIndex + 1)
    .map((cells, i) => ({ line: headerIndex + i + 2, cells: cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (!rows.length) throw badRequest(tr.students.import.empty);
  if (rows.length > maxRows) throw badRequest(tr.students.import.tooManyRows(maxRows));
  return { format, headers, rows, mapping: guessMapping(headers) };
}

function readWorkbook(data: Buffer, maxRows: number): string[][] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      sheetRows: maxRows + 500, // room for e-Okul's headings and footers
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      dense: true,
      WTF: false,
    });
  } catch {
    throw badRequest(tr.students.import.unsupported);
  }
  const first = workbook.SheetNames[0];
  const sheet = first ? workbook.Sheets[first] : undefined;
  if (!sheet) throw badRequest(tr.students.import.empty);
  // Only the first columns and rows are walked, whatever range the sheet claims (a stray cell in
  // column XFD would otherwise make every row 16 384 cells long).
  const claimed = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const range = {
    s: claimed.s,
    e: { r: Math.min(claimed.e.r, claimed.s.r + maxRows + 500), c: Math.min(claimed.e.c, claimed.s.c + READ_LIMITS.maxColumns - 1) },
  };
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false, range });
  return rows.map((row) => (Array.isArray(row) ? row.map((c) => (c === null || c === undefined ? '' : String(c))) : []));
}

const HEADER_WORDS: Record<ImportField, string[]> = {
  schoolNumber: ['okul no', 'okul numarasi', 'ogrenci no', 'ogrenci numarasi', 'numara', 'numarasi', 'no'],
  firstName: ['ad', 'adi', 'isim', 'ogrenci adi'],
  lastName: ['soyad', 'soyadi', 'ogrenci soyadi'],
  gender: ['cinsiyet', 'cinsiyeti'],
  branch: ['sube', 'subesi', 'sinif', 'sinifi', 'sinif/sube', 'sinif sube', 'sinif / sube'],
};

function guessMapping(headers: string[]): ImportMapping {
  const folded = headers.map((h) => searchKey(h).replace(/[.:]/g, '').trim());
  const mapping = {} as ImportMapping;
  for (const field of Object.keys(HEADER_WORDS) as ImportField[]) {
    const index = folded.findIndex((h) => HEADER_WORDS[field].includes(h));
    mapping[field] = index >= 0 ? index : null;
  }
  return mapping;
}

// "12. Sınıf / A Şubesi", "9. Sınıf / İ Şubesi (Anadolu Lisesi)"; Turkish section letters as written.
const HEADING = /(\d{1,2})\s*\.?\s*S[ıiIİ]n[ıiIİ]f\s*\/\s*([A-Za-zÇĞİIÖŞÜçğıiöşü]{1,3})\s*Şubes[iİ]/iu;

/**
 * e-Okul's list: blocks with a class heading, a column header row, students, and whatever else
 * the report puts around them (teacher lines, count lines such as "Kız 1 Erkek 1 Toplam 2" in
 * the student columns, the report code). Only a row with a numeric S.No (where the block has
 * that column) and a numeric school number is a student; every other line is skipped.
 */
function readEOkulBlocks(grid: string[][]): Table | null {
  const headers = ['Okul No', 'Adı', 'Soyadı', 'Cinsiyeti', 'Şube'];
  const rows: Table['rows'] = [];
  let branch: string | null = null;
  let columns: { order: number; no: number; first: number; last: number; full: number; gender: number } | null = null;
  let sawHeading = false;
  grid.forEach((cells, index) => {
    const text = cells.join(' ').replace(/\s+/g, ' ');
    const [, grade, letter] = HEADING.exec(text) ?? [];
    if (grade && letter) {
      sawHeading = true;
      branch = `${Number(grade)}/${letter.toLocaleUpperCase('tr-TR')}`;
      columns = null;
      return;
    }
    const folded = cells.map((c) => searchKey(c).replace(/[.:]/g, '').trim());
    const no = folded.findIndex((c) => c === 'ogrenci no' || c === 'okul no' || c === 'ogr no');
    if (no >= 0) {
      columns = {
        order: folded.findIndex((c) => c === 'sno' || c === 's no' || c === 'sira no' || c === 'sira'),
        no,
        first: folded.indexOf('adi'),
        last: folded.indexOf('soyadi'),
        full: folded.findIndex((c) => c === 'adi soyadi' || c === 'adi ve soyadi'),
        gender: folded.findIndex((c) => c === 'cinsiyeti' || c === 'cinsiyet'),
      };
      return;
    }
    const cols = columns as typeof columns;
    if (!branch || !cols) return;
    const number = (cells[cols.no] ?? '').trim();
    if (!/^\d+$/.test(number)) return; // footnotes ("Toplam Öğrenci Sayısı : 28") and blank rows
    if (cols.order >= 0 && !/^\d+$/.test((cells[cols.order] ?? '').trim())) return; // count lines ("Kız 1 Erkek 1 Toplam 2")
    let first = cols.first >= 0 ? (cells[cols.first] ?? '').trim() : '';
    let last = cols.last >= 0 ? (cells[cols.last] ?? '').trim() : '';
    if (cols.full >= 0 && (!first || !last)) {
      const full = (cells[cols.full] ?? '').trim().split(/\s+/);
      last = full.pop() ?? '';
      first = full.join(' ');
    }
    const gender = cols.gender >= 0 ? (cells[cols.gender] ?? '').trim() : '';
    rows.push({ line: index + 1, cells: [number, first, last, gender, branch] });
  });
  if (!sawHeading) return null;
  if (!rows.length) throw badRequest(tr.students.import.empty);
  return { format: 'eokul', headers, rows, mapping: { schoolNumber: 0, firstName: 1, lastName: 2, gender: 3, branch: 4 } };
}

/** "K", "Kız", "E", "Erkek" (and the English letters) → the stored gender; empty → ''; anything else → null. */
export function parseGender(value: string): Gender | null {
  const v = searchKey(value);
  if (!v) return '';
  if (['k', 'kiz', 'kadin', 'f', 'female', 'kiz ogrenci'].includes(v)) return 'female';
  if (['e', 'erkek', 'm', 'male', 'erkek ogrenci'].includes(v)) return 'male';
  return null;
}

/** "12/A", "12-A", "12 A", "12A", "12. Sınıf / A Şubesi" → { grade, section }. Section letters keep I/İ apart. */
export function parseBranch(value: string): { grade: number; section: string } | null {
  const [, digits, letters] = /^(\d{1,2})\s*\.?\s*(?:S[ıiIİ]n[ıiIİ]f\s*)?[/\-\s]?\s*([A-Za-zÇĞİIÖŞÜçğıiöşü]{1,3})(?:\s*Şubes[iİ])?$/u.exec(value.trim()) ?? [];
  if (!digits || !letters) return null;
  const grade = Number(digits);
  if (grade < 1 || grade > 12) return null;
  return { grade, section: trUpper(letters) };
}
