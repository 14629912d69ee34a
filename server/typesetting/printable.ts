/**
 * Which characters the book can print, read from the fallback fonts' own character maps (their
 * cmap tables) once per process: every text of the book falls back through these faces, so what
 * they cover prints in every design (the files are read for this and let go). Anything else is
 * replaced by a visible mark before the layout, which the job can name in its report, rather than
 * left to print as whatever empty glyph the font has; invisible format characters are dropped (a
 * joiner stays where it joins emoji or Arabic letters). */
import fs from 'node:fs';
import { FALLBACK_FACES, fontFile } from './fonts';

/** What stands for a character no bundled font has (Inter has it). */
export const SUBSTITUTE = '□';

/** The code points a TrueType/OpenType file maps to a glyph other than .notdef (cmap formats 4 and 12). */
export function mappedCodePoints(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('no cmap table');
  const mapped = new Set<number>();
  let unicode = false;
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const offset = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    if (platform !== 3 && platform !== 0) continue;
    const format = font.readUInt16BE(offset);
    if (format === 12) {
      unicode = true;
      const groups = font.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const at = offset + 16 + g * 12;
        const [first, last, glyph] = [font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)];
        for (let cp = first; cp <= last; cp++) if (glyph + (cp - first) !== 0) mapped.add(cp);
      }
    } else if (format === 4) {
      unicode = true;
      const segments = font.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const [start, end] = [font.readUInt16BE(starts + s * 2), font.readUInt16BE(ends + s * 2)];
        const delta = font.readInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
        for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
          const index = rangeOffset === 0 ? cp : font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
          if (index !== 0 && ((index + delta) & 0xffff) !== 0) mapped.add(cp);
        }
      }
    }
  }
  if (!unicode) throw new Error('no Unicode cmap subtable');
  return mapped;
}

let faces: Array<Set<number>> | null = null;
/** What each fallback face prints: what all its styles have (an italic quote falls back to the italic). */
function faceCoverage(): Array<Set<number>> {
  faces ??= FALLBACK_FACES.map((face) => {
    const [first, ...others] = face.styles.map((style) => mappedCodePoints(fs.readFileSync(fontFile(face, style))));
    return new Set([...first!].filter((cp) => others.every((set) => set.has(cp))));
  });
  return faces;
}

const graphemes = new Intl.Segmenter('tr', { granularity: 'grapheme' });
const DROPPED = /[\p{Cc}\p{Cf}\p{Variation_Selector}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const ARABIC = /\p{Script=Arabic}/u;
const JOINERS = new Set(['\u200D', '\u200C']);
const EMOJI_PRESENTATION = '\uFE0F';

/** One character (a grapheme: an emoji sequence, a letter with its marks) without what it must not carry. */
function cleaned(cluster: string): string[] {
  const chars = [...cluster];
  const joins = chars.some((ch) => ARABIC.test(ch)) || chars.some((ch) => EMOJI.test(ch));
  return chars.filter((ch) => {
    if (ch === '\n') return true;
    if (JOINERS.has(ch)) return joins;
    // The emoji face is the last fallback.
    if (ch === EMOJI_PRESENTATION) return chars.some((other) => other !== ch && faceCoverage().at(-1)!.has(other.codePointAt(0)!));
    return !DROPPED.test(ch);
  });
}

/**
 * A text as the book prints it, and what of it no bundled font has (each once, in order), each
 * such character replaced by the substitute. Line breaks stay and a tab is a space; every other
 * control or format character is dropped (a zero-width space, a byte order mark, direction
 * marks), joiners are kept only inside an emoji sequence or Arabic letters, and the emoji
 * variation selector only after an emoji. A character with marks prints only if one face has
 * all of it (Typst sets a character in one font).
 */
export function printable(text: string): { text: string; missing: string[] } {
  const coverage = faceCoverage();
  const missing = new Set<string>();
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC').replaceAll('\t', ' '))) {
    const chars = cleaned(segment);
    if (!chars.length) continue;
    const codePoints = chars.map((ch) => ch.codePointAt(0)!);
    if (chars[0] === '\n' || coverage.some((face) => codePoints.every((cp) => face.has(cp)))) {
      out += chars.join('');
      continue;
    }
    const lacking = chars.filter((ch) => !coverage.some((face) => face.has(ch.codePointAt(0)!)));
    missing.add(lacking.length ? lacking.join('') : chars.join(''));
    out += SUBSTITUTE;
  }
  return { text: out, missing: [...missing] };
}

/** The characters of a text that will not show in print (an empty list when all will). */
export const unprintable = (text: string): string[] => printable(text).missing;
