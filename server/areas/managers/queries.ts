/** Manager accounts of a school (level school) or a branch (level branch): the list and one account as the API answers it. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../common/schemas/list';
import type { Manager } from '../../../common/schemas/organisation';
import { managersWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { single } from '../../db/rows';
import { users } from '../../db/schema';
import { orderFor, pagedList, searchCondition, turkishOrder } from '../../http/list';

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
  version: users.version,
};

const SORTS = { name: turkishOrder(users.sortKey), email: users.email, active: users.active, lastLoginAt: users.lastLoginAt };

function toManager(row: { lastLoginAt: Date | null } & Omit<Manager, 'lastLoginAt'>): Manager {
  return { ...row, lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null };
}

/** The accounts of one school (kind school) or one branch (kind branch), as far as the caller reaches. */
function ownerWhere(caller: Caller, kind: ManagerKind, ownerId: number): SQL | undefined {
  return and(managersWhere(caller), eq(users.level, kind), kind === 'school' ? eq(users.schoolId, ownerId) : eq(users.branchId, ownerId));
}

export async function listManagers(db: Db, caller: Caller, kind: ManagerKind, ownerId: number, query: ListQuery, paged = true) {
  const where = and(ownerWhere(caller, kind, ownerId), searchCondition(users.searchKey, query.q));
  const { rows, total } = await pagedList(db, users, where, query, paged, (page) =>
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(...orderFor(SORTS, query, 'name', users.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  return { items: rows.map(toManager), total };
}

export async function managerById(db: Db, id: number): Promise<Manager> {
  return toManager(single(await db.select(columns).from(users).where(eq(users.id, id))));
}
