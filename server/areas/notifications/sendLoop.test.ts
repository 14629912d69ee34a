import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { todayInTurkey } from '../../../common/dates';
import { auditLog, jobs, notificationRecipients, notifications } from '../../db/schema';
import { buildApp } from '../../app';
import { useApiTestKit } from '../../test/api';
import { startJobRunner } from '../../jobs/runner';
import { SEND_JOB, sendNotificationsJob } from './sendJob';

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

/** The send job's rounds on a runner of their own, as the server process runs them. */
function startRounds(everyMs = 60_000) {
  const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
  const job = sendNotificationsJob(kit.database.db, log);
  const runner = startJobRunner(kit.database.db, { [job.kind]: job.handler }, log as unknown as FastifyBaseLogger, {
    pollMs: 20,
    recurring: { [job.kind]: everyMs },
  });
  return { log, runner };
}

const statusOf = async (id: number) => (await kit.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]?.status;
const rounds = () => kit.database.db.select().from(jobs).where(eq(jobs.kind, SEND_JOB)).orderBy(jobs.id);

describe('the send loop in the server process', () => {
  it('sends what is due as soon as it starts, again in each next round, and stop() waits for a running round', async () => {
    const db = kit.database.db;
    await db.insert(notifications).values(dueToday('İlk'));
    const { log, runner } = startRounds(50);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    await db.insert(notifications).values(dueToday('İkinci'));
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    await runner.stop();
    const statuses = (await db.select({ status: notifications.status }).from(notifications)).map((r) => r.status);
    expect(statuses).toEqual(['sent', 'sent']);
    expect(log.error).not.toHaveBeenCalled();
    // A row for each round that sent something, and one waiting round per studio: the rounds
    // that found nothing in between left no rows behind.
    const rows = await rounds();
    expect(rows.filter((r) => r.status === 'done').map((r) => [r.studioId, r.done, r.total])).toEqual([
      [kit.world.studio.id, 1, 1],
      [kit.world.studio.id, 1, 1],
    ]);
    expect(rows.filter((r) => r.status === 'queued').map((r) => r.studioId)).toEqual(expect.arrayContaining([kit.world.studio.id, kit.world.otherStudio.id]));
    expect(rows).toHaveLength(4);
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
      const { log, runner } = startRounds();
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1), { timeout: 5_000 });
      await runner.stop();
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
    await expect.poll(() => statusOf(first!.id), { timeout: 10_000 }).toBe('sent');
    await app.close();
    const [later] = await db.insert(notifications).values(dueToday('Kapandıktan sonra')).returning();
    // The kit's own app leaves the periodic tasks out, so nothing else sends it.
    expect(await statusOf(later!.id)).toBe('scheduled');
  });

  it('in one process of several on one database: a due notification goes out once, in a round shown as a job row', async () => {
    const db = kit.database.db;
    const [due] = await db.insert(notifications).values(dueToday('İki sunucu')).returning();
    const options = { database: kit.database, config: kit.config, jobs: { run: false, periodic: true, pollMs: 20 } };
    const apps = await Promise.all([buildApp(options), buildApp(options)]);
    try {
      await expect.poll(async () => (await rounds()).filter((r) => r.status === 'done').length, { timeout: 10_000 }).toBe(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
    expect(await statusOf(due!.id)).toBe('sent');
    const rows = await rounds();
    expect(rows.find((r) => r.status === 'done')).toMatchObject({
      studioId: kit.world.studio.id,
      schoolId: null,
      done: 1,
      total: 1,
      error: null,
      result: { sent: [{ id: due!.id, recipients: 5 }] },
    });
    const delivered = await db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, due!.id));
    expect(delivered).toHaveLength(5);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification'), eq(auditLog.action, 'send'), eq(auditLog.entityId, due!.id)));
    expect(audited).toHaveLength(1);
    // Besides it, one waiting round per studio, due a minute on.
    const waiting = rows.filter((r) => r.status === 'queued');
    expect(waiting.map((r) => r.studioId).sort()).toEqual([kit.world.studio.id, kit.world.otherStudio.id].sort());
    for (const round of waiting) expect(round.runAfter.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(rows).toHaveLength(3);
  });

  it('records a round that failed, and a later round sends what it could not', async () => {
    const db = kit.database.db;
    const [due] = await db.insert(notifications).values(dueToday('Kırık tur')).returning();
    // The database refuses to mark notifications sent, as a broken connection or a full disk would.
    await db.execute(sql`CREATE FUNCTION refuse_send_in_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'gönderim kırıldı'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_send_in_test BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_send_in_test()`);
    const app = await buildApp({ database: kit.database, config: kit.config, jobs: { run: false, periodic: true, pollMs: 20 } });
    try {
      const ofStudio = async () => (await rounds()).filter((r) => r.studioId === kit.world.studio.id);
      await expect.poll(async () => (await ofStudio()).map((r) => r.status), { timeout: 10_000 }).toEqual(['failed', 'queued']);
      const [failed, next] = await ofStudio();
      expect(failed).toMatchObject({ error: expect.stringContaining('gönderim kırıldı'), done: 0, total: 0 });
      expect(next!.runAfter.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(await statusOf(due!.id)).toBe('scheduled');

      await db.execute(sql`DROP TRIGGER refuse_send_in_test ON notifications`);
      // The minute to the next round has passed.
      await db
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(eq(jobs.id, next!.id));
      await expect.poll(() => statusOf(due!.id), { timeout: 10_000 }).toBe('sent');
      await expect.poll(async () => (await ofStudio()).map((r) => r.status), { timeout: 10_000 }).toEqual(['failed', 'done', 'queued']);
      expect((await ofStudio())[1]).toMatchObject({ id: next!.id, done: 1, total: 1, error: null });
    } finally {
      await app.close();
      await db.execute(sql`DROP TRIGGER IF EXISTS refuse_send_in_test ON notifications`);
      await db.execute(sql`DROP FUNCTION refuse_send_in_test()`);
    }
  });
});
