/**
 * The send job: a studio's due scheduled notifications go out in a round once a minute, each
 * round a job row (jobs/queue.ts) that counts what it sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RecurringJob } from '../../jobs/app';
import { sendDueNotifications } from './writes';

export const SEND_JOB = 'notifications.send';

export function sendNotificationsJob(db: Db, log: Pick<FastifyBaseLogger, 'info'>): RecurringJob {
  return {
    kind: SEND_JOB,
    everyMs: 60_000,
    async handler(job, context) {
      const sent = await sendDueNotifications(db, new Date(), job.studioId);
      await context.progress(sent.length, sent.length);
      if (sent.length) log.info(`notifications sent: ${sent.map((s) => `#${s.id}→${s.recipients}`).join(', ')}`);
      return { sent };
    },
  };
}
