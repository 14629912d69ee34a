/**
 * The app's background work: the job runner starts with the server and stops with it (a job
 * that is running then goes back to the queue and starts again at the next start), the worker
 * pool the jobs' heavy steps run in, and the recurring jobs (when the server process asks).
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

/** Work repeated on a clock for every studio, each round a job of its kind (queue.ts). */
export interface RecurringJob {
  kind: string;
  /** From the end of one round to the start of the next. */
  everyMs: number;
  /** Every start of a process brings the waiting round forward to now (work a crash may have made). */
  atStart?: boolean;
  handler: JobHandler;
}

export interface JobOptions extends Omit<RunnerOptions, 'recurring'> {
  run: boolean;
  /** Run the recurring jobs too: the server process does; tests and benchmarks leave them out. */
  periodic?: boolean;
}

/** What the areas run in the background (areas/index.ts). */
export interface BackgroundWork {
  handlers: Handlers;
  recurring: (app: FastifyInstance) => RecurringJob[];
}

export function installJobs(app: FastifyInstance, jobOptions: JobOptions, work: BackgroundWork): void {
  const metrics = app.metrics;
  const options: RunnerOptions = { leaseMs: app.config.jobLeaseMs, ...jobOptions, finished: metrics?.jobFinished };
  let wake = () => {};
  if (jobOptions.run) {
    const pool = createWorkerPool();
    metrics?.watchPool('jobs', pool.load);
    const runner = startJobRunner(app.db, work.handlers(app, pool), app.log, options);
    wake = runner.wake;
    app.addHook('onClose', async () => {
      await runner.stop();
      await pool.close();
    });
  }
  if (jobOptions.periodic) {
    // A runner of their own, on the same table and claim: a yearbook that takes minutes to build
    // never holds up a round of sending notifications.
    const rounds = work.recurring(app);
    const runner = startJobRunner(app.db, Object.fromEntries(rounds.map((r) => [r.kind, r.handler])), app.log, {
      ...options,
      recurring: Object.fromEntries(rounds.map((r) => [r.kind, r.everyMs])),
      dueAtStart: rounds.filter((r) => r.atStart).map((r) => r.kind),
    });
    app.addHook('onClose', () => runner.stop());
  }
  app.decorate('jobs', { wake });
}
