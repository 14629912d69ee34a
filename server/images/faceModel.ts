/**
 * Faces found and described on the server's own CPU: `@vladmandic/human`'s face detector
 * (BlazeFace) and its description model (FaceRes), run by TensorFlow.js on its WebAssembly
 * backend inside a worker thread. The models and the WebAssembly binary are read from
 * node_modules; nothing is fetched from the network, ever.
 *
 * A photo is decoded and made at most `MAX_SIDE` pixels on its long side by sharp first: the
 * detector looks at a 256 px square anyway, and a 12 MP photo's pixels would only cost time and
 * memory. The face mesh is left off: the description model reads the detector's crop as well
 * (the accuracy bench measured no difference), and the mesh would cost about a third more time.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import util from 'node:util';
import fs from 'node:fs/promises';
import sharp from 'sharp';

/** Names the model a descriptor was made by; descriptors of different models are never compared. */
export const FACE_MODEL = 'human-3.3.6-faceres';
/** The long side a photo is brought down to before detection. */
export const MAX_SIDE = 1280;

/** Where a face is, as fractions of the photo's width and height. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FoundFace {
  box: FaceBox;
  /** The detector's confidence, 0..1. */
  score: number;
  descriptor: number[];
}

// Faces smaller than this share of the photo's short side are too few pixels to describe reliably.
const MIN_FACE_SHARE = 0.03;

const resolve = createRequire(import.meta.url).resolve;
const humanDist = path.dirname(resolve('@vladmandic/human'));
const wasmDist = path.dirname(resolve('@tensorflow/tfjs-backend-wasm'));
const modelsDir = path.resolve(humanDist, '..', 'models');

type HumanModule = typeof import('@vladmandic/human');
type Human = InstanceType<HumanModule['Human']>;

/**
 * The library's file:// reads (model files, the WebAssembly binary) answered from the disk; any
 * other address is refused, so a setting that names a CDN fails loudly instead of downloading.
 */
const localFetch = async (input: string | URL | Request): Promise<Response> => {
  const url = String(input instanceof Request ? input.url : input);
  if (!url.startsWith('file://')) throw new Error(`face model: no network access (${url})`);
  return new Response(await fs.readFile(new URL(url)));
};

/**
 * Loads the library once per thread. Its Node builds expect a separately installed TensorFlow.js;
 * its self-contained bundle is made for browsers, whose stand-in for Node's `util` lacks what the
 * Node platform object reads when the module starts, so Node's own is lent for the import and
 * handed to that object afterwards. The WebAssembly loader asks for `__dirname` before it
 * receives the binary through the fetch above.
 */
async function loadHuman(): Promise<Human> {
  globalThis.fetch = localFetch as typeof fetch;
  (globalThis as { __dirname?: string }).__dirname = wasmDist;
  Object.defineProperty(Object.prototype, 'TextEncoder', { value: util.TextEncoder, configurable: true, writable: true });
  let library: HumanModule;
  try {
    library = (await import(pathToFileURL(path.join(humanDist, 'human.esm.js')).href)) as HumanModule;
  } finally {
    delete (Object.prototype as { TextEncoder?: unknown }).TextEncoder;
  }
  const human = new library.Human({
    backend: 'wasm',
    wasmPath: `${pathToFileURL(wasmDist).href}/`,
    wasmPlatformFetch: true,
    modelBasePath: `${pathToFileURL(modelsDir).href}/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 60, minConfidence: 0.5, iouThreshold: 0.3, return: false },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  (human.tf.env().platform as unknown as { util: typeof util }).util = util;
  // One thread per worker: the pool already runs one task per core.
  human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await human.load();
  await human.tf.ready();
  if (human.tf.getBackend() !== 'wasm') throw new Error(`face model: WebAssembly backend did not start (${human.tf.getBackend()})`);
  return human;
}

let loaded: Promise<Human> | undefined;
const model = () => (loaded ??= loadHuman());

/** The faces in an image (any format sharp reads), largest first, with their descriptors. */
export async function findFaces(source: Buffer): Promise<{ width: number; height: number; faces: FoundFace[] }> {
  const { data, info } = await sharp(source, { failOn: 'none' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const human = await model();
  const input = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [info.height, info.width, 3], 'int32');
  try {
    const result = await human.detect(input);
    const minSide = MIN_FACE_SHARE * Math.min(info.width, info.height);
    const faces = result.face
      .filter((face) => face.embedding && face.embedding.length > 0 && Math.min(face.box[2], face.box[3]) >= minSide)
      .map((face) => {
        const [x, y, width, height] = face.boxRaw.map((v) => Math.min(1, Math.max(0, v))) as [number, number, number, number];
        return { box: { x, y, width: Math.min(width, 1 - x), height: Math.min(height, 1 - y) }, score: face.score, descriptor: Array.from(face.embedding!) };
      })
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { width: info.width, height: info.height, faces };
  } finally {
    input.dispose();
  }
}

/** How alike two descriptors are: their cosine, 1 for the same vector; the threshold is chosen on this scale. */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}
