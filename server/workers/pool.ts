/**
 * The pool of worker threads for heavy work (book layout, page proofs, print images): at most
 * one thread per core, a heap limit per thread, a time limit per task, and a bounded queue. A
 * task over its limits ends its thread (a new one takes its place); the caller gets an error.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { paths } from '../paths';
import type { Tasks } from './worker';

export type TaskName = keyof Tasks;

export interface PoolOptions {
  threads?: number;
  /** Heap of one thread; a task that needs more ends with an error. */
  heapMb?: number;
  /** Tasks waiting for a thread; more are refused at once. */
  maxQueue?: number;
}

export class TaskTimedOut extends Error {}
/** The pool's queue is full: the caller should answer "busy, try again". */
export class PoolBusy extends Error {}

export function createWorkerPool(options: PoolOptions = {}) {
  const threads = options.threads ?? Math.max(1, Math.min(2, os.availableParallelism()));
  const pool = new Piscina({
    filename: paths.workerEntry,
    maxThreads: threads,
    minThreads: 0,
    idleTimeout: 30_000,
    maxQueue: options.maxQueue ?? 64,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 512 },
  });
  return {
    /** How many tasks run at once: a caller with many independent tasks keeps this many on their way. */
    threads,
    async run<K extends TaskName>(
      name: K,
      input: Parameters<Tasks[K]>[0],
      limits: { timeoutMs: number; signal?: AbortSignal },
    ): Promise<Awaited<ReturnType<Tasks[K]>>> {
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = limits.signal ? AbortSignal.any([timeout, limits.signal]) : timeout;
      try {
        return await pool.run({ task: name, input }, { signal });
      } catch (error) {
        if (timeout.aborted) throw new TaskTimedOut(`${name} took longer than ${limits.timeoutMs} ms`);
        if (error instanceof Error && error.message === 'Task queue is at limit') throw new PoolBusy(error.message);
        throw error;
      }
    },
    /** How busy the threads have been since the start (0–1) and how many tasks wait for one, for /metrics. */
    load: () => ({ utilization: pool.utilization, queued: pool.queueSize }),
    close: () => pool.destroy(),
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
