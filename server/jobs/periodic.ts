/**
 * Work the app repeats on a clock (sending the notifications that came due): run at start and
 * then every `everyMs`, never overlapping itself; stop() waits for a running round. Tasks are
 * listed in areas/index.ts and started and stopped with the app's other background work.
 */
import type { Db } from '../db/client';

/** The little of a logger a task needs (Fastify's, or a test's). */
export interface TaskLog {
  error(obj: unknown, msg?: string): void;
  info(msg: string): void;
}

export interface PeriodicTask {
  /** Named in the log when a round fails. */
  name: string;
  everyMs: number;
  run(db: Db, log: TaskLog): Promise<void>;
}

export function startPeriodicTask(db: Db, task: PeriodicTask, log: TaskLog, everyMs = task.everyMs) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task
      .run(db, log)
      .catch((error) => log.error({ err: error }, `${task.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
