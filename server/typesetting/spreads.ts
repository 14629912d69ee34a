/**
 * Two page proofs side by side as the open book shows them: the left-hand (even) page and the
 * right-hand (odd) page. A side the book has no page for (before page 1, after the last page)
 * stays the colour of the table the book lies on, so a lone page still sits on its own side.
 */
import sharp from 'sharp';

/** The empty side of a spread: a light grey, apart from the white paper. */
const TABLE = { r: 222, g: 226, b: 230 };

export async function composeSpread(left: Buffer | null, right: Buffer | null): Promise<Buffer> {
  const page = left ?? right;
  if (!page) throw new Error('a spread needs at least one page');
  const { width = 1, height = 1 } = await sharp(page).metadata();
  const sides = [
    { input: left, x: 0 },
    { input: right, x: width },
  ].flatMap(({ input, x }) => (input ? [{ input, left: x, top: 0 }] : []));
  return sharp({ create: { width: 2 * width, height, channels: 3, background: TABLE } })
    .composite(sides)
    .jpeg({ quality: 82 })
    .toBuffer();
}
