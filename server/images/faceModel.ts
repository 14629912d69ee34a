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
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import util from 'node:util';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { Human as HumanClass } from '@vladmandic/human';

/** Names the model a descriptor was made by; descriptors of different models are never compared. */
export const FACE_MODEL = 'human-3.3.6-faceres';
/** The long side a photo is brought down to before detection. */
const MAX_SIDE = 1280;

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
  /** A small square WebP of the face with some of its surroundings, for the review screen. */
  crop?: Buffer;
}

const CROP_SIDE = 160;

/** The face's square with a margin, cut from the decoded pixels and made small. */
function cropOf(pixels: Buffer, size: { width: number; height: number }, box: FaceBox): Promise<Buffer> {
  const side = Math.min(size.width, size.height, Math.round(Math.max(box.width * size.width, box.height * size.height) * 1.5));
  const centreX = (box.x + box.width / 2) * size.width;
  const centreY = (box.y + box.height / 2) * size.height;
  const left = Math.round(Math.min(Math.max(0, centreX - side / 2), size.width - side));
  const top = Math.round(Math.min(Math.max(0, centreY - side / 2), size.height - side));
  return sharp(pixels, { raw: { width: size.width, height: size.height, channels: 3 } })
    .extract({ left, top, width: side, height: side })
    .resize(CROP_SIDE, CROP_SIDE)
    .webp({ quality: 75 })
    .toBuffer();
}

// Faces smaller than this share of the photo's short side are too few pixels to describe reliably.
const MIN_FACE_SHARE = 0.03;

const humanDist = path.dirname(fileURLToPath(import.meta.resolve('@vladmandic/human')));
const wasmDist = path.dirname(fileURLToPath(import.meta.resolve('@tensorflow/tfjs-backend-wasm')));
const modelsDir = path.resolve(humanDist, '..', 'models');

type HumanModule = { Human: typeof HumanClass };
type Human = HumanClass;

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
  // Only the face detector and its descriptor run: every other model of the library stays unloaded.
  const off = (...models: string[]) => Object.fromEntries(models.map((model) => [model, { enabled: false }]));
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
      description: { enabled: true },
      ...off('mesh', 'iris', 'attention', 'emotion', 'antispoof', 'liveness'),
    },
    ...off('body', 'hand', 'object', 'gesture', 'segmentation'),
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

/** The faces in an image (any format sharp reads), largest first, with their descriptors (and crops when asked). */
export async function findFaces(source: Buffer, options: { crops?: boolean } = {}): Promise<{ width: number; height: number; faces: FoundFace[] }> {
  const { data, info } = await sharp(source, { failOn: 'none' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  // The detector looks at a square: a wide photo squeezed into one makes faces too narrow to
  // find, so the photo is padded to a square on its right or bottom edge instead.
  const side = Math.max(size.width, size.height);
  const square = await sharp(data, { raw: { ...size, channels: 3 } })
    .extend({ right: side - size.width, bottom: side - size.height, background: '#808080' })
    .raw()
    .toBuffer();
  const human = await model();
  const input = human.tf.tensor3d(new Uint8Array(square.buffer, square.byteOffset, square.byteLength), [side, side, 3], 'int32');
  let faces: FoundFace[];
  try {
    const result = await human.detect(input);
    const minSide = MIN_FACE_SHARE * Math.min(size.width, size.height);
    faces = result.face
      .filter((face) => face.embedding && face.embedding.length > 0 && Math.min(face.box[2], face.box[3]) >= minSide)
      .map((face) => {
        const [x, y, width, height] = face.box;
        const left = Math.max(0, x);
        const top = Math.max(0, y);
        const box = {
          x: left / size.width,
          y: top / size.height,
          width: Math.min(x + width, size.width) / size.width - left / size.width,
          height: Math.min(y + height, size.height) / size.height - top / size.height,
        };
        return { box, score: face.score, descriptor: Array.from(face.embedding!) };
      })
      .filter((face) => face.box.width > 0 && face.box.height > 0 && face.box.x < 1 && face.box.y < 1)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    input.dispose();
  }
  if (options.crops) for (const face of faces) face.crop = await cropOf(data, size, face.box);
  return { ...size, faces };
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
