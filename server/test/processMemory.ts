/**
 * Reading a server process's memory from outside (Linux /proc), and what loads it: the memory
 * tests and the memory benchmark (bench/memory.ts) share these.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return ''; // the process has just ended
  }
};

/** The process and all its descendants. */
export function processTree(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => read(`/proc/${pid}/task/${task}/children`).split(/\s+/).filter(Boolean));
  return [pid, ...children.flatMap((child) => processTree(Number(child)))];
}

/** Resident memory of a process in bytes. */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`))?.[1] ?? 0) * 1024;

/** Proportional memory of a process in bytes: pages shared with other processes (node's own code) counted once between them. */
const pssOf = (pid: number) => Number(/^Pss:\s+(\d+) kB/m.exec(read(`/proc/${pid}/smaps_rollup`))?.[1] ?? 0) * 1024;

/** The resident memory of a process and its descendants, summed. */
export const treeRss = (pid: number) => processTree(pid).reduce((sum, p) => sum + rssOf(p), 0);
export const treePss = (pid: number) => processTree(pid).reduce((sum, p) => sum + pssOf(p), 0);

/** A 24 MB JPEG of noise (noise does not compress, so a modest picture makes a camera-sized file), cached under .tmp. */
export async function bigJpeg(): Promise<Buffer> {
  const file = path.join(root, '.tmp', 'noise-24mb.jpg');
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const width = 3300;
  const height = 2500;
  const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, jpeg);
  return jpeg;
}

/** Sends the files as one multipart request whose body is generated while it is sent. */
export function uploadBatch(url: string, token: string, file: Buffer, count: number): Promise<{ status: number; body: string }> {
  const boundary = `----ypmem${randomBytes(8).toString('hex')}`;
  async function* body() {
    for (let i = 0; i < count; i++) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="kamera-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      yield file;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    Readable.from(body()).pipe(request);
  });
}

/** The environment of a server started to be measured: our own, with a free port on 127.0.0.1, this data folder and these settings. */
export function measuredServerEnv(dataDir: string, settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...settings };
}
