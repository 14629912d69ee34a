/**
 * The job runner of one process: claims a job, hands it to the handler of its kind, renews the
 * lease while the handler works, and records how it ended. One job at a time per process (the
 * handlers' work is heavy and runs in worker threads); more processes run more jobs.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimJob, finishJob, reportProgress, type JobRow } from './queue';

class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
  }
}

interface JobContext {
  /** Reports progress and renews the lease; throws JobCancelled once a cancel was asked for. */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the job is cancelled or the runner stops. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<Record<string, unknown>>;

export interface RunnerOptions {
  /** How long a claim holds without a sign of life. */
  leaseMs?: number;
  /** How often the runner looks for work when idle. */
  pollMs?: number;
  /** A job that failed this many times stays failed. */
  maxAttempts?: number;
}

export function startJobRunner(db: Db, handlers: Record<string, JobHandler>, log: FastifyBaseLogger, options: RunnerOptions = {}) {
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const runner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const kinds = Object.keys(handlers);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();

  async function runOne(job: JobRow): Promise<void> {
    // Claimed just as the process began to stop: leave it for the next start.
    if (stopping.signal.aborted) return finishJob(db, job.id, runner, { status: 'released' });
    const aborted = new AbortController();
    const onStop = () => aborted.abort();
    stopping.signal.addEventListener('abort', onStop);
    // A heartbeat keeps the lease while the handler is busy between progress reports.
    const heartbeat = setInterval(() => {
      void reportProgress(db, job.id, runner, leaseMs).then(
        ({ cancelRequested }) => cancelRequested && aborted.abort(),
        (error) => log.warn({ err: error, job: job.id }, 'job heartbeat failed'),
      );
    }, leaseMs / 3);
    const context: JobContext = {
      signal: aborted.signal,
      async progress(done, total) {
        const { cancelRequested } = await reportProgress(db, job.id, runner, leaseMs, { done, total });
        if (cancelRequested) aborted.abort();
        if (aborted.signal.aborted) throw new JobCancelled();
      },
    };
    try {
      // Only kinds with a handler are claimed.
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const result = await handler(job, context);
      if (aborted.signal.aborted) throw new JobCancelled();
      await finishJob(db, job.id, runner, { status: 'done', result });
    } catch (error) {
      if (stopping.signal.aborted) {
        // The process is going down: the job goes back to the queue for the next start.
        await finishJob(db, job.id, runner, { status: 'released' });
      } else if (aborted.signal.aborted || error instanceof JobCancelled) {
        await finishJob(db, job.id, runner, { status: 'cancelled' });
      } else {
        log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
        const again = job.attempts < maxAttempts;
        await finishJob(db, job.id, runner, again ? { status: 'queued' } : { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      while (!stopped) {
        const job = await claimJob(db, kinds, runner, leaseMs);
        if (!job) break;
        await runOne(job);
      }
    } catch (error) {
      log.warn({ err: error }, 'job runner could not look for work');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), pollMs);
  }

  running = tick();
  return {
    /** Looks for work now (a request has just queued a job). */
    wake() {
      if (stopped || !timer) return;
      clearTimeout(timer);
      timer = undefined;
      running = tick();
    },
    /** Stops taking work; a running job is put back in the queue. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof startJobRunner>;
