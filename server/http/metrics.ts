/**
 * GET /metrics in Prometheus's text format, for callers sending `Authorization: Bearer
 * $METRICS_TOKEN`; without the variable there are no metrics at all (nothing is measured, and
 * /metrics is 404 like any unknown address). Each process answers for itself: Prometheus scrapes
 * every node, and sums or compares them.
 *
 * What a request costs: one histogram observation in the response hook, labelled by the route's
 * pattern (/api/:level/students/:id), never the raw address, so the series stay few. The rest
 * (jobs waiting, the pools) is read when Prometheus asks, not kept up to date on every change.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { tr } from '../../common/tr';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app reports to /metrics; undefined when METRICS_TOKEN is unset (nothing is measured). */
    metrics: AppMetrics | undefined;
  }
}

/** What the app's background work, worker pools and file stores report to the metrics. */
export interface AppMetrics {
  jobFinished(kind: string, outcome: string, seconds: number): void;
  /** A worker pool to read when scraped (its threads' utilisation and waiting tasks). */
  watchPool(name: string, load: () => { utilization: number; queued: number }): void;
  storeFailed(store: string, operation: string): void;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_SECONDS = [0.1, 1, 5, 15, 60, 300, 900, 3600];

/** The token's bytes are compared in constant time; a missing or malformed header never matches. */
function bearerMatches(header: string | undefined, token: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  return given.length === token.length && timingSafeEqual(given, token);
}

/** Registers /metrics: answered with the token, 401 without it, 404 when no token is configured. */
export function installMetrics(app: FastifyInstance, token: string | undefined, database: Database): AppMetrics | undefined {
  if (!token) {
    // Without this route the web app's fallback would answer the address with its page.
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ success: false, message: tr.notFound }));
    return undefined;
  }
  const register = new Registry();
  // Process CPU, memory, handles, and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern; its _count is the request rate.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS,
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Addresses no route matched share one series, whatever was asked.
    requests.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  const jobSeconds = new Histogram({
    name: 'yp_job_duration_seconds',
    help: 'Time a job ran in this process, from its claim to its end, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_SECONDS,
    registers: [register],
  });
  new Gauge({
    name: 'yp_jobs',
    help: 'Jobs of every process due or running now, by kind and status (the queue depth).',
    labelNames: ['kind', 'status'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await database.db.execute<{ kind: string; status: string; n: number }>(sql`
        SELECT kind, status, count(*)::int AS n FROM jobs
        WHERE status = 'running' OR (status = 'queued' AND run_after <= now())
        GROUP BY kind, status`);
      for (const row of rows.rows) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });

  const pools = new Map<string, () => { utilization: number; queued: number }>();
  const poolGauges = [
    ['yp_worker_pool_utilization', 'Share of the worker threads’ capacity used since the pool started (0–1).', 'utilization'],
    ['yp_worker_pool_queued', 'Tasks waiting for a worker thread.', 'queued'],
  ] as const;
  for (const [name, help, field] of poolGauges)
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [register],
      collect() {
        for (const [pool, load] of pools) this.set({ pool }, load()[field]);
      },
    });

  new Gauge({
    name: 'yp_db_pool_waiting',
    help: 'Queries waiting for a free database connection.',
    registers: [register],
    collect() {
      this.set(database.connections().waiting);
    },
  });
  new Gauge({
    name: 'yp_db_pool_connections',
    help: 'Open database connections, idle or busy.',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const { total, idle } = database.connections();
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'busy' }, total - idle);
    },
  });

  const storeErrors = new Counter({
    name: 'yp_file_store_errors_total',
    help: 'File store calls that failed, by store and operation.',
    labelNames: ['store', 'operation'] as const,
    registers: [register],
  });

  const expected = Buffer.from(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) return reply.code(401).send({ success: false, message: tr.unauthorized });
    return reply.type(register.contentType).send(await register.metrics());
  });

  return {
    jobFinished: (kind, outcome, seconds) => jobSeconds.observe({ kind, outcome }, seconds),
    watchPool: (name, load) => pools.set(name, load),
    storeFailed: (store, operation) => storeErrors.inc({ store, operation }),
  };
}
