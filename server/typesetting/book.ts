/**
 * A whole book in this thread and in memory, part after part, joined as the job joins them: for
 * small books (tests, the engine comparison). The job does the same steps in worker threads and
 * writes the parts to a file, since a school's book should not be held whole.
 */
import { bookWriter, pdfPiece } from './assemble';
import type { BookModel } from './model';
import { notePages, planParts } from './parts';
import { layoutPart } from './render';

export async function renderBook(model: BookModel, images: Map<string, Buffer>): Promise<{ pdf: Buffer; pages: number }> {
  const chunks: Uint8Array[] = [];
  const writer = bookWriter(async (chunk) => void chunks.push(chunk));
  const seen: Record<string, number[]> = {};
  let firstPage = 1;
  for (const plan of planParts(model)) {
    const laid = layoutPart(
      plan.model,
      { firstPage, cover: plan.cover, divider: plan.divider, index: plan.index && { entries: plan.index, knownPages: structuredClone(seen) } },
      images,
    );
    await writer.append(await pdfPiece(laid.pdf, writer.nextObject));
    notePages(seen, laid);
    firstPage += laid.pages;
  }
  const { pages } = await writer.finish(model.title);
  return { pdf: Buffer.concat(chunks), pages };
}
