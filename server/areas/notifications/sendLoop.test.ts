import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { todayInTurkey } from '../../../common/dates';
import { notifications } from '../../db/schema';
import { buildApp } from '../../app';
import { useApiTestKit } from '../../test/api';
import { startPeriodicTask } from '../../jobs/periodic';
import { sendNotificationsTask } from './sendJob';

const kit = useApiTestKit();

/** A notification to the whole studio, scheduled for Türkiye's today. */
const dueToday = (title: string) => ({
  studioId: kit.world.studio.id,
  title,
  body: 'Metin',
  targetType: 'all' as const,
  sendDate: todayInTurkey(),
  status: 'scheduled' as const,
});

describe('the send loop in the server process', () => {
  it('sends what is due as soon as it starts, again on each tick, and stop() waits for a running send', async () => {
    const db = kit.database.db;
    await db.insert(notifications).values(dueToday('İlk'));
    const log = { info: vi.fn(), error: vi.fn() };
    const job = startPeriodicTask(db, sendNotificationsTask, log, 50);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    await db.insert(notifications).values(dueToday('İkinci'));
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    await job.stop();
    const statuses = (await db.select({ status: notifications.status }).from(notifications)).map((r) => r.status);
    expect(statuses).toEqual(['sent', 'sent']);
    expect(log.error).not.toHaveBeenCalled();
    // Stopped: a new due one stays scheduled.
    await db.insert(notifications).values(dueToday('Üçüncü'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await db.select({ status: notifications.status }).from(notifications)).filter((r) => r.status === 'scheduled')).toHaveLength(1);
  });
});

describe("the send loop keeps Türkiye's calendar", () => {
  it('at 22:30 UTC it sends what is dated for the next day, already today in Türkiye', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-26T22:30:00Z'));
      const db = kit.database.db;
      const [row] = await db
        .insert(notifications)
        .values({ studioId: kit.world.studio.id, title: 'Gece', body: 'Metin', targetType: 'all', sendDate: '2026-11-27', status: 'scheduled' })
        .returning();
      const log = { info: vi.fn(), error: vi.fn() };
      const job = startPeriodicTask(db, sendNotificationsTask, log);
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1), { timeout: 5_000 });
      await job.stop();
      const [after] = await db.select().from(notifications).where(eq(notifications.id, row!.id));
      expect(after).toMatchObject({ status: 'sent', recipientCount: 5 }); // the studio's five students
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the app runs the send job', () => {
  it('from the start of an app that runs the periodic tasks, and no longer once the app is closed', async () => {
    const db = kit.database.db;
    const [first] = await db.insert(notifications).values(dueToday('Açılışta')).returning();
    const app = await buildApp({ database: kit.database, config: kit.config, jobs: { run: false, periodic: true } });
    await expect.poll(async () => (await db.select().from(notifications).where(eq(notifications.id, first!.id)))[0]?.status, { timeout: 10_000 }).toBe('sent');
    await app.close();
    const [later] = await db.insert(notifications).values(dueToday('Kapandıktan sonra')).returning();
    // The kit's own app leaves the periodic tasks out, so nothing else sends it.
    expect((await db.select().from(notifications).where(eq(notifications.id, later!.id)))[0]?.status).toBe('scheduled');
  });
});
