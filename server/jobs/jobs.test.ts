/**
 * Durable jobs: run to the end with progress, one at a time per school, cancelled when asked,
 * tried again after a failure, taken over when their runner died, and handed back to the queue
 * (never reported done) when the process stops in the middle; a recurring kind's waiting round is
 * brought forward by a start that asks for it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../db/schema';
import { useApiTestKit } from '../test/api';
import { cancelJob, claimJob, enqueueJob, JobAlreadyActive, type NewJob } from './queue';
import { startJobRunner, type JobHandler, type JobRunner } from './runner';

const kit = useApiTestKit();
const quiet = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;
let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const newJob = (overrides: Partial<NewJob> = {}): NewJob => ({
  kind: 'test',
  studioId: kit.world.studio.id,
  schoolId: kit.world.school.id,
  branchId: null,
  params: { pages: 3 },
  createdBy: kit.world.accounts.panel.id,
  ...overrides,
});
const jobRow = async (id: number) => (await kit.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const start = (handler: JobHandler, options = {}) => {
  runner = startJobRunner(kit.database.db, { test: handler }, quiet, { pollMs: 20, leaseMs: 3_000, ...options });
  return runner;
};

/** A gate the test opens: lets a handler wait at a known point. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('jobs', () => {
  it('run to the end, reporting progress, and keep their result', async () => {
    const job = await enqueueJob(kit.database.db, newJob());
    const seen: number[] = [];
    start(async (row, context) => {
      const pages = (row.params as { pages: number }).pages;
      for (let page = 1; page <= pages; page++) {
        await context.progress(page, pages);
        seen.push((await jobRow(row.id)).done);
      }
      return { file: 'yearbooks/1.pdf' };
    });
    await expect.poll(async () => (await jobRow(job.id)).status).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
    expect(await jobRow(job.id)).toMatchObject({ done: 3, total: 3, result: { file: 'yearbooks/1.pdf' }, attempts: 1, lockedBy: null });
  });

  it('are not claimed before their run_after time', async () => {
    const job = await enqueueJob(kit.database.db, newJob());
    await kit.database.db
      .update(jobs)
      .set({ runAfter: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, job.id));
    expect(await claimJob(kit.database.db, ['test'], 'a-runner', 3_000)).toBeUndefined();
    await kit.database.db
      .update(jobs)
      .set({ runAfter: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    expect(await claimJob(kit.database.db, ['test'], 'a-runner', 3_000)).toMatchObject({ id: job.id, status: 'running', lockedBy: 'a-runner' });
  });

  it('allow one active job of a kind per school', async () => {
    const first = await enqueueJob(kit.database.db, newJob());
    const second = enqueueJob(kit.database.db, newJob());
    await expect(second).rejects.toBeInstanceOf(JobAlreadyActive);
    await expect(second).rejects.toMatchObject({ active: { id: first.id } });
    // Another school, or the same school once the first has ended, may start one.
    await enqueueJob(kit.database.db, newJob({ schoolId: kit.world.otherSchool.id }));
    await cancelJob(kit.database.db, first.id);
    await expect(enqueueJob(kit.database.db, newJob())).resolves.toMatchObject({ status: 'queued' });
  });

  it('are cancelled at once while queued, and at the next progress report while running; never done', async () => {
    const queued = await enqueueJob(kit.database.db, newJob({ schoolId: kit.world.otherSchool.id }));
    expect(await cancelJob(kit.database.db, queued.id)).toMatchObject({ status: 'cancelled' });

    const job = await enqueueJob(kit.database.db, newJob());
    const started = gate();
    const cancelled = gate();
    let reachedEnd = false;
    start(async (_row, context) => {
      await context.progress(1, 10);
      started.open();
      await cancelled.opened;
      await context.progress(2, 10);
      reachedEnd = true;
      return {};
    });
    await started.opened;
    expect(await cancelJob(kit.database.db, job.id)).toMatchObject({ status: 'running', cancelRequested: true });
    cancelled.open();
    await expect.poll(async () => (await jobRow(job.id)).status).toBe('cancelled');
    expect(reachedEnd).toBe(false);
    expect((await jobRow(job.id)).result).toBeNull();
  });

  it('are tried again after a failure, and stay failed after the last try', async () => {
    const job = await enqueueJob(kit.database.db, newJob());
    let tries = 0;
    start(
      async () => {
        tries++;
        throw new Error(`kırık ${tries}`);
      },
      { maxAttempts: 3 },
    );
    await expect.poll(async () => (await jobRow(job.id)).status).toBe('failed');
    expect(tries).toBe(3);
    expect(await jobRow(job.id)).toMatchObject({ attempts: 3, error: 'kırık 3' });
  });

  it('are taken over once the lease of a runner that died has run out, and not before', async () => {
    const job = await enqueueJob(kit.database.db, newJob());
    // A runner claimed it and died: its lease still runs for a minute.
    await kit.database.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-runner', lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(jobs.id, job.id));
    let runs = 0;
    const ran = gate();
    start(async () => {
      runs++;
      ran.open();
      return { ok: true };
    });
    // Several polls pass while the lease holds: nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', lockedBy: 'dead-runner' });
    await kit.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    runner!.wake();
    await ran.opened;
    await expect.poll(async () => (await jobRow(job.id)).status).toBe('done');
    expect(await jobRow(job.id)).toMatchObject({ attempts: 2, result: { ok: true } });
  });

  it('go back to the queue, untried, when the process stops in the middle', async () => {
    const job = await enqueueJob(kit.database.db, newJob());
    const started = gate();
    start(async (_row, context) => {
      await context.progress(1, 5);
      started.open();
      await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('stopped'))));
      return {};
    });
    await started.opened;
    await runner!.stop();
    runner = undefined;
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, result: null });
  });

  it('of a recurring kind asked for at start wait their turn, until a start brings the waiting round forward', async () => {
    const kind = 'test.sweep';
    const runs: number[] = [];
    const startRecurring = (dueAtStart: string[]) => {
      runner = startJobRunner(
        kit.database.db,
        {
          [kind]: async (row, context) => {
            runs.push(row.studioId);
            await context.progress(1, 1);
            return { removed: 1 };
          },
        },
        quiet,
        { pollMs: 20, leaseMs: 3_000, recurring: { [kind]: 60 * 60 * 1000 }, dueAtStart },
      );
    };
    const waiting = async () =>
      (await kit.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${kind} AND status = 'queued' AND run_after > now()`))
        .rows[0]!.n;
    // The first start: every studio's first round is due now, and the next waits an hour.
    startRecurring([kind]);
    await expect.poll(waiting).toBe(2);
    expect(runs.sort()).toEqual([kit.world.studio.id, kit.world.otherStudio.id].sort());
    await runner!.stop();
    // A start that does not ask leaves the rounds waiting; one that asks runs them now, once each.
    startRecurring([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toHaveLength(2);
    await runner!.stop();
    startRecurring([kind]);
    await expect.poll(() => runs.length).toBe(4);
    await expect.poll(waiting).toBe(2);
    const rounds = await kit.database.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rounds.filter((round) => round.status === 'done')).toHaveLength(4);
  });
});
