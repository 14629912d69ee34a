/**
 * A PostgreSQL outage while requests flow: the app's connections are terminated and new ones
 * refused for a few seconds. Every call answers 503 in Turkish meanwhile (never 500, never a
 * hang), health says so, the process lives on, and it serves again by itself once the database
 * is back. Always against PostgreSQL (an embedded database has no outage to survive).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tr } from '../../common/tr';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { adminQuery, createPostgresDatabase } from '../test/database';
import { createWorld, PASSWORD } from '../test/fixtures';
import { openDatabase, type Database } from './client';
import { seedReferenceData } from './seed/reference';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let target: { url: string; drop(): Promise<void> };
let database: Database;
let app: FastifyInstance;
let token: string;

const admin = (statement: string) => adminQuery(baseUrl, statement);
const name = () => new URL(target.url).pathname.slice(1);

beforeAll(async () => {
  target = await createPostgresDatabase(baseUrl, 'yp_outage');
  database = await openDatabase({ databaseUrl: target.url, dataDir: null });
  await seedReferenceData(database.db);
  await createWorld(database.db);
  app = await buildApp({ database, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent' }) });
  const login = await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: 'panel@test.test', password: PASSWORD } });
  token = login.json().token;
});

afterAll(async () => {
  await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`);
  await app.close();
  await database.close();
  await target.drop();
});

const schools = () => app.inject({ url: '/api/panel/schools', headers: { authorization: `Bearer ${token}` } });
const health = () => app.inject({ url: '/api/health' });

it('answers 503 while PostgreSQL is unreachable and recovers by itself', async () => {
  expect((await schools()).statusCode).toBe(200);
  expect((await health()).statusCode).toBe(200);

  await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS false`);
  await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name()}'`);

  const during: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await schools();
    during.push(res.statusCode);
    expect(res.json()).toEqual({ success: false, message: tr.databaseUnavailable });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(during.every((status) => status === 503)).toBe(true);
  const down = await health();
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ success: false, message: tr.databaseUnavailable });

  await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`);
  await expect.poll(async () => (await schools()).statusCode, { timeout: 15_000 }).toBe(200);
  expect((await health()).statusCode).toBe(200);
  expect((await schools()).json().items).toHaveLength(2);
}, 60_000);
