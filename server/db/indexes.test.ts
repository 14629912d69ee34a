/**
 * Every query the dashboard, `GET /user` and the lists send finds its rows through an index that
 * matches the caller's scope, so a large studio never slows a small one. The queries are taken
 * from real calls at each level and asked of PostgreSQL's planner with sequential scans priced
 * out: a scan that still reads a whole table, or walks a whole index, has no index to match it. Always against PostgreSQL, whose planner decides in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { usePostgresWorld } from '../test/database';
import { PASSWORD } from '../test/fixtures';
import * as schema from './schema';

const kit = usePostgresWorld('indexes');
let app: FastifyInstance;
const sent: Array<{ text: string; params: unknown[] }> = [];

beforeAll(async () => {
  // The app's own queries, written down as they are sent.
  const db = drizzle(kit.pool, { schema, logger: { logQuery: (text, params) => void sent.push({ text, params }) } });
  app = await buildApp({ database: { ...kit.database, db }, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', SESSION_CACHE_SECONDS: '0' }) });
  await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: 'rakip@test.test', password: PASSWORD } });
  await growOtherStudio();
});

/**
 * Many accounts, sessions and students of another studio, copied from its rows (whatever their
 * columns), so the planner sees tables the size where the order of a join matters.
 */
async function growOtherStudio() {
  const copies = async (table: string, template: string, count: number, vary: string) => {
    await kit.pool.query(`CREATE TEMP TABLE grown AS SELECT t.* FROM ${table} t, generate_series(1, ${count}) WHERE ${template}`);
    await kit.pool.query(`UPDATE grown SET id = nextval(pg_get_serial_sequence('${table}', 'id'))`);
    await kit.pool.query(`UPDATE grown SET ${vary}`);
    await kit.pool.query(`INSERT INTO ${table} SELECT * FROM grown`);
    await kit.pool.query('DROP TABLE grown');
  };
  await copies('users', `t.email = 'rakip@test.test'`, 3_000, `email = 'kopya' || id || '@test.test'`);
  await copies('sessions', `t.id = (SELECT min(id) FROM sessions)`, 5_000, `token_hash = md5(id::text)`);
  await copies('branches', `t.id = ${kit.world.foreignBranch.id}`, 2_000, `section = 'K' || id`);
  await copies('students', `t.id = ${kit.world.students[5].id}`, 20_000, `school_number = 'k' || id`);
  // One row of each kind the other studio writes, then many like it.
  const student = kit.world.students[5].id;
  const place = { studioId: kit.world.otherStudio.id, schoolId: kit.world.foreignSchool.id, branchId: kit.world.foreignBranch.id };
  await kit.database.db.insert(schema.photos).values({ ...place, studentId: student, isPortrait: true, storageKey: 'k', width: 1, height: 1, bytes: 1 });
  await kit.database.db.insert(schema.messages).values({ ...place, kind: 'student', fromStudentId: student, toStudentId: student, body: 'Merhaba' });
  await kit.database.db.insert(schema.nicknames).values({ ...place, fromStudentId: student, toStudentId: student, text: 'Kopya' });
  await kit.database.db.insert(schema.notifications).values({
    studioId: kit.world.otherStudio.id,
    schoolId: kit.world.foreignSchool.id,
    title: 'Duyuru',
    body: 'Metin',
    targetType: 'school',
    targetId: kit.world.foreignSchool.id,
    sendDate: '2026-01-01',
  });
  // Spread over the copied students, as real rows are.
  const anyStudent = (offset: string) => `(SELECT min(id) FROM students WHERE school_number LIKE 'k%') + (${offset}) % 20000`;
  await copies('photos', 'true', 20_000, `is_portrait = (id % 2 = 0), student_id = ${anyStudent('id / 2')}`);
  await copies('messages', 'true', 20_000, `status = 'approved', from_student_id = ${anyStudent('id')}, to_student_id = ${anyStudent('id * 7')}`);
  await copies('nicknames', 'true', 20_000, `status = 'approved', from_student_id = ${anyStudent('id')}, to_student_id = ${anyStudent('id * 7')}`);
  await copies('notifications', 'true', 5_000, `status = status`);
  await kit.pool.query('ANALYZE');
}

afterAll(async () => {
  await app?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The scans of a plan that read a whole table, or walk a whole index: an index matches only when
 * its first column is held to a value (a condition on a later column alone reads every entry).
 */
function unmatchedScans(node: PlanNode, firstColumns: Map<string, string>): string[] {
  const own: string[] = [];
  if (node['Node Type'] === 'Seq Scan') own.push(`${node['Relation Name']}: whole table`);
  else if (node['Index Name']) {
    const first = firstColumns.get(node['Index Name']);
    // An index over an expression (the trigram search) has no first column to hold.
    // Held to a value: `= x`, or a range from x to x (see countersWhere in areas/statistics/queries.ts).
    const held = new RegExp(`\\(${first} = |\\(${first} >= (\\S+)\\) AND \\(${first} <= \\1\\)`);
    if (first && !held.test(node['Index Cond'] ?? '')) own.push(`${node['Relation Name']}: whole index ${node['Index Name']}`);
  }
  return [...own, ...(node.Plans ?? []).flatMap((child) => unmatchedScans(child, firstColumns))];
}

/** Reference tables small and fixed enough that reading them whole is right. */
const WHOLE_TABLE_OK = new Set(['cities', '__drizzle_migrations']);

async function plansOf(queries: Array<{ text: string; params: unknown[] }>) {
  const client = await kit.pool.connect();
  try {
    // On a handful of rows any plan is cheap; these make the planner choose as it would at scale,
    // where a selective query looks rows up through indexes one by one.
    await client.query('SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off');
    const { rows: indexes } = await client.query<{ index: string; column: string }>(
      `SELECT i.relname AS index, a.attname AS column FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]`,
    );
    const firstColumns = new Map(indexes.map((row) => [row.index, row.column]));
    const problems: string[] = [];
    for (const query of queries) {
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${query.text}`, query.params);
      const plan = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
      for (const scan of unmatchedScans(plan, firstColumns)) if (!WHOLE_TABLE_OK.has(scan.split(':')[0]!)) problems.push(`${scan}\n    ${query.text}`);
    }
    return problems;
  } finally {
    client.release();
  }
}

const levels = [
  { level: 'panel', email: 'panel@test.test' },
  { level: 'school', email: 'okul@test.test' },
  { level: 'branch', email: 'sube@test.test' },
] as const;

describe('indexes behind the hot paths', () => {
  for (const { level, email } of levels) {
    it(`match every query of the ${level} level's dashboard, user info and lists`, async () => {
      const login = await app.inject({ method: 'POST', url: `/api/${level}/login`, payload: { email, password: PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().token}` };
      const paths = [
        'user',
        'statistics',
        'schools',
        `schools/${kit.world.school.id}/branches`,
        `branches/${kit.world.branch.id}/students`,
        `branches/${kit.world.branch.id}/messages`,
        'nicknames',
        'notifications',
      ];
      sent.length = 0;
      for (const path of paths) {
        const res = await app.inject({ method: 'GET', url: `/api/${level}/${path}`, headers });
        expect([200, 403], `${path}: ${res.body}`).toContain(res.statusCode);
      }
      const reads = sent.filter((q) => /^\s*(select|with)\b/i.test(q.text));
      expect(reads.length).toBeGreaterThan(paths.length);
      expect(await plansOf(reads)).toEqual([]);
    });
  }
});
