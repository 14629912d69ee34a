/**
 * Statements of the hot path built once and prepared on the database under a name: later calls
 * skip building the SQL text and PostgreSQL skips parsing and planning it; only values travel.
 * A statement is built per database handle (the app's, a test's), on first use, and executed by
 * `executeLean` below rather than by Drizzle's own `execute`.
 */
import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Level } from '../../common/levels';
import type { Caller } from '../auth/caller';
import type { Db } from './client';

export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => once(built, db, () => build(db));
}

/** Like `preparedPer`, one statement per key as well (a level, a sort order). */
export function preparedPerKey<K extends string, T>(build: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const statementsOf = perDbMap<K, T>();
  return (db, key) => once(statementsOf(db), key, () => build(db, key));
}

/**
 * A caller of `level` whose scope ids are placeholders, so the access filters (auth/access.ts)
 * can be built into a prepared statement; `scopeValues` gives the values of a real caller.
 */
export function placeholderCaller(level: Level): Caller {
  return {
    level,
    studioId: sql.placeholder('studioId'),
    schoolId: sql.placeholder('schoolId'),
    branchId: sql.placeholder('branchId'),
  } as unknown as Caller;
}

export function scopeValues(caller: Caller) {
  return { studioId: caller.studioId, schoolId: caller.schoolId ?? -1, branchId: caller.branchId ?? -1 };
}

/**
 * Statements of a query whose shape varies (filters present, sort order): one per `shape`,
 * built by `build` the first time that shape is asked for. Keep the shapes few and bounded.
 */
export function preparedPerShape<T>(): (db: Db, shape: string, build: () => T) => T {
  const statementsOf = perDbMap<string, T>();
  return (db, shape, build) => once(statementsOf(db), shape, build);
}

/** A map of statements kept per database handle, made on the handle's first use. */
function perDbMap<K, T>(): (db: Db) => Map<K, T> {
  const built = new WeakMap<Db, Map<K, T>>();
  return (db) => once(built, db, () => new Map<K, T>());
}

/** What `built` holds under `key`, built the first time it is asked for (its statements made lean). */
function once<K, T>(built: { get(key: K): T | undefined; set(key: K, value: T): unknown }, key: K, build: () => T): T {
  let value = built.get(key);
  if (value === undefined) {
    value = build();
    if (is(value, PgPreparedQuery)) executeLean(value);
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) if (is(inner, PgPreparedQuery)) executeLean(inner);
    built.set(key, value);
  }
  return value;
}

/** What a prepared statement of Drizzle's node-postgres driver holds (read, not changed). */
interface DrizzleStatement {
  params: unknown[];
  fields?: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  queryConfig: { text: string };
  client: { query(config: unknown, values: unknown[]): Promise<{ rows: unknown[][] }> };
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Runs a prepared select as Drizzle does (same text, values, row objects and errors), with what
 * Drizzle works out again for every value of every row worked out once: which placeholder each
 * value is, how each column is decoded, where it goes in the row object. Drizzle's own way cost
 * a list of 25 schools a tenth of the request. A statement that is not a select of fields
 * (no `fields`, or Drizzle's own result mapper) keeps Drizzle's `execute`.
 */
function executeLean(prepared: object): void {
  const statement = prepared as DrizzleStatement;
  if (!statement.fields || statement.customResultMapper) return;
  const fields = statement.fields;
  const valueOf = statement.params.map((param): ((values: Record<string, unknown>) => unknown) => {
    if (is(param, Placeholder)) return (values) => given(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder, value } = param;
      return (values) => encoder.mapToDriverValue(given(values, value.name));
    }
    return () => param;
  });
  const columns = fields.map(({ path, field }) => {
    const column = is(field, Column);
    // The same choice of decoder as Drizzle's (its `decoder` fields are internal to it).
    const decoderOf = (of: unknown) => (of as { decoder: Decoder }).decoder;
    const decoder = column
      ? (field as Decoder)
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf(field._.sql)
          : decoderOf((field as { sql: SQL }).sql);
    return { path, decoder, table: column && path.length === 2 ? getTableName(field.table) : undefined };
  });
  statement.execute = async (values = {}) => {
    const params = valueOf.map((value) => value(values));
    let rows: unknown[][];
    try {
      ({ rows } = await statement.client.query(statement.queryConfig, params));
    } catch (error) {
      throw new DrizzleQueryError(statement.queryConfig.text, params, error as Error);
    }
    const joins = statement.joinsNotNullableMap;
    return rows.map((row) => {
      const result: Record<string, unknown> = {};
      // A joined table all of whose columns are null was not joined: its object is null (as Drizzle does).
      let nullify: Record<string, string | false> | undefined;
      for (let i = 0; i < columns.length; i++) {
        const { path, decoder, table } = columns[i]!;
        let node = result;
        for (let step = 0; step < path.length - 1; step++) node = (node[path[step]!] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
        if (joins && table !== undefined) {
          nullify ??= {};
          const object = path[0]!;
          if (!(object in nullify)) nullify[object] = value === null ? table : false;
          else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
        }
      }
      if (nullify) for (const [object, table] of Object.entries(nullify)) if (typeof table === 'string' && !joins![table]) result[object] = null;
      return result;
    });
  };
}

function given(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}
