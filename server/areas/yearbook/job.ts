/**
 * The yearbook job: reads the book's content, then lays it out a part (a few students) at a time:
 * the part's images prepared from the stored full-size files (one or two at a time, in the worker
 * threads), the part laid out in a worker and appended to the book's file, so a whole school never
 * has all its images, or all its pages, in memory. The finished file goes to the file store, then
 * the page proofs are drawn a slice at a time from a copy of each part with screen-sized images.
 * The cover is a file of its own, made with its proof once the interior's page count (its spine)
 * is known, while the page proofs are drawn. Progress is in pages: half for the PDF, half for the proofs; a job that is started
 * again (after a restart) begins from the start and overwrites what it left.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_DESIGN, type DesignSettings, type PrintCondition } from '../../../common/schemas/design';
import type { Preflight, Substitution } from '../../../common/schemas/yearbook';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/runner';
import type { Storage } from '../../storage/store';
import { tempFolder } from '../../storage/tempFolder';
import type { WorkerPool } from '../../workers/pool';
import { bookWriter, outputIntent, type OutputIntent } from '../../typesetting/assemble';
import { coverGeometry, frontImageMm, type CoverModel } from '../../typesetting/cover';
import { leaveOutFailing, substitutions, type Trial, type UnplacedItem } from '../../typesetting/items';
import { LOGO_HEIGHT_MM, MIN_PPI, PORTRAIT_MM, STUDIO_LOGO_HEIGHT_MM, panelFrameMm, type BookModel, type BookPart } from '../../typesetting/model';
import { notePages, planParts } from '../../typesetting/parts';
import { bookSources, estimatePages, type BookImage, type BookSources, type PhotoPurpose } from './content';
import { pngSize, ppiAt, preflight, type CheckedStudent, type CutName, type PlacedImage } from './preflight';

export const YEARBOOK_JOB = 'yearbook';
/** Page images drawn per worker task. */
const PROOF_SLICE = 16;
/** Originals read and prepared at the same time (the pool has at most two threads). */
const PARALLEL_IMAGES = 2;
const LAYOUT_TIMEOUT_MS = 10 * 60_000;
const TASK_TIMEOUT_MS = 2 * 60_000;
/** Texts of one part left out before the part is given up on (each costs a search through the part's texts). */
const MAX_UNPLACED_PER_PART = 20;

const pdfKey = (jobId: number) => `yearbooks/${jobId}/book.pdf`;
const coverKey = (jobId: number) => `yearbooks/${jobId}/cover.pdf`;
export const coverProofKey = (jobId: number) => `yearbooks/${jobId}/cover.jpg`;
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
  /** Where the time to the PDF went: preparing images, laying out, storing (milliseconds). */
  steps: { imagesMs: number; layoutMs: number; storeMs: number; proofsMs: number; coverMs: number };
  /** Texts printed with □ for characters no font has (absent in books made before the report had it). */
  substitutions?: Substitution[];
  /** The check before print (absent in books made before the check existed). */
  preflight?: Preflight;
  /** Each student's first and last page, by student id (absent in books made before it was kept). */
  studentPageRanges?: Record<string, [number, number]>;
  /** The cover's file and its sheet (absent in books made before the cover was a file of its own). */
  cover?: {
    file: string;
    binding: CoverModel['geometry']['binding'];
    widthMm: number;
    heightMm: number;
    spineMm: number;
    /** The cover image's resolution as placed on the front (ppi); null without a cover image. */
    imagePpi: number | null;
  };
}

/**
 * The images a part places: the small copies on its branch's class panel (in the part with the
 * divider; first, as each brings its student's portrait with it) and its students' portraits (the
 * cover and the logos are the cover's).
 */
function imagesOfPart(model: BookModel, part: Pick<BookPart, 'divider'>, images: BookImage[]): BookImage[] {
  const portraits = new Set(model.branches.flatMap((b) => b.students.map((s) => s.portrait)));
  const panel = new Set(part.divider?.panel.map((entry) => entry.portrait));
  const event = new Set(eventPagesOf(model).flatMap((page) => page.photos.map((photo) => photo.image)));
  const placed = { portrait: portraits, panel, event };
  const used = images.filter((image) => (image.use === 'portrait' || image.use === 'panel' || image.use === 'event') && placed[image.use].has(image.path));
  return [...used.filter((image) => image.use === 'panel'), ...used.filter((image) => image.use !== 'panel')];
}

