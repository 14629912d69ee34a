/** The schools list: Turkish search and order, city and status filters, branch/student counts; one school as the API answers it. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { School, schoolListQuery } from '../../../common/schemas/organisation';
import { schoolsWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { countWhere } from '../../db/rows';
import { cities, schools, students } from '../../db/schema';
import { orderFor, pagedList, searchCondition, turkishOrder } from '../../http/list';

export type SchoolListQuery = z.infer<typeof schoolListQuery>;

// Qualified by hand so the subquery never takes a bare "id" as its own column.
const schoolId = sql`"schools"."id"`;
const branchCount = sql<number>`(select count(*) from branches b where b.school_id = ${schoolId})`.mapWith(Number);
const studentCount = sql<number>`(select count(*) from students s where s.school_id = ${schoolId})`.mapWith(Number);

const columns = {
  id: schools.id,
  name: schools.name,
  cityId: schools.cityId,
  cityName: sql<string>`coalesce(${cities.name}, '')`,
  district: schools.district,
  address: schools.address,
  phone: schools.phone,
  email: schools.email,
  // The logo file's public URL; ?v= changes with the row, so a new logo gets a new URL.
  logoUrl: sql<
    string | null
  >`case when ${schools.logoPath} is null then null else '/api/files/school-logo/' || ${schoolId} || '?v=' || floor(extract(epoch from ${schools.updatedAt}) * 1000)::bigint end`,
  academicYear: schools.academicYear,
  messageDeadline: schools.messageDeadline,
  code: schools.code,
  status: schools.status,
  branchCount,
  studentCount,
  version: schools.version,
};

const SORTS = {
  name: turkishOrder(schools.sortKey),
  city: sql`${cities.sortKey} COLLATE "C"`,
  district: sql`${schools.district}`,
  academicYear: schools.academicYear,
  messageDeadline: schools.messageDeadline,
  status: schools.status,
  branchCount,
  studentCount,
};

function listWhere(caller: Caller, query: SchoolListQuery): SQL {
  const conditions: Array<SQL | undefined> = [schoolsWhere(caller), searchCondition(schools.searchKey, query.q)];
  if (query.cityId) conditions.push(eq(schools.cityId, query.cityId));
  if (query.status) conditions.push(eq(schools.status, query.status));
  return and(...conditions)!;
}

/**
 * Two steps: the page's ids by the indexed order first, then the full rows with their counts.
 * In one query PostgreSQL would run the count subqueries for every row OFFSET skips.
 */
export async function listSchools(db: Db, caller: Caller, query: SchoolListQuery, paged = true) {
  const where = listWhere(caller, query);
  const { rows: idRows, total } = await pagedList(db, schools, where, query, paged, (page) =>
    db
      .select({ id: schools.id })
      .from(schools)
      .leftJoin(cities, eq(cities.id, schools.cityId))
      .where(where)
      .orderBy(...orderFor(SORTS, query, 'name', schools.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  const ids = idRows.map((r) => r.id);
  const rows = ids.length ? await db.select(columns).from(schools).leftJoin(cities, eq(cities.id, schools.cityId)).where(inArray(schools.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row as School]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
}

export async function schoolById(db: Db, id: number): Promise<School> {
  const [row] = await db.select(columns).from(schools).leftJoin(cities, eq(cities.id, schools.cityId)).where(eq(schools.id, id));
  return row as School;
}

/** How many students a school has (a school with students is never deleted). */
export const studentCountOfSchool = (db: Db, schoolId: number) => countWhere(db, students, eq(students.schoolId, schoolId));
