/**
 * The app's background work: the job runner starts with the server and stops with it (a job
 * that is running then goes back to the queue and starts again at the next start), and the
 * worker pool the jobs' heavy steps run in.
 */
import type { FastifyInstance } from 'fastify';
import { createWorkerPool, type WorkerPool } from '../workers/pool';
import { startJobRunner, type JobHandler, type JobRunner, type RunnerOptions } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The runner of this process; wake() after queueing a job starts it without waiting for the next look. */
    jobs: Pick<JobRunner, 'wake'>;
  }
}

/** The handlers of every kind of job (areas/index.ts lists them), given the app and the pool. */
type Handlers = (app: FastifyInstance, pool: WorkerPool) => Record<string, JobHandler>;

export function installJobs(app: FastifyInstance, options: RunnerOptions & { run: boolean }, handlers: Handlers): void {
  if (!options.run) {
    app.decorate('jobs', { wake() {} });
    return;
  }
  const pool = createWorkerPool();
  const runner = startJobRunner(app.db, handlers(app, pool), app.log, options);
  app.decorate('jobs', runner);
  app.addHook('onClose', async () => {
    await runner.stop();
    await pool.close();
  });
}
