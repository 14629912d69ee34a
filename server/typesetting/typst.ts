/**
 * The one way a PDF is laid out with Typst (the yearbook's parts, the login cards): the source
 * and its files go into the compiler's memory (no files, no network) and the fonts of one pair
 * (with the fallbacks) are the only fonts it knows. A failed compile throws with its diagnostics.
 * Synchronous and CPU-bound.
 */
import { createRequire } from 'node:module';
import type * as TypstCompiler from '@myriaddreamin/typst-ts-node-compiler';
import type { NodeCompiler, NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import type { DesignSettings } from '../../common/schemas/design';
import { fontBlobs } from './fonts';

export interface TypstInput {
  fontPair: DesignSettings['fontPair'];
  /** The main source's path (diagnostics name it) and its text. */
  main: { path: string; source: string };
  /** Every other file the source reads, by its path. */
  files: Iterable<readonly [string, Buffer]>;
  /** The error a failed compile throws, given its diagnostics. */
  failure: (diagnostics: string) => Error;
}

/** Compiles the input and answers what `read` takes from the document (its PDF, a query). */
/**
 * The compiler's native module (tens of MB of code and fonts' tables) is loaded on the first
 * layout, not when the server starts: most processes lay out nothing for hours, and the book and
 * the proofs run in the worker threads.
 */
let compilerModule: typeof TypstCompiler | undefined;
const typst = () => (compilerModule ??= createRequire(import.meta.url)('@myriaddreamin/typst-ts-node-compiler') as typeof TypstCompiler);

export function compileTypst<T>(input: TypstInput, read: (compiler: NodeCompiler, document: NodeTypstDocument) => T): T {
  const compiler = typst().NodeCompiler.create({ workspace: '/', fontArgs: [{ fontBlobs: fontBlobs(input.fontPair) }] });
  try {
    for (const [path, bytes] of input.files) compiler.mapShadow(path, bytes);
    compiler.addSource(input.main.path, input.main.source);
    const compiled = compiler.compile({ mainFilePath: input.main.path });
    const document = compiled.result;
    const error = compiled.takeDiagnostics();
    if (!document) throw input.failure(JSON.stringify(error ? compiler.fetchDiagnostics(error) : 'no document'));
    return read(compiler, document);
  } finally {
    // The compiler's cache is process-wide: a worker that lays out book after book would keep every image.
    compiler.resetShadow();
    compiler.evictCache(0);
  }
}
