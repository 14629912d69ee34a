/**
 * The yearbook's typefaces: every pair the design offers, as the TrueType files the PDF embeds
 * (and the web preview loads). All are from Google Fonts under the SIL Open Font License 1.1,
 * which allows embedding; the npm packages of @expo-google-fonts carry the full files, with the
 * Latin Extended glyphs Turkish needs (İ ı Ş ş Ğ ğ Ç ç Ö ö Ü ü).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { DesignSettings } from '../../common/schemas/design';

const require = createRequire(import.meta.url);

export interface Typeface {
  /** The family name inside the font files, as Typst and the PDF know it. */
  family: string;
  /** npm package and file prefix: @expo-google-fonts/<pkg>/<weight>/<Prefix>_<weight>.ttf */
  pkg: string;
  prefix: string;
}

const typeface = (family: string, pkg: string, prefix: string): Typeface => ({ family, pkg, prefix });
const INTER = typeface('Inter', 'inter', 'Inter');
const MERRIWEATHER = typeface('Merriweather', 'merriweather', 'Merriweather');
const POPPINS = typeface('Poppins', 'poppins', 'Poppins');
const LORA = typeface('Lora', 'lora', 'Lora');
const NUNITO = typeface('Nunito', 'nunito', 'Nunito');
const PLAYFAIR = typeface('Playfair Display', 'playfair-display', 'PlayfairDisplay');

/** Headings and names in the first, running text in the second. */
export const FONT_PAIRS: Record<DesignSettings['fontPair'], { heading: Typeface; body: Typeface }> = {
  'inter-merriweather': { heading: INTER, body: MERRIWEATHER },
  'poppins-lora': { heading: POPPINS, body: LORA },
  'nunito-playfair': { heading: PLAYFAIR, body: NUNITO },
};

/** The weights the layout uses: regular and italic for text, bold for names and headings. */
const STYLES = ['400Regular', '400Regular_Italic', '700Bold'] as const;

function fontFile(face: Typeface, style: (typeof STYLES)[number]): string {
  return require.resolve(`@expo-google-fonts/${face.pkg}/${style}/${face.prefix}_${style}.ttf`);
}

/** Every bundled font file with the pairs it serves (for the glyph coverage check). */
export function bundledFontFiles(): Array<{ path: string; pairs: Array<DesignSettings['fontPair']> }> {
  const files = new Map<string, Array<DesignSettings['fontPair']>>();
  for (const [pair, { heading, body }] of Object.entries(FONT_PAIRS) as Array<[DesignSettings['fontPair'], (typeof FONT_PAIRS)[DesignSettings['fontPair']]]>) {
    for (const face of [heading, body]) for (const style of STYLES) files.set(fontFile(face, style), [...(files.get(fontFile(face, style)) ?? []), pair]);
  }
  return [...files].map(([path, pairs]) => ({ path, pairs }));
}

/** Every file a pair needs, read once per process. */
const loaded = new Map<string, Buffer[]>();
export function fontBlobs(pair: DesignSettings['fontPair']): Buffer[] {
  let blobs = loaded.get(pair);
  if (!blobs) {
    const { heading, body } = FONT_PAIRS[pair];
    blobs = [heading, body].flatMap((face) => STYLES.map((style) => fs.readFileSync(fontFile(face, style))));
    loaded.set(pair, blobs);
  }
  return blobs;
}
