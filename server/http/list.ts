/**
 * Server-side paging, sorting and Turkish search, the same for every list:
 * ?page=&perPage=&q=&sort=&order= → { success, items, total, page, perPage }.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../common/schemas/list';
import { searchKey } from '../../common/text';
import { tr } from '../../common/tr';
import type { Db } from '../db/client';
import { countWhere } from '../db/rows';
import { fieldError } from '../core/errors';
import { EXPORT_MAX_ROWS } from './export';

type Paging = Pick<ListQuery, 'page' | 'perPage'>;
export interface Page {
  limit: number;
  offset: number;
}

function pageOf(query: Paging): Page {
  return { limit: query.perPage, offset: (query.page - 1) * query.perPage };
}

/**
 * A list's rows and its total, read at once: `select` reads the rows of a page, or — for an
 * export (`paged` false) — every row up to the export cap; the total counts `table` under `where`.
 */
export async function pagedList<T>(db: Db, table: PgTable, where: SQL | undefined, query: Paging, paged: boolean, select: (page: Page) => Promise<T[]>) {
  const page = paged ? pageOf(query) : { limit: EXPORT_MAX_ROWS, offset: 0 };
  const [rows, total] = await Promise.all([select(page), countWhere(db, table, where)]);
  return { rows, total };
}

/** A list's page of a dynamic select: its rows under `where`, in `order`. */
export function pageSelect<T extends PgSelect>(select: T, where: SQL | undefined, order: Array<SQL | PgColumn>, page: Page) {
  return select
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** Text columns are ordered by their Turkish order key under COLLATE "C" (see common/text.ts). */
export const turkishOrder = (sortKeyColumn: PgColumn) => sql`${sortKeyColumn} COLLATE "C"`;

/**
 * ORDER BY for the requested sort key, from the list's allowed keys; an unknown key is a 400.
 * `tieBreaker` (the id) keeps pages stable.
 */
export function orderFor(allowed: Record<string, SQL | PgColumn>, query: Pick<ListQuery, 'sort' | 'order'>, defaultKey: string, tieBreaker: PgColumn): SQL[] {
  const key = query.sort ?? defaultKey;
  // Own keys only: "__proto__" or "constructor" must not find Object's members.
  const expression = Object.hasOwn(allowed, key) ? allowed[key] : undefined;
  if (!expression) throw fieldError('sort', tr.validation.choice);
  const direction = query.order === 'desc' ? desc : asc;
  return [direction(expression), direction(tieBreaker)];
}

/** LIKE pattern for the folded search text; `%` and `_` typed by a person match themselves. */
export function containsPattern(q: string): string | null {
  const folded = searchKey(q);
  if (!folded) return null;
  return `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The search condition on a search_key column (trigram-indexed), or undefined for no search. */
export function searchCondition(searchKeyColumn: PgColumn, q: string): SQL | undefined {
  const pattern = containsPattern(q);
  return pattern ? sql`${searchKeyColumn} LIKE ${pattern}` : undefined;
}

export function listAnswer<T>(items: T[], total: number, query: Pick<ListQuery, 'page' | 'perPage'>) {
  return { success: true as const, items, total: Number(total), page: query.page, perPage: query.perPage };
}
