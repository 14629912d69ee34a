/**
 * The digital yearbook's images: a page proof (or a spread of two) made into WebP at the widths a
 * phone asks for, from a small one for the page grid to the proof's own width for zooming in.
 * CPU-bound: run it in a worker.
 */
import sharp from 'sharp';
import { composeSpread } from './spreads';

/** Widths of a page's images: the grid's, a phone screen's (two device pixels a CSS pixel) and the 150 dpi proof's for zoom. */
export const PAGE_WIDTHS = { thumb: 240, page: 800, zoom: 1240 } as const;
/** A spread is two pages wide. */
export const SPREAD_WIDTHS = { page: 2 * PAGE_WIDTHS.page, zoom: 2 * PAGE_WIDTHS.zoom } as const;

/** The image at each width (never enlarged), as WebP. */
export async function webpAt(image: Buffer, widths: readonly number[]): Promise<Buffer[]> {
  return Promise.all(widths.map((width) => sharp(image).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer()));
}

/** Two page proofs side by side as the open book shows them, at each width. */
export async function spreadAt(left: Buffer | null, right: Buffer | null, widths: readonly number[]): Promise<Buffer[]> {
  return webpAt(await composeSpread(left, right), widths);
}
