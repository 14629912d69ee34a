/**
 * What runs in the worker threads: the CPU-heavy steps, each a function of one plain value to a
 * plain value (structured clone carries them: Buffers arrive as Uint8Arrays, Maps as Maps), so
 * the event loop that answers requests never waits for them.
 */
import sharp from 'sharp';
import { readTable, type Table } from '../text/sheets';
import { HttpError } from '../core/errors';
import { findFaces } from '../images/faceModel';
import { imageForPrint, logoForPrint } from '../typesetting/images';
import { pdfPiece } from '../typesetting/assemble';
import { layoutCover, type CoverModel } from '../typesetting/cover';
import type { BookModel, BookPart } from '../typesetting/model';
import { renderProofs } from '../typesetting/proofs';
import { spreadAt, webpAt } from '../typesetting/screens';
import { layoutPart } from '../typesetting/render';

// Each image is read once: libvips' operation cache would only hold memory.
sharp.cache(false);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function printImage(input: { source: Uint8Array; frameMm: { width: number; height: number }; smallMm?: { width: number; height: number } }) {
  return imageForPrint(asBuffer(input.source), input.frameMm, input.smallMm);
}

type PartInput = { model: BookModel; part: BookPart; images: Map<string, Uint8Array> };
const partImages = (images: Map<string, Uint8Array>) => new Map([...images].map(([path, bytes]) => [path, asBuffer(bytes)]));

/** One part of the book laid out for print, as a piece of the book's file numbered from `firstObject`. */
async function bookPart(input: PartInput & { firstObject: number }) {
  const laid = layoutPart(input.model, input.part, partImages(input.images));
  return {
    piece: await pdfPiece(laid.pdf, input.firstObject),
    pages: laid.pages,
    studentPages: laid.studentPages,
    studentLastPages: laid.studentLastPages,
    cutNames: laid.cutNames,
    appearances: laid.appearances,
    eventPhotoPages: laid.eventPhotoPages,
  };
}

/** The same part laid out with screen-sized images, the PDF its page proofs are drawn from. */
function proofPart(input: PartInput) {
  return layoutPart(input.model, input.part, partImages(input.images)).pdf;
}

type CoverInput = { model: CoverModel; images: Map<string, Uint8Array> };

/** The cover laid out for print, as the whole of its own file's objects from `firstObject` on. */
async function coverPart(input: CoverInput & { firstObject: number }) {
  return pdfPiece(layoutCover(input.model, partImages(input.images)), input.firstObject);
}

/** The cover's proof: laid out with screen-sized images and drawn as one JPEG, cropped to the trim. */
async function coverProof(input: CoverInput): Promise<Buffer> {
  let jpeg: Buffer | undefined;
  await renderProofs(layoutCover(input.model, partImages(input.images)), { from: 1, to: 1 }, (_index, drawn) => void (jpeg = drawn));
  if (!jpeg) throw new Error('the cover has no page');
  return jpeg;
}

function logoImage(input: { source: Uint8Array }) {
  return logoForPrint(asBuffer(input.source));
}

/** Page proofs of pages from..to as a list of JPEGs (a long book is drawn a slice at a time). */
async function proofs(input: { pdf: Uint8Array; from: number; to: number }): Promise<Buffer[]> {
  const pages: Buffer[] = [];
  await renderProofs(asBuffer(input.pdf), input, (_index, jpeg) => void pages.push(jpeg));
  return pages;
}

/** A page proof as the digital yearbook's WebP images, one per width. */
function screenImages(input: { image: Uint8Array; widths: number[] }) {
  return webpAt(asBuffer(input.image), input.widths);
}

/** Two page proofs (a side may be missing) as a spread's WebP images, one per width. */
function spreadImages(input: { left: Uint8Array | null; right: Uint8Array | null; widths: number[] }) {
  return spreadAt(input.left && asBuffer(input.left), input.right && asBuffer(input.right), input.widths);
}

/** A student list read into a table, or the Turkish message it is refused with (an error's class does not cross threads). */
async function importTable(input: { data: Uint8Array; maxRows: number }): Promise<{ table: Table } | { refused: string }> {
  try {
    return { table: await readTable(asBuffer(input.data), input.maxRows) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return { refused: error.message };
    throw error;
  }
}

/** The faces of a photo or portrait, each with where it is and its descriptor. */
function faces(input: { image: Uint8Array; crops?: boolean }) {
  return findFaces(asBuffer(input.image), { crops: input.crops });
}

const tasks = { faces, printImage, logoImage, bookPart, proofPart, coverPart, coverProof, proofs, screenImages, spreadImages, importTable };
export type Tasks = typeof tasks;

/** The one entry the pool calls: which task, with what. */
export default function run<K extends keyof Tasks>({ task, input }: { task: K; input: Parameters<Tasks[K]>[0] }) {
  return (tasks[task] as (input: Parameters<Tasks[K]>[0]) => ReturnType<Tasks[K]>)(input);
}
