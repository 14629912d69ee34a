/**
 * `npm run build`: the whole app once, into dist/.
 *   dist/web/     the web app (Vite), every text asset also as .br and .gz; the sign-in pages'
 *                 markup drawn into copies of index.html under dist/web/prerendered/
 *   dist/server/  the server compiled to plain JavaScript (esbuild), its SQL migrations beside it
 *   dist/.build-stamp  written last; `npm start` compares it with the sources
 * Plain JavaScript, so that it runs with node alone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/**
 * Draws the sign-in pages (web/prerender.tsx, built for node) into copies of the built index.html,
 * dist/web/prerendered/<path>.html, which the server sends for those paths.
 */
async function prerenderPages() {
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const out = path.join(dist, 'prerender');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn', '--ssr', 'prerender.tsx', '--outDir', out], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('prerender build failed');
  // The page modules read the browser's storage and address; at build time both are empty.
  const memory = new Map();
  globalThis.localStorage ??= { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, v), removeItem: (k) => memory.delete(k) };
  globalThis.window ??= { location: new URL('http://localhost/') };
  process.env.NODE_ENV = 'production';
  const { prerender, prerenderedPages } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  for (const { path: page, page: element, html: template } of prerenderedPages) {
    const html = fs
      .readFileSync(path.join(dist, 'web', template), 'utf8')
      // Mantine's colours hang on the scheme the app sets on <html> when it starts.
      .replace('<html lang="tr">', '<html lang="tr" data-mantine-color-scheme="light">')
      // Inert and disabled until the app draws its own in its place: nothing typed is lost.
      .replace('<div id="root"></div>', `<div id="root"><div inert aria-disabled="true">${prerender(page, element)}</div></div>`)
      // The app starts after the drawn page's first paint (web/public/after-paint.js; a tab in the
      // background, which paints nothing, starts it at once): reading and running the app's code
      // does not hold back that paint on a slow phone. Its files are still fetched at once (the
      // modulepreload links stay).
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<script defer src="/after-paint.js" data-app="$1"></script>');
    if (!html.includes('<div inert') || !html.includes('data-app=')) throw new Error(`${template} is not the page the drawing expects`);
    const file = path.join(dist, 'web', 'prerendered', `${page.slice(1)}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  }
  fs.rmSync(out, { recursive: true, force: true });
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
  await prerenderPages();
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
