/** The send job's loop in the server process: due scheduled notifications are sent once a minute. */
import type { Db } from '../../db/client';
import { sendDueNotifications } from './writes';

/**
 * The loop in the server process: runs at start and then every `intervalMs`; a run never
 * overlaps the previous one. stop() waits for a running send to finish.
 */
export function startNotificationJob(db: Db, log: { error(obj: unknown, msg?: string): void; info(msg: string): void }, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sendDueNotifications(db)
      .then((sent) => {
        if (sent.length) log.info(`notifications sent: ${sent.map((s) => `#${s.id}→${s.recipients}`).join(', ')}`);
      })
      .catch((error) => log.error({ err: error }, 'notification send job failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
