/**
 * The app's background work: the job runner starts with the server and stops with it (a job
 * that is running then goes back to the queue and starts again at the next start), the worker
 * pool the jobs' heavy steps run in, and the periodic tasks (when the server process asks).
 */
import type { FastifyInstance } from 'fastify';
import { createWorkerPool, type WorkerPool } from '../workers/pool';
import { startPeriodicTask, type PeriodicTask } from './periodic';
import { startJobRunner, type JobHandler, type JobRunner, type RunnerOptions } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The runner of this process; wake() after queueing a job starts it without waiting for the next look. */
    jobs: Pick<JobRunner, 'wake'>;
  }
}

/** The handlers of every kind of job (areas/index.ts lists them), given the app and the pool. */
type Handlers = (app: FastifyInstance, pool: WorkerPool) => Record<string, JobHandler>;

export interface JobOptions extends RunnerOptions {
  run: boolean;
  /** Run the periodic tasks too: the server process does; tests and benchmarks leave them out. */
  periodic?: boolean;
}

/** What the areas run in the background (areas/index.ts). */
export interface BackgroundWork {
  handlers: Handlers;
  periodic: PeriodicTask[];
}

export function installJobs(app: FastifyInstance, options: JobOptions, work: BackgroundWork): void {
  const tasks = options.periodic ? work.periodic.map((task) => startPeriodicTask(app.db, task, app.log)) : [];
  app.addHook('onClose', async () => {
    await Promise.all(tasks.map((task) => task.stop()));
  });
  if (!options.run) {
    app.decorate('jobs', { wake() {} });
    return;
  }
  const pool = createWorkerPool();
  const runner = startJobRunner(app.db, work.handlers(app, pool), app.log, options);
  app.decorate('jobs', runner);
  app.addHook('onClose', async () => {
    await runner.stop();
    await pool.close();
  });
}
