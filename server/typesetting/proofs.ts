/**
 * Page proofs: each page of the book's PDF drawn as a JPEG for the lightbox, cropped to the trim
 * (what the reader will hold), by pdf.js on a native canvas. CPU-bound: run it in a worker.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { BLEED_MM } from './model';

/**
 * 150 dpi of the trim (1 240 × 1 754 px for A4): the book's smallest text, 8.5 pt, is then about
 * 18 px tall, legible when a coordinator zooms in on a phone; at the former 110 dpi it was soft.
 * Each step up costs drawing time and JPEG size with the square of the resolution.
 */
const PROOF_DPI = 150;

/** Draws pages `from`..`to` (1-based, inclusive, clamped to the document); answers the document's page count. */
export async function renderProofs(
  pdf: Buffer,
  range: { from: number; to: number },
  onPage: (index: number, jpeg: Buffer) => Promise<void> | void,
): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The PDF is our own (never a user's upload), so pdf.js may compile glyph outlines to functions: several times faster.
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: true, disableFontFace: true, useSystemFonts: false }).promise;
  const scale = PROOF_DPI / 72;
  const bleed = (BLEED_MM / 25.4) * PROOF_DPI;
  // One canvas for every page of the slice: native canvases wait for the garbage collector, and a new one per page adds up.
  let canvas: Canvas | undefined;
  try {
    for (let number = Math.max(1, range.from); number <= Math.min(document.numPages, range.to); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale });
      const width = Math.round(viewport.width - 2 * bleed);
      const height = Math.round(viewport.height - 2 * bleed);
      if (!canvas || canvas.width !== width || canvas.height !== height) canvas = createCanvas(width, height);
      const drawn = canvas;
      const context = drawn.getContext('2d');
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.translate(-bleed, -bleed);
      await page.render({ canvas: drawn as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      await onPage(number - 1, await drawn.encode('jpeg', 82));
      page.cleanup();
    }
    return document.numPages;
  } finally {
    await document.destroy();
  }
}
