/**
 * `npm run build`: the whole app once, into dist/.
 *   dist/web/     the web app (Vite), every text asset also as .br and .gz
 *   dist/server/  the server compiled to plain JavaScript (esbuild), its SQL migrations beside it
 *   dist/.build-stamp  written last; `npm start` compares it with the sources
 * Plain JavaScript, so that it runs with node alone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
export const stampFile = path.join(dist, '.build-stamp');

/** The compiled entry points, each a file directly under dist/server (paths.ts relies on it). */
const serverEntries = { main: 'server/main.ts', cli: 'server/cli.ts', worker: 'server/workers/worker.ts' };

/** Text assets worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function buildWeb() {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

async function buildServer() {
  const esbuild = await import('esbuild');
  const out = path.join(dist, 'server');
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([name, entry]) => [name, path.join(root, entry)])),
    outdir: out,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies stay in node_modules (installed with `npm ci --omit=dev` in production).
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
  fs.copyFileSync(path.join(root, 'server', 'db', 'pgliteWorker.mjs'), path.join(out, 'pgliteWorker.mjs'));
  fs.cpSync(path.join(root, 'server', 'typesetting', 'profiles'), path.join(out, 'profiles'), { recursive: true });
}

/** Brotli (best) and gzip (best) copies beside each text asset, kept only where they are smaller. */
export async function precompress(folder) {
  let written = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = fs.statSync(file).size;
    if (size < MIN_BYTES) continue;
    const variants = [
      ['.br', () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })],
      ['.gz', () => zlib.createGzip({ level: 9 })],
    ];
    for (const [suffix, compressor] of variants) {
      await pipeline(fs.createReadStream(file), compressor(), fs.createWriteStream(file + suffix));
      if (fs.statSync(file + suffix).size >= size * 0.95) fs.rmSync(file + suffix);
      else written++;
    }
  }
  return written;
}

export async function build() {
  const started = Date.now();
  fs.rmSync(stampFile, { force: true });
  buildWeb();
  await buildServer();
  const compressed = await precompress(path.join(dist, 'web'));
  fs.writeFileSync(stampFile, `${new Date().toISOString()}\n`);
  console.log(`build: web, server and ${compressed} compressed assets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** What the build reads: source folders (tests left out) and the files that steer the build. */
const SOURCE_FOLDERS = ['common', 'server', 'web'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build.mjs'];
const isTestFile = (name) => /\.(test|spec)\.tsx?$/.test(name);
const testKit = path.join(root, 'server', 'test');

function newestSourceTime() {
  let newest = 0;
  const see = (file) => {
    newest = Math.max(newest, fs.statSync(file).mtimeMs);
  };
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) see(path.join(root, file));
  for (const folder of SOURCE_FOLDERS) {
    const base = path.join(root, folder);
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { withFileTypes: true, recursive: true })) {
      const inTestKit = entry.parentPath === testKit || entry.parentPath.startsWith(testKit + path.sep);
      if (entry.isFile() && !isTestFile(entry.name) && !inTestKit) see(path.join(entry.parentPath, entry.name));
    }
  }
  return newest;
}

export function buildIsCurrent() {
  if (!fs.existsSync(stampFile)) return false;
  if (!fs.existsSync(path.join(root, 'server'))) return true; // a deployed build without sources
  return fs.statSync(stampFile).mtimeMs >= newestSourceTime();
}

/** Builds when dist/ is missing or older than the sources; otherwise touches nothing. */
export async function ensureBuilt() {
  if (buildIsCurrent()) return;
  console.log('Building the app (the sources are newer than dist/)…');
  await build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
