/**
 * Database faults. Always: an error of a database that is down (however the driver wraps it)
 * answers 503 in Turkish with Retry-After, never 500. On PostgreSQL (DATABASE_URL set, as in CI):
 * the app's connections are terminated and new ones refused for about ten seconds while
 * requests keep flowing; every call answers 503 in Turkish meanwhile (never 500, never a hang),
 * health and readiness say so (liveness does not), the process lives on (the pool's idle connections die too), and it serves
 * again by itself once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tr } from '../../common/tr';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { adminQuery, createPostgresDatabase, startTestDatabase, type TestDatabase } from '../test/database';
import { createWorld, PASSWORD } from '../test/fixtures';
import { openDatabase, type Database } from './client';
import { isDatabaseUnavailable } from './faults';
import { seedReferenceData } from './seed/reference';

const unavailable = { success: false, message: tr.databaseUnavailable };

describe('an error of an unreachable database', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await startTestDatabase();
    app = await buildApp({ database, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent' }) });
    // Errors as the drivers raise them: a terminated connection, a refused one, one wrapped by the ORM.
    const faults: Record<string, () => Error> = {
      terminated: () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      closed: () => Object.assign(new Error(`database "x" is not currently accepting connections`), { code: '55000' }),
      wrapped: () => new Error('Failed query: select 1', { cause: Object.assign(new Error('Connection terminated unexpectedly'), {}) }),
    };
    app.get('/api/fault/:kind', async (request) => {
      throw faults[(request.params as { kind: string }).kind]!();
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers 503 in Turkish with Retry-After, never 500', async () => {
    for (const kind of ['terminated', 'refused', 'closed', 'wrapped']) {
      const res = await app.inject({ url: `/api/fault/${kind}` });
      expect(res.statusCode, kind).toBe(503);
      expect(res.headers['retry-after'], kind).toBe('5');
      expect(res.json(), kind).toEqual(unavailable);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

// Only a real server has connections to terminate and refuse; CI sets DATABASE_URL.
if (process.env.DATABASE_URL) {
  const baseUrl = process.env.DATABASE_URL;

  describe('a PostgreSQL outage while requests flow', () => {
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
      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await app?.close();
      await database?.close();
      await target?.drop();
    });

    const auth = () => ({ authorization: `Bearer ${token}` });
    /** Different kinds of call: a list, one record, a write, a sign-in. */
    const calls = [
      () => app.inject({ url: '/api/panel/schools', headers: auth() }),
      () => app.inject({ url: '/api/panel/user', headers: auth() }),
      () =>
        app.inject({ method: 'POST', url: '/api/panel/schools', headers: auth(), payload: { name: 'Kesinti Lisesi', cityId: 6, academicYear: '2025-2026' } }),
      () => app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: 'panel@test.test', password: PASSWORD } }),
    ];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('answers 503 in Turkish during the outage, never 500, and recovers by itself', async () => {
      expect((await calls[0]!()).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

      // Requests keep coming, one after another, while the outage begins and lasts; each is
      // noted with the phase it started in.
      const seen: Array<{ phase: 'starting' | 'down'; status: number; body: string }> = [];
      let phase: 'starting' | 'down' = 'starting';
      let flowing = true;
      const flow = (async () => {
        for (let i = 0; flowing; i++) {
          const started = phase;
          const res = await calls[i % calls.length]!();
          seen.push({ phase: started, status: res.statusCode, body: res.body });
          await sleep(50);
        }
      })();

      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS false`);
      // Every connection of the app ends, busy or idle: an idle one's error must not end the process.
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name()}'`);
      phase = 'down';
      await sleep(10_000);
      const down = await app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject(unavailable);
      // Out of rotation, not to be restarted: not ready, still live.
      const notReady = await app.inject({ url: '/api/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({
        success: false,
        message: tr.notReady.database,
        checks: { database: false, migrations: false, store: true },
      });
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      flowing = false;
      await flow;

      // Calls that began while the database was unreachable answered 503 in Turkish, each of them;
      // those caught as it went down answered 200 or 503. None was a 500.
      const during = seen.filter((s) => s.phase === 'down');
      expect(during.length).toBeGreaterThan(0);
      for (const call of during) {
        expect(call.status).toBe(503);
        expect(JSON.parse(call.body)).toEqual(unavailable);
      }
      expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);

      // Back: the app serves again by itself, no restart.
      await admin(`ALTER DATABASE "${name()}" ALLOW_CONNECTIONS true`);
      await expect.poll(async () => (await calls[0]!()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await calls[0]!()).json().items.length).toBeGreaterThanOrEqual(2);
      expect((await calls[3]!()).statusCode).toBe(200);
    }, 90_000);
  });
}
