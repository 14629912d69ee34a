/**
 * Reading delimited text files (student lists, photographers' index files): decoding the bytes
 * and splitting CSV, whichever separator and encoding a Turkish spreadsheet program chose.
 */
import { tr } from '../../common/tr';
import { badRequest } from '../core/errors';

/** UTF-8 (with or without BOM); Excel's Turkish CSVs are often Windows-1254. */
export function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1254').decode(data);
  }
}

export interface CsvLimits {
  /** Columns of a row; more is a 400 as soon as the row reaches it. */
  maxColumns: number;
  /** Characters of a cell; more is a 400 as soon as the cell reaches it. */
  maxCellChars: number;
}

/** RFC 4180 CSV with the separator guessed from the first line (; , or tab); reading stops at the first limit passed. */
export function parseCsv(text: string, maxRows: number, limits: CsvLimits = { maxColumns: 1000, maxCellChars: 100_000 }): string[][] {
  // Control characters near the start mean a binary file that is not a spreadsheet we read.
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 2000))) throw badRequest(tr.students.import.unsupported);
  const head = text.slice(0, 64 * 1024);
  const firstLine = head.slice(0, head.search(/\r?\n|$/));
  // The most frequent of them; on a tie the first listed.
  const separator = [';', '\t', ','].reduce((best, s) => (firstLine.split(s).length > firstLine.split(best).length ? s : best));
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
      if (row.length >= limits.maxColumns) throw badRequest(tr.students.import.tooManyColumns(limits.maxColumns));
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > maxRows + 1) break;
    } else cell += ch;
    if (cell.length > limits.maxCellChars) throw badRequest(tr.students.import.cellTooLong(limits.maxCellChars));
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.map((r) => r.map((c) => c.replace(/^\uFEFF/, '')));
}
