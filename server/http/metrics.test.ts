/**
 * Watching a node: /metrics answers Prometheus's format with the request histograms by route
 * pattern after traffic, only to its token (401 otherwise) and not at all without one (404);
 * liveness answers while the process runs, readiness only while the database, its migrations and
 * the file store are there (a database that is down is in server/db/outage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { tr } from '../../common/tr';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Storage } from '../storage/store';
import { useApiTestKit } from '../test/api';
import { startTestDatabase, type TestDatabase } from '../test/database';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('with METRICS_TOKEN set', () => {
  const kit = useApiTestKit({ METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) => kit.call('GET', '/metrics', undefined, authorization ? { authorization } : {});

  it('answers the histograms by route pattern after traffic, with the queue, pools and event loop', async () => {
    const staff = await kit.as(kit.world.accounts.panel);
    for (const student of kit.world.students.slice(0, 2)) expect((await staff.get(`students/${student.id}`)).status).toBe(200);
    expect((await staff.get('students/999999')).status).toBe(404);
    expect((await kit.call('GET', '/api/yok/bu/adres')).status).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    const text = res.raw;
    // One series for every student's address: the pattern, not the ids.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/:level\/students\/:id",status_code="200"\} 2\n/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/:level\/students\/:id",status_code="404"\} 1\n/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/:level\/students\/:id",status_code="200"\} \d+/);
    expect(text).not.toContain(`students/${kit.world.students[0].id}`);
    expect(text).not.toContain('/api/yok');
    for (const name of [
      'yp_job_duration_seconds',
      'yp_jobs',
      'yp_worker_pool_utilization',
      'yp_db_pool_waiting',
      'yp_db_pool_connections',
      'yp_file_store_errors_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/yp_worker_pool_utilization\{pool="jobs"\} [\d.e-]+/);
  });

  it('counts a job queued by a request while it waits', async () => {
    // A kind no runner handles stays queued: the depth the scrape reports.
    await kit.database.db.execute(sql`INSERT INTO jobs (kind, studio_id) VALUES ('metrics.probe', ${kit.world.studio.id})`);
    expect((await scrape(`Bearer ${TOKEN}`)).raw).toMatch(/yp_jobs\{kind="metrics\.probe",status="queued"\} 1\n/);
  });

  it('refuses a scrape without the token or with another one (401), in Turkish, and still serves the app', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.status, header).toBe(401);
      expect(res.body).toEqual({ success: false, message: tr.unauthorized });
      expect(res.raw).not.toContain('http_request_duration_seconds');
    }
  });
});

describe('without METRICS_TOKEN', () => {
  const kit = useApiTestKit();

  it('has no /metrics: 404 with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const res = await kit.call('GET', '/metrics', undefined, headers);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: tr.notFound });
    }
  });

  it('is live and ready with the database, its migrations and the store; /api/health answers as before', async () => {
    expect((await kit.call('GET', '/api/health/live')).body).toEqual({ success: true });
    const ready = await kit.call('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true, checks: { database: true, migrations: true, store: true } });
    expect((await kit.call('GET', '/api/health')).body).toMatchObject({ success: true });
  });
});

describe('readiness of a node that lacks something', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let storeAnswers = true;
  beforeAll(async () => {
    database = await startTestDatabase();
    // A store that stops answering, as an object store does when it is unreachable.
    const failing = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
    const { diskStorage } = await import('../storage/store');
    const disk = diskStorage(`/tmp/yp-ready-${process.pid}`);
    const storage: Storage = {
      photos: { ...disk.photos, stat: (key) => (storeAnswers ? disk.photos.stat(key) : failing()) },
      images: disk.images,
      erasures: disk.erasures,
    };
    app = await buildApp({ database, storage, config: loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN }), jobs: { run: false } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('is not ready while the store does not answer, and says so in Turkish; it stays live; the failure is counted', async () => {
    storeAnswers = false;
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message: tr.notReady.store, checks: { database: true, migrations: true, store: false } });
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    const scraped = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.body).toMatch(/yp_file_store_errors_total\{store="photos",operation="stat"\} 1\n/);
    storeAnswers = true;
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready while the database lacks this version’s last migration', async () => {
    await database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: tr.notReady.migrations, checks: { database: true, migrations: false, store: true } });
    await database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
