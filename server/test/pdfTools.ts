/**
 * The command-line tools a printer's preflight trusts, run on a produced PDF: poppler's pdfinfo
 * and pdftotext (word boxes), and Ghostscript (a strict render, and the inks of a page as a press
 * would separate them). Tests only; each tool reads the PDF from a scratch file removed after.
 */
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { tempFolder } from '../storage/tempFolder';

const run = promisify(execFile);
const BIG_OUTPUT = { maxBuffer: 64 * 1024 * 1024 };

async function withFile<T>(pdf: Uint8Array, use: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = await tempFolder('pdftools');
  try {
    const file = path.join(folder.path, 'book.pdf');
    await fsp.writeFile(file, pdf);
    return await use(file, folder.path);
  } finally {
    await folder.remove();
  }
}

/** pdfinfo's fields by name ("PDF subtype" → "PDF/X-4", "Pages" → "9", …). */
export function pdfinfo(pdf: Uint8Array): Promise<Record<string, string>> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file], BIG_OUTPUT);
    const fields = stdout.split('\n').map((line) => /^([^:]+):\s*(.*)$/.exec(line));
    return Object.fromEntries(fields.flatMap((field) => (field ? [[field[1]!, field[2]!.trim()]] : [])));
  });
}

/** The document's XMP metadata as pdfinfo reads it from the catalog. */
export function pdfXmp(pdf: Uint8Array): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdfinfo', ['-meta', file], BIG_OUTPUT)).stdout);
}

/** A word as pdftotext found it: its page (from 1) and box, in points from the page's top left. */
interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of the PDF with its box (`pdftotext -bbox`), and each page's size in points. */
export function pdfWords(pdf: Uint8Array): Promise<{ pages: Array<{ width: number; height: number }>; words: PdfWord[] }> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], BIG_OUTPUT);
    const pages: Array<{ width: number; height: number }> = [];
    const words: PdfWord[] = [];
    for (const match of stdout.matchAll(
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
    )) {
      if (match[1]) pages.push({ width: Number(match[1]), height: Number(match[2]) });
      else
        words.push({
          page: pages.length,
          text: unescape(match[7]!),
          xMin: Number(match[3]),
          yMin: Number(match[4]),
          xMax: Number(match[5]),
          yMax: Number(match[6]),
        });
    }
    return { pages, words };
  });
}

/** An image placed in the PDF as `pdfimages -list` reports it: its page, pixel size and resolution as placed. */
interface PdfImage {
  page: number;
  width: number;
  height: number;
  xPpi: number;
  yPpi: number;
}

/** Every image the PDF places (`pdfimages -list`), in page order; soft masks left out. */
export function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file], BIG_OUTPUT);
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length >= 14 && cols[2] !== 'smask')
      .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]), xPpi: Number(cols[12]), yPpi: Number(cols[13]) }));
  });
}

/**
 * Ghostscript reads every page and stops at the first error (`-dPDFSTOPONERROR`): `clean` when
 * it finished and said nothing about errors or repairs; `output` is what it said.
 */
export function ghostscriptCheck(pdf: Uint8Array): Promise<{ clean: boolean; output: string }> {
  return withFile(pdf, async (file) => {
    const args = ['-q', '-dPDFSTOPONERROR', '-dBATCH', '-dNOPAUSE', '-dSAFER', '-sDEVICE=nullpage', file];
    try {
      const { stdout, stderr } = await run('gs', args, BIG_OUTPUT);
      const output = `${stdout}${stderr}`;
      return { clean: !/error|warning|\*\*\*\*/i.test(output), output };
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      return { clean: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}${failed.message}` };
    }
  });
}

type Ink = 'Cyan' | 'Magenta' | 'Yellow' | 'Black';

/** One ink's plate of a page: how much of that ink (0 none … 1 solid) lies anywhere in a box. */
interface Plate {
  /** The most ink in the box (points from the page's top left), 0 … 1. */
  maxIn(box: { xMin: number; yMin: number; xMax: number; yMax: number }): number;
}

/**
 * One page separated into the four process inks as a press's RIP would (Ghostscript's tiffsep,
 * converting RGB through its CMYK profile, so a black made of RGB or grey shows on every plate).
 */
export function separations(pdf: Uint8Array, page: number, dpi = 72): Promise<Record<Ink, Plate>> {
  return withFile(pdf, async (file, folder) => {
    const out = path.join(folder, 'page.tif');
    await run(
      'gs',
      ['-q', '-dBATCH', '-dNOPAUSE', '-dSAFER', '-sDEVICE=tiffsep', `-r${dpi}`, `-dFirstPage=${page}`, `-dLastPage=${page}`, `-sOutputFile=${out}`, file],
      BIG_OUTPUT,
    );
    const plate = async (ink: Ink): Promise<Plate> => {
      const { data, info } = await sharp(path.join(folder, `page(${ink}).tif`))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const scale = dpi / 72;
      return {
        maxIn(box) {
          let most = 0;
          const clampX = (x: number) => Math.min(info.width, Math.max(0, Math.round(x * scale)));
          const clampY = (y: number) => Math.min(info.height, Math.max(0, Math.round(y * scale)));
          for (let y = clampY(box.yMin); y < clampY(box.yMax); y++) {
            // tiffsep's plates are white where there is no ink.
            for (let x = clampX(box.xMin); x < clampX(box.xMax); x++) most = Math.max(most, 255 - data[y * info.width + x]!);
          }
          return most / 255;
        },
      };
    };
    const [Cyan, Magenta, Yellow, Black] = await Promise.all((['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map(plate));
    return { Cyan: Cyan!, Magenta: Magenta!, Yellow: Yellow!, Black: Black! };
  });
}
