/**
 * List exports: CSV as Turkish Excel expects it (UTF-8 with BOM, `;` separated,
 * CRLF) and XLSX, with Turkish column headers. A list's `/export?format=csv|xlsx` route calls it.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { todayInTurkey } from '../../common/dates';
import { attachmentHeader } from './disposition';

export const exportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof exportFormat>;
/** Exports are capped so one call cannot stream a whole database. */
export const EXPORT_MAX_ROWS = 50_000;

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in Excel (CSV injection): quote it.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(';')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<Buffer> {
  // Loaded on the first export: it is the heaviest module and most starts never export.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends the export as a download named `<baseName>-yyyy-mm-dd.<format>`. */
export async function sendExport<T>(
  reply: FastifyReply,
  options: { format: ExportFormat; baseName: string; sheetName: string; columns: ExportColumn<T>[]; rows: T[] },
) {
  const date = todayInTurkey();
  const filename = `${options.baseName}-${date}.${options.format}`;
  reply.header('content-disposition', attachmentHeader(filename));
  reply.header('cache-control', 'no-store');
  if (options.format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(options.columns, options.rows));
  }
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(options.sheetName, options.columns, options.rows));
}
