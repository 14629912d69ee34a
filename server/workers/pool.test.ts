/**
 * The worker pool runs the heavy steps off the event loop: a task gives its answer, a task over
 * its time ends with TaskTimedOut (and the pool keeps serving), and a cancelled task stops.
 */
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '../../common/schemas/design';
import type { BookModel } from '../yearbook/model';
import { createWorkerPool, TaskTimedOut } from './pool';

const pool = createWorkerPool({ threads: 1 });
afterAll(() => pool.close());

const model: BookModel = {
  title: 'Deneme',
  draft: true,
  design: DEFAULT_DESIGN,
  school: { name: 'Deneme Lisesi', academicYear: '2025-2026', logo: null },
  cover: null,
  schoolMessages: [],
  branches: [{ name: '12/A', teacherMessages: [], students: [] }],
};

it('lays out a book in a worker thread and hands back the PDF', async () => {
  const result = await pool.run('book', { model, images: new Map() }, { timeoutMs: 60_000 });
  expect(Buffer.from(result.pdf).subarray(0, 5).toString()).toBe('%PDF-');
  expect(result.pages).toBe(3);
});

it('ends a task over its time with TaskTimedOut, and serves the next one', async () => {
  await expect(pool.run('book', { model, images: new Map() }, { timeoutMs: 1 })).rejects.toBeInstanceOf(TaskTimedOut);
  await expect(pool.run('book', { model, images: new Map() }, { timeoutMs: 60_000 })).resolves.toMatchObject({ pages: 3 });
});

it('stops a task when its caller cancels it', async () => {
  const cancel = new AbortController();
  const task = pool.run('book', { model, images: new Map() }, { timeoutMs: 60_000, signal: cancel.signal });
  cancel.abort();
  await expect(task).rejects.toThrow();
  await expect(pool.run('book', { model, images: new Map() }, { timeoutMs: 60_000 })).resolves.toMatchObject({ pages: 3 });
});
