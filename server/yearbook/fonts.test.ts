/**
 * Every bundled font file has every Turkish letter: read from the font's own character map
 * (its cmap table), not from a rendering that could fall back to another font.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_PAIRS as PAIR_NAMES } from '../../common/schemas/design';
import { bundledFontFiles } from './fonts';

const TURKISH = 'İıŞşĞğÇçÖöÜü';

/** The code points a TrueType/OpenType file maps to a glyph other than .notdef (cmap formats 4 and 12). */
function mappedCodePoints(font: Buffer): (codePoint: number) => boolean {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('no cmap table');
  const lookups: Array<(cp: number) => boolean> = [];
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const offset = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    if (platform !== 3 && platform !== 0) continue;
    const format = font.readUInt16BE(offset);
    if (format === 12) {
      const groups = font.readUInt32BE(offset + 12);
      lookups.push((cp) => {
        for (let g = 0; g < groups; g++) {
          const at = offset + 16 + g * 12;
          if (cp >= font.readUInt32BE(at) && cp <= font.readUInt32BE(at + 4)) return font.readUInt32BE(at + 8) + (cp - font.readUInt32BE(at)) !== 0;
        }
        return false;
      });
    } else if (format === 4) {
      const segments = font.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      lookups.push((cp) => {
        for (let s = 0; s < segments; s++) {
          if (cp > font.readUInt16BE(ends + s * 2)) continue;
          const start = font.readUInt16BE(starts + s * 2);
          if (cp < start) return false;
          const delta = font.readInt16BE(deltas + s * 2);
          const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
          if (rangeOffset === 0) return ((cp + delta) & 0xffff) !== 0;
          const glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
          return glyph !== 0 && ((glyph + delta) & 0xffff) !== 0;
        }
        return false;
      });
    }
  }
  if (!lookups.length) throw new Error('no Unicode cmap subtable');
  return (cp) => lookups.some((has) => has(cp));
}

describe('the bundled fonts', () => {
  const files = bundledFontFiles();

  it('cover every pair the design offers, with regular, italic and bold of each face', () => {
    for (const pair of PAIR_NAMES) expect(files.filter((f) => f.pairs.includes(pair))).toHaveLength(6);
  });

  it.each(files.map((f) => [f.path.split('/').pop(), f] as const))('%s has every Turkish letter', (_name, file) => {
    const has = mappedCodePoints(fs.readFileSync(file.path));
    const missing = [...TURKISH].filter((letter) => !has(letter.codePointAt(0)!));
    expect(missing).toEqual([]);
    // The check can fail: a letter of a script these fonts do not carry.
    expect(has('字'.codePointAt(0)!)).toBe(false);
  });
});
