/**
 * Health for a process supervisor and a load balancer. Liveness says only that the process
 * answers (restart it when it does not); readiness says whether it can serve now: the database
 * answers, it has every migration this version expects (a rolling update's new node waits for
 * them), and the file store answers. A node that is not ready is taken out of rotation, not
 * restarted. `/api/health` stays what it was: the database check, for the Docker health check.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { tr } from '../../common/tr';
import { appliedMigrations, appMigrations } from '../backup/migrations';
import type { Database } from '../db/client';
import type { Storage } from '../storage/store';

/** How long a check may take before it counts as failed. */
const CHECK_MS = 3_000;

/** Whether `check` succeeds within CHECK_MS; a hanging dependency is a failed one. */
function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check().then(
      (ok) => ok !== false,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

const unavailable = (reply: FastifyReply, body: Record<string, unknown>) =>
  reply
    .code(503)
    .header('retry-after', '5')
    .send({ success: false, ...body });

export function healthRoutes(app: FastifyInstance, database: Database, storage: Storage): void {
  const latest = appMigrations().at(-1)?.when ?? 0;
  const databaseAnswers = () => passes(() => database.db.execute(sql`SELECT 1`));

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    if (!(await databaseAnswers())) return unavailable(reply, { message: tr.databaseUnavailable, database: database.kind });
    return { success: true, database: database.kind };
  });

  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ success: true }));

  app.get('/api/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const [db, store] = await Promise.all([
      databaseAnswers(),
      // A key that is never written: a store that answers "no such file" is reachable.
      passes(async () => (await storage.photos.stat('health/probe')) === null),
    ]);
    const migrations = db && (await passes(async () => ((await appliedMigrations(database.db)).latest ?? 0) >= latest));
    const checks = { database: db, migrations, store };
    if (db && migrations && store) return { success: true, checks };
    // Migrations cannot be read from a database that does not answer: its failure says it all.
    const failed = (Object.keys(checks) as Array<keyof typeof checks>).filter((name) => !checks[name] && (db || name !== 'migrations'));
    return unavailable(reply, { message: failed.map((name) => tr.notReady[name]).join(' '), checks });
  });
}
