/** Manager accounts of a school (level school) or a branch (level branch). */
import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../common/schemas/list';
import type { Manager } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { orderFor, pageOf, searchCondition, turkishOrder } from '../../http/list';

export type ManagerKind = 'school' | 'branch';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  active: users.active,
  schoolId: users.schoolId,
  branchId: users.branchId,
  lastLoginAt: users.lastLoginAt,
};

const SORTS = { name: turkishOrder(users.sortKey), email: users.email, active: users.active, lastLoginAt: users.lastLoginAt };

export function toManager(row: { lastLoginAt: Date | null } & Omit<Manager, 'lastLoginAt'>): Manager {
  return { ...row, lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null };
}

/** The accounts under one school (kind school) or one branch (kind branch). */
export function ownerWhere(kind: ManagerKind, studioId: number, ownerId: number): SQL {
  return kind === 'school'
    ? and(eq(users.studioId, studioId), eq(users.level, 'school'), eq(users.schoolId, ownerId))!
    : and(eq(users.studioId, studioId), eq(users.level, 'branch'), eq(users.branchId, ownerId))!;
}

export async function listManagers(db: Db, kind: ManagerKind, studioId: number, ownerId: number, query: ListQuery, paged = true) {
  const where = and(ownerWhere(kind, studioId, ownerId), searchCondition(users.searchKey, query.q))!;
  const { limit, offset } = paged ? pageOf(query) : { limit: 50_000, offset: 0 };
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...orderFor(SORTS, query, 'name', users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toManager), total: Number(total.n) };
}

export async function managerById(db: Db, id: number): Promise<Manager> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return toManager(row);
}

/** E-mail is the login, so it is unique over every account of every studio. */
export async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  if (row) throw conflict('email', tr.organisation.manager.emailTaken);
}

/** A unique index refused the row (two writes raced past the check before it). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}
