/**
 * Every bundled font file has every Turkish letter: read from the font's own character map
 * (its cmap table), not from a rendering that could fall back to another font.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_PAIRS as PAIR_NAMES } from '../../common/schemas/design';
import { bundledFontFiles } from './fonts';
import { mappedCodePoints } from './printable';

const TURKISH = 'İıŞşĞğÇçÖöÜü';

describe('the bundled fonts', () => {
  const files = bundledFontFiles();

  it('cover every pair the design offers, with regular, italic and bold of each face', () => {
    for (const pair of PAIR_NAMES) expect(files.filter((f) => f.pairs.includes(pair))).toHaveLength(6);
  });

  it.each(files.map((f) => [f.path.split('/').pop(), f] as const))('%s has every Turkish letter', (_name, file) => {
    const mapped = mappedCodePoints(fs.readFileSync(file.path));
    const has = (cp: number) => mapped.has(cp);
    const missing = [...TURKISH].filter((letter) => !has(letter.codePointAt(0)!));
    expect(missing).toEqual([]);
    // The check can fail: a letter of a script these fonts do not carry.
    expect(has('字'.codePointAt(0)!)).toBe(false);
  });
});
