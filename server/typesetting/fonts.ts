/**
 * The yearbook's typefaces: every pair the design offers, as the TrueType files the PDF embeds
 * (and the web preview loads). All are from Google Fonts under the SIL Open Font License 1.1,
 * which allows embedding; the npm packages of @expo-google-fonts carry the full files, with the
 * Latin Extended glyphs Turkish needs (İ ı Ş ş Ğ ğ Ç ç Ö ö Ü ü). Noto Sans Arabic and Noto Emoji
 * (monochrome), from the same packages and under the same licence, are every text's fallbacks.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { DesignSettings } from '../../common/schemas/design';

const require = createRequire(import.meta.url);

export interface Typeface {
  /** The family name inside the font files, as Typst and the PDF know it. */
  family: string;
  /** npm package and file prefix: @expo-google-fonts/<pkg>/<style>/<Prefix>_<style>.ttf */
  pkg: string;
  prefix: string;
  /** The styles bundled: regular and italic for text, bold for names and headings. */
  styles: readonly string[];
}

const TEXT_STYLES = ['400Regular', '400Regular_Italic', '700Bold'] as const;
const typeface = (family: string, pkg: string, prefix: string, styles: readonly string[] = TEXT_STYLES): Typeface => ({ family, pkg, prefix, styles });
const INTER = typeface('Inter', 'inter', 'Inter');
const MERRIWEATHER = typeface('Merriweather', 'merriweather', 'Merriweather');
const POPPINS = typeface('Poppins', 'poppins', 'Poppins');
const LORA = typeface('Lora', 'lora', 'Lora');
const NUNITO = typeface('Nunito', 'nunito', 'Nunito');
const PLAYFAIR = typeface('Playfair Display', 'playfair-display', 'PlayfairDisplay');
// Without italics: Typst sets italic text in the upright face.
const NOTO_SANS_ARABIC = typeface('Noto Sans Arabic', 'noto-sans-arabic', 'NotoSansArabic', ['400Regular', '700Bold']);
// Monochrome, one weight: a printer's black, and emoji carry no weight.
const NOTO_EMOJI = typeface('Noto Emoji', 'noto-emoji', 'NotoEmoji', ['400Regular']);

/** Headings and names in the first, running text in the second. */
export const FONT_PAIRS: Record<DesignSettings['fontPair'], { heading: Typeface; body: Typeface }> = {
  'inter-merriweather': { heading: INTER, body: MERRIWEATHER },
  'poppins-lora': { heading: POPPINS, body: LORA },
  'nunito-playfair': { heading: PLAYFAIR, body: NUNITO },
};

/**
 * Where every text of the book goes on when the design's face has no glyph for a character, in
 * this order: Inter (the widest of the pairs' faces: Greek, Cyrillic), Arabic, then emoji. What
 * none of these has is replaced before the layout (printable.ts), whatever the design.
 */
export const FALLBACK_FACES: readonly Typeface[] = [INTER, NOTO_SANS_ARABIC, NOTO_EMOJI];

export const fontFile = (face: Typeface, style: string): string => require.resolve(`@expo-google-fonts/${face.pkg}/${style}/${face.prefix}_${style}.ttf`);

/** Every file of a pair's two faces with the pairs it serves (for the glyph coverage check). */
export function bundledFontFiles(): Array<{ path: string; pairs: Array<DesignSettings['fontPair']> }> {
  const files = new Map<string, Array<DesignSettings['fontPair']>>();
  for (const [pair, { heading, body }] of Object.entries(FONT_PAIRS) as Array<[DesignSettings['fontPair'], (typeof FONT_PAIRS)[DesignSettings['fontPair']]]>) {
    for (const face of [heading, body]) for (const style of face.styles) files.set(fontFile(face, style), [...(files.get(fontFile(face, style)) ?? []), pair]);
  }
  return [...files].map(([path, pairs]) => ({ path, pairs }));
}

/** Each font file is read once per process (thread), whichever pairs and books use it. */
const read = new Map<string, Buffer>();
function fontBytes(file: string): Buffer {
  let bytes = read.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    read.set(file, bytes);
  }
  return bytes;
}

/** Every file a book in this pair needs: the pair's faces and the fallbacks. */
export function fontBlobs(pair: DesignSettings['fontPair']): Buffer[] {
  const { heading, body } = FONT_PAIRS[pair];
  const faces = new Set([heading, body, ...FALLBACK_FACES]);
  return [...faces].flatMap((face) => face.styles.map((style) => fontBytes(fontFile(face, style))));
}
