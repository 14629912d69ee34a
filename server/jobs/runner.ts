/**
 * A job runner: claims a job of the kinds it handles, hands it to the handler of its kind, renews
 * the lease while the handler works, and records how it ended. One job at a time per runner (the
 * handlers' work is heavy and runs in worker threads); more processes run more jobs. A process
 * runs one runner for the jobs requests queue and, in the server, one for the recurring rounds.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimJob, finishJob, finishRound, reportProgress, roundsDueNow, scheduleRounds, type JobRow } from './queue';

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
  /**
   * The kinds among the handlers' that recur, with the time from the end of one round to the
   * next. Every studio always has one round of each waiting (queue.ts); a round that fails is
   * recorded as failed and its work is tried again by the next round.
   */
  recurring?: Record<string, number>;
  /** Recurring kinds whose waiting rounds this runner's start makes due at once. */
  dueAtStart?: string[];
  /** Told how each job this runner ran ended and how long it ran (for /metrics). */
  finished?: (kind: string, outcome: string, seconds: number) => void;
}

type Outcome = Parameters<typeof finishJob>[3];

/**
 * What a failed job's row says went wrong: the first cause's own words. Drizzle wraps a driver's
 * error in one that repeats the query and its parameters, which may hold a person's data.
 */
function failureText(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.message.startsWith('Failed query') && current.cause) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

export function startJobRunner(db: Db, handlers: Record<string, JobHandler>, log: FastifyBaseLogger, options: RunnerOptions = {}) {
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const runner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const recurring = options.recurring ?? {};
  const recurringKinds = Object.keys(recurring);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();

  async function finish(job: JobRow, outcome: Outcome, started: number): Promise<void> {
    options.finished?.(job.kind, outcome.status, (performance.now() - started) / 1000);
    const everyMs = recurring[job.kind];
    if (everyMs === undefined || outcome.status === 'queued' || outcome.status === 'released') await finishJob(db, job.id, runner, outcome);
    else await finishRound(db, job, runner, outcome, everyMs);
  }

  async function runOne(job: JobRow): Promise<void> {
    const started = performance.now();
    // Claimed just as the process began to stop: leave it for the next start.
    if (stopping.signal.aborted) return finish(job, { status: 'released' }, started);
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
      await finish(job, { status: 'done', result }, started);
    } catch (error) {
      if (stopping.signal.aborted) {
        // The process is going down: the job goes back to the queue for the next start.
        await finish(job, { status: 'released' }, started);
      } else if (aborted.signal.aborted || error instanceof JobCancelled) {
        await finish(job, { status: 'cancelled' }, started);
      } else {
        log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
        // A recurring round is not tried again in place: its next round comes soon enough.
        const again = job.attempts < maxAttempts && !(job.kind in recurring);
        await finish(job, again ? { status: 'queued' } : { status: 'failed', error: failureText(error) }, started);
      }
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  let starting = true;
  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      if (recurringKinds.length) await scheduleRounds(db, recurringKinds);
      if (starting && options.dueAtStart?.length) await roundsDueNow(db, options.dueAtStart);
      starting = false;
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
