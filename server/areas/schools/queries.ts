/** The schools list: Turkish search and order, city and status filters, branch/student counts; one school as the API answers it. */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { School, schoolListQuery } from '../../../common/schemas/organisation';
import { schoolsWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { countWhere } from '../../db/rows';
import { cities, schools, students } from '../../db/schema';
import { EXPORT_MAX_ROWS } from '../../http/export';
import { containsPattern, orderFor, turkishOrder } from '../../http/list';
import { placeholderCaller, preparedPerShape, scopeValues } from '../../db/prepared';

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
  deliveryDate: schools.deliveryDate,
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

interface ListShape {
  search: boolean;
  city: boolean;
  status: boolean;
}

/** The list's condition with its values as placeholders: `pattern`, `cityId`, `status` and the caller's scope. */
function listWhere(caller: Caller, shape: ListShape): SQL {
  const conditions: SQL[] = [schoolsWhere(caller)];
  if (shape.search) conditions.push(sql`${schools.searchKey} LIKE ${sql.placeholder('pattern')}`);
  if (shape.city) conditions.push(eq(schools.cityId, sql.placeholder('cityId')));
  if (shape.status) conditions.push(eq(schools.status, sql.placeholder('status')));
  return and(...conditions)!;
}

const pageStatements = preparedPerShape<{
  page: { execute(values: Record<string, unknown>): Promise<Array<School & { total: number }>> };
  count: { execute(values: Record<string, unknown>): Promise<Array<{ n: number }>> };
}>();

/**
 * One statement answers a page and the total: the page's ids are found by the indexed order
 * first (a subquery with the limit), and only those rows get their branch and student counts —
 * in a plain join PostgreSQL would count for every row OFFSET skips. The total is a subquery
 * run once. A page past the end has no row to carry the total: then it is counted on its own.
 * Prepared statements, one per shape of the list (filters given, sort order).
 */
export async function listSchools(db: Db, caller: Caller, query: SchoolListQuery, paged = true) {
  const pattern = containsPattern(query.q);
  const listShape: ListShape = { search: pattern !== null, city: Boolean(query.cityId), status: Boolean(query.status) };
  const shape = [caller.level, query.sort ?? 'name', query.order, ...Object.values(listShape).map(Number)].join('|');
  const statements = pageStatements(db, shape, () => {
    const where = listWhere(placeholderCaller(caller.level), listShape);
    const order = orderFor(SORTS, query, 'name', schools.id);
    const name = `schools_${shape.replace(/\W/g, '_')}`;
    const counted = db.select({ n: count() }).from(schools).where(where);
    const pageIds = db
      .select({ id: schools.id })
      .from(schools)
      .leftJoin(cities, eq(cities.id, schools.cityId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: db
        .select({ ...columns, total: sql<number>`(${counted})`.mapWith(Number) })
        .from(schools)
        .leftJoin(cities, eq(cities.id, schools.cityId))
        .where(inArray(schools.id, pageIds))
        .orderBy(...order)
        .prepare(`${name}_page`),
      count: counted.prepare(`${name}_count`),
    };
  });
  const page = paged ? { limit: query.perPage, offset: (query.page - 1) * query.perPage } : { limit: EXPORT_MAX_ROWS, offset: 0 };
  const values = { ...scopeValues(caller), pattern, cityId: query.cityId, status: query.status, ...page };
  const rows = await statements.page.execute(values);
  const total = rows[0]?.total ?? Number((await statements.count.execute(values))[0]?.n ?? 0);
  return { items: rows.map(({ total: _, ...school }) => school as School), total };
}

export async function schoolById(db: Db, id: number): Promise<School> {
  const [row] = await db.select(columns).from(schools).leftJoin(cities, eq(cities.id, schools.cityId)).where(eq(schools.id, id));
  return row as School;
}

/** How many students a school has (a school with students is never deleted). */
export const studentCountOfSchool = (db: Db, schoolId: number) => countWhere(db, students, eq(students.schoolId, schoolId));
