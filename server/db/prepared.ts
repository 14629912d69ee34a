/**
 * Statements of the hot path built once and prepared on the database under a name: later calls
 * skip building the SQL text and PostgreSQL skips parsing and planning it; only values travel.
 * A statement is built per database handle (the app's, a test's), on first use.
 */
import { sql } from 'drizzle-orm';
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

/** What `built` holds under `key`, built the first time it is asked for. */
function once<K, T>(built: { get(key: K): T | undefined; set(key: K, value: T): unknown }, key: K, build: () => T): T {
  let value = built.get(key);
  if (value === undefined) {
    value = build();
    built.set(key, value);
  }
  return value;
}
