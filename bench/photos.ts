/**
 * Photo upload benchmark: the upload endpoint's photos per second against the floor, which is
 * sharp doing exactly the endpoint's image work (lossless metadata strip of the original, the
 * chain 3000 → 1280 → 240 encoded as JPEG) two photos at a time, on the same 12 MP files. The
 * endpoint is called over HTTP as the web app calls it: one file per request, three at a time,
 * from a client in a process of its own (bench/photosClient.ts). In the server's process, the
 * client's copies of each 5 MB file were collected by the server's garbage collector and its
 * sending took the server's event loop, a cost no real upload puts on the server. Rounds alternate endpoint and floor so that a busy neighbour on a shared machine weighs on
 * both; the figure is the median of the rounds' ratios.
 *   node --import tsx bench/photos.ts      (BENCH_ROUNDS, BENCH_ROUND_PHOTOS to change sizes)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { stripJpegMetadata } from '../server/images/jpegStrip';
import { startTestDatabase } from '../server/test/database';
import { createWorld, PASSWORD } from '../server/test/fixtures';
import { nth, percentile } from './helpers';
import type { ClientBatch, ClientSetup } from './photosClient';

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const ROUND_PHOTOS = Number(process.env.BENCH_ROUND_PHOTOS ?? 12);
/** Uploads on their way at once, as the web app sends them (see PhotoPicker). */
const UPLOADS_AT_ONCE = 3;
/** The floor's photos at a time. */
const FLOOR_AT_ONCE = 2;
const GOAL = 0.8;

/** A few distinct 12 MP (4000×3000) camera-like JPEGs: detail, EXIF with a location. */
function cameraFiles(): Promise<Buffer[]> {
  return Promise.all(
    ['#884422', '#224488', '#448822', '#666666'].map((background, i) =>
      sharp({ create: { width: 4000, height: 3000, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 18 + i } } })
        .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 55/1 12/1' } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
}

/** Runs `work` for items 0..count-1, `parallel` at a time; answers the seconds it took. */
async function timed(count: number, parallel: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** The upload client in its own process; `uploads(count)` answers the seconds `count` uploads took. */
async function startClient(setup: ClientSetup) {
  const child = fork(path.join(import.meta.dirname, 'photosClient.ts'), { execArgv: process.execArgv, stdio: 'inherit' });
  let pending: { resolve: (seconds: number) => void; reject: (error: Error) => void } | undefined;
  child.on('message', (answer: { seconds: number } | { error: string }) => {
    if ('error' in answer) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer.seconds);
  });
  child.on('exit', (code) => pending?.reject(new Error(`upload client exited (${code})`)));
  const ask = (message: ClientSetup | ClientBatch) =>
    new Promise<number>((resolve, reject) => {
      pending = { resolve, reject };
      child.send(message);
    });
  await ask(setup);
  return { uploads: (count: number) => ask({ count }), stop: () => child.kill() };
}

/** The floor: exactly the image work of one upload, nothing else. */
async function floorPhoto(input: Buffer): Promise<void> {
  const meta = await sharp(input).metadata();
  stripJpegMetadata(input, meta.orientation ?? 1);
  const raw = async (image: Sharp) => image.raw().toBuffer({ resolveWithObject: true });
  const big = await raw(sharp(input).rotate().resize({ width: 3000, height: 3000, fit: 'inside', withoutEnlargement: true }));
  const asInput = (r: { data: Buffer; info: OutputInfo }) => sharp(r.data, { raw: { width: r.info.width, height: r.info.height, channels: r.info.channels } });
  const middle = await raw(asInput(big).resize({ width: 1280, height: 1280, fit: 'inside' }));
  const small = await raw(asInput(middle).resize({ width: 240, height: 240, fit: 'inside' }));
  await Promise.all([
    asInput(big).jpeg({ quality: 90 }).toBuffer(),
    asInput(middle).jpeg({ quality: 82 }).toBuffer(),
    asInput(small).jpeg({ quality: 75 }).toBuffer(),
  ]);
}

export async function runPhotosBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-bench-upload-'));
  const database = await startTestDatabase();
  const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ database, config });
  let client: Awaited<ReturnType<typeof startClient>> | undefined;
  try {
    const world = await createWorld(database.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/school/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'okul@test.test', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const files = await cameraFiles();
    const filePaths = files.map((file, i) => {
      const filePath = path.join(dataDir, `camera-${i}.jpg`);
      fs.writeFileSync(filePath, file);
      return filePath;
    });
    // The fixture school's own students (the first three are in its first branch).
    const targets = world.students.slice(0, 3).map((student) => `${address}/api/school/students/${student.id}/photos`);
    client = await startClient({ files: filePaths, targets, token, uploadsAtOnce: UPLOADS_AT_ONCE });
    const uploads = client.uploads;
    // One of each first: code and libraries loaded, caches warm.
    await uploads(UPLOADS_AT_ONCE);
    await timed(FLOOR_AT_ONCE, FLOOR_AT_ONCE, (i) => floorPhoto(nth(files, i)));

    const rounds: Array<{ endpoint: number; floor: number; ratio: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const endpoint = ROUND_PHOTOS / (await uploads(ROUND_PHOTOS));
      const floor = ROUND_PHOTOS / (await timed(ROUND_PHOTOS, FLOOR_AT_ONCE, (i) => floorPhoto(nth(files, i))));
      rounds.push({ endpoint, floor, ratio: endpoint / floor });
      console.log(`round ${round + 1}: endpoint ${endpoint.toFixed(2)} photos/s, floor ${floor.toFixed(2)} photos/s, ratio ${(endpoint / floor).toFixed(2)}`);
    }
    const ratio = percentile(
      rounds.map((r) => r.ratio),
      50,
    );
    const summary = {
      cores: os.availableParallelism(),
      averageInputMB: Math.round((files.reduce((sum, f) => sum + f.length, 0) / files.length / 1024 / 1024) * 10) / 10,
      endpointPhotosPerSecond:
        Math.round(
          percentile(
            rounds.map((r) => r.endpoint),
            50,
          ) * 100,
        ) / 100,
      floorPhotosPerSecond:
        Math.round(
          percentile(
            rounds.map((r) => r.floor),
            50,
          ) * 100,
        ) / 100,
    };
    console.log('photo upload (12 MP, one file per request, three at a time; floor two at a time):', JSON.stringify(summary));
    console.log(`ratio photos ${ratio.toFixed(2)}`);
    return { ...summary, ratio };
  } finally {
    client?.stop();
    await app.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ratio } = await runPhotosBench();
  if (ratio < GOAL) {
    console.error(`photo upload below its goal: ${ratio.toFixed(2)} < ${GOAL} of the floor`);
    process.exitCode = 1;
  }
}