/** The event pages a (part's) model prints: after its branches' class panels, and at its end. */
const eventPagesOf = (model: BookModel) => [...model.branches.flatMap((b) => b.eventPages ?? []), ...(model.eventPages ?? [])];

/** Runs `work` on every item, at most `parallel` at a time. */
async function eachInParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * The output intent the book's files are written with: the design's printing condition, with the
 * studio's uploaded profile where the condition needs one. Without that profile the files are made
 * for the default condition, and `missing` names the chosen one for the check before print.
 */
async function printIntent(storage: Storage, design: DesignSettings): Promise<{ intent: OutputIntent; missing?: PrintCondition }> {
  const condition = design.printCondition;
  if (condition === DEFAULT_DESIGN.printCondition) return { intent: outputIntent(condition) };
  const bytes = design.printProfile && (await storage.images.get(design.printProfile.file));
  if (!bytes) return { intent: outputIntent(DEFAULT_DESIGN.printCondition), missing: condition };
  return { intent: outputIntent(condition, { bytes, description: design.printProfile!.description }) };
}

/** A failed book as staff read it (in Turkish); the engine's own words are its cause, for the log. */
class BookFailed extends Error {}

/** How a book differs from the print book: its content changed before it is laid out (the digital edition's consent). */
export interface BookOptions {
  /** The consent a student's photo needs in this book: the printed book's, or the digital edition's. */
  photoPurpose?: PhotoPurpose;
  sources?: (sources: BookSources) => Promise<BookSources>;
}

export function yearbookJob(db: Db, storage: Storage, pool: WorkerPool, options: BookOptions = {}): JobHandler {
  const make = makeBook(db, storage, pool, options);
  return async (job, context) => {
    try {
      return await make(job, context);
    } catch (error) {
      if (context.signal.aborted || error instanceof BookFailed) throw error;
      throw new BookFailed(tr.yearbook.failed, { cause: error });
    }
  };
}

