/**
 * The design's font pairs in the browser: the same font files the printed book embeds, loaded
 * only when a pair is chosen (each pair its own chunk of URLs) and registered as font faces, so
 * the preview draws with the fonts the PDF will have, Turkish letters included.
 */
import { useEffect, useState } from 'react';
import type { DesignSettings } from '../../../common/schemas/design';

type Pair = DesignSettings['fontPair'];
interface Face {
  family: string;
  url: string;
  descriptors: FontFaceDescriptors;
}

const STYLES: FontFaceDescriptors[] = [
  { weight: '400', style: 'normal' },
  { weight: '400', style: 'italic' },
  { weight: '700', style: 'normal' },
];

/** A pair's faces from its files: regular, italic and bold of the heading face, then of the body face. */
export function faces(heading: string, headingFiles: string[], body: string, bodyFiles: string[]): Face[] {
  const of = (family: string, files: string[]) => files.map((url, i) => ({ family, url, descriptors: STYLES[i] ?? {} }));
  return [...of(heading, headingFiles), ...of(body, bodyFiles)];
}

const FILES: Record<Pair, () => Promise<{ default: Face[] }>> = {
  'inter-merriweather': () => import('./fontFiles/interMerriweather'),
  'poppins-lora': () => import('./fontFiles/poppinsLora'),
  'nunito-playfair': () => import('./fontFiles/playfairNunito'),
};

const loading = new Map<Pair, Promise<void>>();

function loadPair(pair: Pair): Promise<void> {
  let done = loading.get(pair);
  if (!done) {
    done = FILES[pair]().then(async ({ default: list }) => {
      await Promise.all(
        list.map(async ({ family, url, descriptors }) => {
          const face = new FontFace(family, `url(${url})`, { display: 'swap', ...descriptors });
          document.fonts.add(face);
          await face.load();
        }),
      );
    });
    // A failed load may be tried again at the next choice.
    done.catch(() => loading.delete(pair));
    loading.set(pair, done);
  }
  return done;
}

/** Loads the chosen pair; answers the pair once its faces are ready (the text shows in a fallback until then). */
export function useFontPair(pair: Pair): Pair | null {
  const [ready, setReady] = useState<Pair | null>(null);
  useEffect(() => {
    let current = true;
    loadPair(pair).then(
      () => current && setReady(pair),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [pair]);
  return ready === pair ? ready : null;
}
