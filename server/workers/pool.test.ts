/**
 * The worker pool runs the heavy steps off the event loop: a task gives its answer, a task over
 * its time ends with TaskTimedOut (and the pool keeps serving), and a cancelled task stops.
 */
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_DESIGN } from '../../common/schemas/design';
import { FIRST_PART_OBJECT } from '../typesetting/assemble';
import type { BookModel, BookPart } from '../typesetting/model';
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

const part: BookPart = { firstPage: 1, cover: { subtitle: null }, divider: { classList: [], panel: [] }, index: { entries: [], knownPages: {} } };
const book = { model, part, images: new Map(), firstObject: FIRST_PART_OBJECT };

it('lays out a book in a worker thread and hands back its PDF objects', async () => {
  const result = await pool.run('bookPart', book, { timeoutMs: 60_000 });
  expect(Buffer.from(result.piece.bytes).subarray(0, 10).toString()).toBe(`${FIRST_PART_OBJECT} 0 obj\n<<`);
  // The branch divider, its class panel and the index, on a right-hand page: the cover is a file of its own.
  expect(result.pages).toBe(4);
});

it('ends a task over its time with TaskTimedOut, and serves the next one', async () => {
  await expect(pool.run('bookPart', book, { timeoutMs: 1 })).rejects.toBeInstanceOf(TaskTimedOut);
  await expect(pool.run('bookPart', book, { timeoutMs: 60_000 })).resolves.toMatchObject({ pages: 4 });
});

it('stops a task when its caller cancels it', async () => {
  const cancel = new AbortController();
  const task = pool.run('bookPart', book, { timeoutMs: 60_000, signal: cancel.signal });
  cancel.abort();
  await expect(task).rejects.toThrow();
  await expect(pool.run('bookPart', book, { timeoutMs: 60_000 })).resolves.toMatchObject({ pages: 4 });
});
