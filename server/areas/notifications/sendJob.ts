/** The send job: due scheduled notifications are sent once a minute (run by jobs/periodic.ts). */
import type { PeriodicTask } from '../../jobs/periodic';
import { sendDueNotifications } from './writes';

export const sendNotificationsTask: PeriodicTask = {
  name: 'notification send job',
  everyMs: 60_000,
  async run(db, log) {
    const sent = await sendDueNotifications(db);
    if (sent.length) log.info(`notifications sent: ${sent.map((s) => `#${s.id}→${s.recipients}`).join(', ')}`);
  },
};
