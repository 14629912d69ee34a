/**
 * The yearbook job: reads the book's content, prepares each image for print from the stored
 * full-size file (one or two at a time, in the worker threads), lays the book out in a worker,
 * keeps the PDF in the file store, then draws the page proofs a slice at a time. Progress is in
 * pages: half for the preparation, half for the proofs; a job that is started again (after a
 * restart) begins from the start and overwrites what it left.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import type { Storage } from '../../storage/store';
import type { createWorkerPool } from '../../workers/pool';
import { MIN_PPI, MEDIA_MM, PORTRAIT_MM } from '../../yearbook/model';
import { bookSources, estimatePages, type BookImage } from './content';

type Pool = ReturnType<typeof createWorkerPool>;

export const YEARBOOK_JOB = 'yearbook';
/** Page images drawn per worker task. */
const PROOF_SLICE = 16;
/** Originals read and prepared at the same time (the pool has at most two threads). */
const PARALLEL_IMAGES = 2;
const RENDER_TIMEOUT_MS = 20 * 60_000;
const TASK_TIMEOUT_MS = 2 * 60_000;

const pdfKey = (jobId: number) => `yearbooks/${jobId}/book.pdf`;
export const proofKey = (jobId: number, page: number) => `yearbooks/${jobId}/page-${page}.jpg`;

export interface YearbookResult extends Record<string, unknown> {
  file: string;
  pages: number;
  bytes: number;
  draft: boolean;
  /** The lowest resolution of a portrait as placed (ppi); null when no portrait is placed. */
  minPortraitPpi: number | null;
  /** Students whose original is too small for 300 ppi at the printed size. */
  lowResolution: number[];
  /** Milliseconds to the stored PDF, and to the end with the proofs. */
  pdfMs: number;
  totalMs: number;
}

export function yearbookJob(db: Db, storage: Storage, pool: Pool): JobHandler {
  return async (job, context) => {
    if (job.schoolId === null) throw new Error('a yearbook job needs a school');
    const started = performance.now();
    const { model, images } = await bookSources(db, job.studioId, job.schoolId, job.branchId);
    let total = estimatePages(model);
    let prepared = 0;
    let proofed = 0;
    const report = () => context.progress(Math.floor((prepared + proofed) / 2), total);
    await report();

    // Pages a portrait stands for, so preparing the images moves the bar in pages.
    const pagesOfStudent = new Map<string, number>();
    const per = model.design.showMessages ? model.design.messagesPerPage : Infinity;
    for (const branch of model.branches)
      for (const s of branch.students) if (s.portrait) pagesOfStudent.set(s.portrait, Math.max(1, Math.ceil(s.messages.length / per)));
    const withoutImages = total - [...pagesOfStudent.values()].reduce((a, b) => a + b, 0);

    const ready = new Map<string, Uint8Array>();
    // The proofs are drawn from a second layout with screen-sized images: the same pages, a fraction of the memory and time.
    const forProofs = new Map<string, Uint8Array>();
    let minPortraitPpi: number | null = null;
    const lowResolution: number[] = [];
    const prepare = async (image: BookImage) => {
      const source = await storage[image.store].get(image.key);
      if (!source) return; // a missing file prints as initials (portrait) or not at all
      if (image.use === 'logo') {
        const logo = await pool.run('logoImage', { source }, { timeoutMs: TASK_TIMEOUT_MS, signal: context.signal });
        ready.set(image.path, logo);
        forProofs.set(image.path, logo);
        return;
      }
      const frameMm = image.use === 'cover' ? MEDIA_MM : PORTRAIT_MM[model.design.photoShape];
      const print = await pool.run('printImage', { source, frameMm }, { timeoutMs: TASK_TIMEOUT_MS, signal: context.signal });
      ready.set(image.path, print.jpeg);
      forProofs.set(image.path, print.proof);
      if (image.use === 'portrait') {
        minPortraitPpi = Math.min(minPortraitPpi ?? Infinity, print.ppi);
        if (print.ppi < MIN_PPI) lowResolution.push(Number(image.path.replace(/\D/g, '')));
      }
    };
    const queue = [...images];
    await Promise.all(
      Array.from({ length: PARALLEL_IMAGES }, async () => {
        for (let image = queue.shift(); image; image = queue.shift()) {
          await prepare(image);
          prepared += pagesOfStudent.get(image.path) ?? 0;
          await report();
        }
      }),
    );
    // Students without a portrait need no preparation.
    for (const branch of model.branches) for (const s of branch.students) if (!s.portrait) prepared += Math.max(1, Math.ceil(s.messages.length / per));
    // An image whose file is gone is left out of the book rather than failing it.
    for (const branch of model.branches) for (const s of branch.students) if (s.portrait && !ready.has(s.portrait)) s.portrait = null;
    if (model.cover && !ready.has(model.cover)) model.cover = null;
    if (model.school.logo && !ready.has(model.school.logo)) model.school.logo = null;
    prepared += withoutImages;

    const rendered = await pool.run('book', { model, images: ready }, { timeoutMs: RENDER_TIMEOUT_MS, signal: context.signal });
    ready.clear();
    const pdf = Buffer.from(rendered.pdf);
    await storage.photos.put(pdfKey(job.id), pdf);
    const pdfMs = Math.round(performance.now() - started);
    total = rendered.pages;
    prepared = total;
    await report();
    const proofBook = Buffer.from((await pool.run('book', { model, images: forProofs }, { timeoutMs: RENDER_TIMEOUT_MS, signal: context.signal })).pdf);
    forProofs.clear();

    for (let from = 1; from <= total; from += PROOF_SLICE) {
      const pages = await pool.run('proofs', { pdf: proofBook, from, to: from + PROOF_SLICE - 1 }, { timeoutMs: TASK_TIMEOUT_MS, signal: context.signal });
      await Promise.all(pages.map((jpeg, i) => storage.photos.put(proofKey(job.id, from + i), Buffer.from(jpeg))));
      proofed += pages.length;
      await report();
    }
    const result: YearbookResult = {
      file: pdfKey(job.id),
      pages: total,
      bytes: pdf.length,
      draft: model.draft,
      minPortraitPpi,
      lowResolution,
      pdfMs,
      totalMs: Math.round(performance.now() - started),
    };
    return result;
  };
}