function makeBook(db: Db, storage: Storage, pool: WorkerPool, options: BookOptions): JobHandler {
  return async (job, context) => {
    if (job.schoolId === null) throw new Error('a yearbook job needs a school');
    const started = performance.now();
    const steps = { imagesMs: 0, layoutMs: 0, storeMs: 0, proofsMs: 0, coverMs: 0 };
    const timed = async <T>(step: keyof typeof steps, work: () => Promise<T>): Promise<T> => {
      const from = performance.now();
      try {
        return await work();
      } finally {
        steps[step] += performance.now() - from;
      }
    };
    const read = await bookSources(db, job.studioId, job.schoolId, job.branchId, options.photoPurpose);
    const { model, images, studio, consentGaps, eventLeftOut } = options.sources ? await options.sources(read) : read;
    const printing = await printIntent(storage, model.design);
    let total = estimatePages(model);
    let prepared = 0;
    let proofed = 0;
    const report = () => context.progress(Math.floor((prepared + proofed) / 2), total);
    await report();
    const limits = { timeoutMs: TASK_TIMEOUT_MS, signal: context.signal };
    const layoutLimits = { timeoutMs: LAYOUT_TIMEOUT_MS, signal: context.signal };
    /** Texts the layout could not set, left out of the book or printed as a stand-in. */
    const unplaced: UnplacedItem[] = [];
    /**
     * A part's layout. One that fails is narrowed down to the text that fails it, which is left
     * out of the part (a name gets a stand-in) and listed for the check before print, and the part
     * is laid out again: one text never stops the book (printable() sees to most such texts before).
     */
    const layOut = async <T>(partModel: BookModel, part: BookPart, run: () => Promise<T>): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (context.signal.aborted) throw error;
          const laysOut = (trial: Trial) =>
            pool.run('proofPart', { ...trial, images: new Map() }, layoutLimits).then(
              () => true,
              () => false,
            );
          const found = attempt < MAX_UNPLACED_PER_PART ? await leaveOutFailing(partModel, part, laysOut) : null;
          if (!found) throw new BookFailed(tr.yearbook.failed, { cause: error });
          if (found.failsBook) throw new BookFailed(tr.yearbook.failedItem(found.item), { cause: error });
          unplaced.push(found);
        }
      }
    };

    // Pages a student stands for, so preparing the portraits moves the bar in pages.
    const per = model.design.showMessages ? model.design.messagesPerPage : Infinity;
    const pagesOf = (s: { messages: unknown[] }) => Math.max(1, Math.ceil(s.messages.length / per));

    let minPortraitPpi: number | null = null;
    const lowResolution: number[] = [];
    /**
     * A student's portrait made with its class panel copy (one decode for both), kept until the
     * student's own part: a few hundred kilobytes of JPEG each, for the branch's later parts. A
     * portrait whose panel copy is still being made waits for it rather than decoding again.
     */
    const madeEarly = new Map<string, Promise<{ jpeg: Uint8Array; proof: Uint8Array; ppi: number } | null>>();
    // A panel copy's portrait, by the file both are cut from.
    const portraitOfFile = new Map(images.filter((image) => image.use === 'portrait').map((image) => [`${image.store}:${image.key}`, image]));
    const notePpi = (image: BookImage, ppi: number) => {
      minPortraitPpi = Math.min(minPortraitPpi ?? Infinity, ppi);
      if (ppi < MIN_PPI) lowResolution.push(Number(image.path.replace(/\D/g, '')));
    };
    let coverPpi: number | null = null;
    /**
     * Prepares an image into the part's print and proof images, cut to the frame it fills; answers
     * its resolution as printed (null: its file is missing, or a panel's small copy). A cover or logo
     * without a print master (uploaded before masters were kept) is prepared from its web copy.
     */
    const prepare = async (
      image: BookImage,
      print: Map<string, Uint8Array>,
      proof: Map<string, Uint8Array>,
      frameMm: { width: number; height: number },
    ): Promise<number | null> => {
      const coming = madeEarly.get(image.path);
      madeEarly.delete(image.path);
      const early = await coming;
      if (early) {
        print.set(image.path, early.jpeg);
        proof.set(image.path, early.proof);
        notePpi(image, early.ppi);
        return early.ppi;
      }
      if (image.use === 'panel') {
        const making = storage[image.store]
          .get(image.key)
          .then((source) => (source ? pool.run('printImage', { source, frameMm, smallMm: panelFrameMm(model.design) }, limits) : null));
        const portrait = portraitOfFile.get(`${image.store}:${image.key}`);
        // Should the panel copy fail, the portrait is made on its own (and fails the book there if it must).
        if (portrait)
          madeEarly.set(
            portrait.path,
            making.catch(() => null),
          );
        const made = await making;
        if (!made?.small) return null;
        print.set(image.path, made.small.jpeg);
        proof.set(image.path, made.small.proof);
        return null;
      }
      const store = storage[image.store];
      const source = (await store.get(image.key)) ?? (image.fallbackKey ? await store.get(image.fallbackKey) : null);
      if (!source) return null;
      if (image.use === 'logo') {
        const logo = await pool.run('logoImage', { source }, limits);
        print.set(image.path, logo);
        proof.set(image.path, logo);
        const size = pngSize(logo);
        return size ? ppiAt(size.height, image.path === studio.logo ? STUDIO_LOGO_HEIGHT_MM : LOGO_HEIGHT_MM) : null;
      }
      const made = await pool.run('printImage', { source, frameMm }, limits);
      print.set(image.path, made.jpeg);
      proof.set(image.path, made.proof);
      if (image.use === 'cover') coverPpi = made.ppi;
      if (image.use === 'portrait') notePpi(image, made.ppi);
      return made.ppi;
    };
    // What the check before print reads: every image placed, and every student with or without a portrait.
    const placed: PlacedImage[] = [];
    const checked = new Map<number, CheckedStudent>();
    const studentPages: Record<string, number> = {};
    /** Every page each student appears on so far (own pages, class panel, event pages), for the index. */
    const seen: Record<string, number[]> = {};
    /** Event photos placed, their page filled in once their part is laid out. */
    const eventPlaced: Array<PlacedImage & { photoId: number }> = [];
    const cutNames: CutName[] = [];
    const studentLastPages: Record<string, number> = {};

    const plans = planParts(model);

    /**
     * The cover for the interior's page count: its images prepared at their printed size (the
     * print masters), the sheet laid out and written as a file of its own, then its proof.
     */
    const makeCover = async (folderPath: string, pages: number): Promise<NonNullable<YearbookResult['cover']>> => {
      const geometry = coverGeometry(model.design, pages);
      const print = new Map<string, Uint8Array>();
      const proof = new Map<string, Uint8Array>();
      for (const image of images) {
        if (image.use !== 'cover' && image.use !== 'logo') continue;
        const ppi = await prepare(image, print, proof, frontImageMm(geometry));
        // The cover and the logos print on the cover's sheet, not on a page of the interior.
        if (ppi !== null) placed.push({ use: image.use, ppi, page: null, ...(image.path === studio.logo ? { label: tr.yearbook.preflight.studioLogo } : {}) });
      }
      const shown = (image: string | null) => (image && print.has(image) ? image : null);
      const coverModel: CoverModel = {
        title: `${model.title} · ${tr.yearbook.book.cover}`,
        draft: model.draft,
        design: model.design,
        school: { ...model.school, logo: shown(model.school.logo) },
        studio: { ...studio, logo: shown(studio.logo) },
        cover: shown(model.cover),
        subtitle: plans[0]?.cover?.subtitle ?? null,
        geometry,
      };
      const file = path.join(folderPath, 'cover.pdf');
      const handle = await fs.open(file, 'w');
      try {
        const writer = bookWriter(async (chunk) => void (await handle.write(chunk)), printing.intent);
        await writer.append(await pool.run('coverPart', { model: coverModel, images: print, firstObject: writer.nextObject }, layoutLimits));
        await writer.finish(coverModel.title);
      } finally {
        await handle.close();
      }
      await storage.photos.put(coverKey(job.id), createReadStream(file));
      const jpeg = await pool.run('coverProof', { model: coverModel, images: proof }, layoutLimits);
      await storage.photos.put(coverProofKey(job.id), Buffer.from(jpeg));
      const { binding, mediaMm, spineMm } = geometry;
      return {
        file: coverKey(job.id),
        binding,
        widthMm: mediaMm.width,
        heightMm: mediaMm.height,
        spineMm,
        imagePpi: model.cover && print.has(model.cover) ? coverPpi : null,
      };
    };

    // The book's file is written beside the store's and moved in when complete.
    const folder = await tempFolder('yearbook');
    try {
      const file = path.join(folder.path, `${randomBytes(4).toString('hex')}.pdf`);
      const handle = await fs.open(file, 'w');
      const laidOut: Array<{ model: BookModel; part: BookPart; pages: number; proofImages: Map<string, Uint8Array> }> = [];
      let written: { pages: number; bytes: number };
      try {
        const writer = bookWriter(async (chunk) => void (await handle.write(chunk)), printing.intent);
        let firstPage = 1;
        for (const plan of plans) {
          const print = new Map<string, Uint8Array>();
          const proof = new Map<string, Uint8Array>();
          await timed('imagesMs', () =>
            eachInParallel(imagesOfPart(plan.model, plan, images), PARALLEL_IMAGES, async (image) => {
              const ppi = await prepare(image, print, proof, image.frameMm ?? PORTRAIT_MM[model.design.photoShape]);
              const student = image.use === 'portrait' ? plan.model.branches.flatMap((b) => b.students).find((s) => s.portrait === image.path) : null;
              // An event photo's page is known after the layout.
              if (ppi !== null && image.event) eventPlaced.push({ use: 'event', ppi, page: null, label: image.event.label, photoId: image.event.photoId });
              // The cover and the logo are on the part's first page; a portrait on its student's first page (known after the layout).
              else if (ppi !== null)
                placed.push({ use: image.use, ppi, page: student ? null : firstPage, ...(student ? { student: { id: student.id, name: student.name } } : {}) });
              if (student) prepared += pagesOf(student);
              await report();
            }),
          );
          // An image whose file is gone is left out of the book rather than failing it.
          for (const branch of plan.model.branches) for (const s of branch.students) if (s.portrait && !print.has(s.portrait)) s.portrait = null;
          for (const entry of plan.divider?.panel ?? []) if (entry.portrait && !print.has(entry.portrait)) entry.portrait = null;
          for (const page of eventPagesOf(plan.model)) for (const photo of page.photos) if (photo.image && !print.has(photo.image)) photo.image = null;
          for (const branch of plan.model.branches)
            for (const s of branch.students) checked.set(s.id, { id: s.id, name: s.name, portrait: s.portrait !== null });

          const part: BookPart = {
            firstPage,
            cover: plan.cover,
            divider: plan.divider,
            index: plan.index ? { entries: plan.index, knownPages: structuredClone(seen) } : null,
          };
          const laid = await timed('layoutMs', () =>
            layOut(plan.model, part, () => pool.run('bookPart', { model: plan.model, part, images: print, firstObject: writer.nextObject }, layoutLimits)),
          );
          print.clear();
          await timed('storeMs', () => writer.append(laid.piece));
          Object.assign(studentPages, laid.studentPages);
          notePages(seen, laid);
          for (const entry of eventPlaced) entry.page ??= laid.eventPhotoPages[String(entry.photoId)] ?? null;
          const panel = new Map(plan.divider?.panel.map((entry) => [entry.id, entry.name]));
          for (const { id, page } of laid.cutNames) cutNames.push({ studentId: id, name: panel.get(id) ?? '', page });
          Object.assign(studentLastPages, laid.studentLastPages);
          firstPage += laid.pages;
          laidOut.push({ model: plan.model, part, pages: laid.pages, proofImages: proof });
          for (const branch of plan.model.branches) for (const s of branch.students) if (!s.portrait) prepared += pagesOf(s);
          await report();
        }
        written = await timed('storeMs', () => writer.finish(model.title));
      } finally {
        await handle.close();
      }
      await timed('storeMs', () => storage.photos.put(pdfKey(job.id), createReadStream(file)));
      const pdfMs = Math.round(performance.now() - started);
      total = written.pages;
      prepared = total;
      await report();

      // The cover goes beside the page proofs: they take one worker thread at a time, it the other.
      const [cover] = await Promise.all([
        timed('coverMs', () => makeCover(folder.path, written.pages)),
        timed('proofsMs', async () => {
          for (const { model: partModel, part, pages, proofImages } of laidOut) {
            const proofPdf = await layOut(partModel, part, () => pool.run('proofPart', { model: partModel, part, images: proofImages }, layoutLimits));
            proofImages.clear();
            for (let from = 1; from <= pages; from += PROOF_SLICE) {
              const drawn = await pool.run('proofs', { pdf: proofPdf, from, to: from + PROOF_SLICE - 1 }, limits);
              // The part's pages are numbered on from the parts before it.
              await Promise.all(drawn.map((jpeg, i) => storage.photos.put(proofKey(job.id, part.firstPage + from - 1 + i), Buffer.from(jpeg))));
              proofed += drawn.length;
              await report();
            }
          }
        }),
      ]);
      const found = substitutions(model);
      const result: YearbookResult = {
        file: pdfKey(job.id),
        pages: total,
        bytes: written.bytes,
        draft: model.draft,
        minPortraitPpi,
        lowResolution,
        pdfMs,
        totalMs: Math.round(performance.now() - started),
        steps: {
          imagesMs: Math.round(steps.imagesMs),
          layoutMs: Math.round(steps.layoutMs),
          storeMs: Math.round(steps.storeMs),
          proofsMs: Math.round(steps.proofsMs),
          coverMs: Math.round(steps.coverMs),
        },
        substitutions: found,
        preflight: preflight({
          students: [...checked.values()],
          studentPages,
          consentGaps,
          images: [...placed, ...eventPlaced],
          eventLeftOut,
          substitutions: found,
          unplaced,
          cutNames,
          missingProfile: printing.missing,
        }),
        cover,
        studentPageRanges: Object.fromEntries(Object.entries(studentPages).map(([id, first]) => [id, [first, studentLastPages[id] ?? first]])),
      };
      return result;
    } finally {
      await folder.remove();
    }
  };
}
