/**
 * The photo benchmark's upload client, in a process of its own (forked by bench/photos.ts): it
 * sends the camera files as the web app does, one file per request and three at a time, and
 * answers how long each batch took. Run apart so that its copies of 5 MB files (typed array,
 * Blob, request pieces) are not collected by the server's garbage collector nor sent from the
 * server's event loop.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { nth } from './helpers';

/** What the benchmark tells the client once: where to send which files. */
export interface ClientSetup {
  files: string[];
  targets: string[];
  token: string;
  uploadsAtOnce: number;
}

/** Then, per batch: how many uploads; the client answers the seconds they took. */
export interface ClientBatch {
  count: number;
}

function send(message: { seconds: number } | { error: string }) {
  process.send!(message);
}

let setup: { files: Buffer[]; targets: string[]; token: string; uploadsAtOnce: number } | undefined;

async function upload(i: number) {
  const { files, targets, token } = setup!;
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(nth(files, i))], { type: 'image/jpeg' }), `foto-${i}.jpg`);
  const res = await fetch(nth(targets, i), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

async function batch(count: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: setup!.uploadsAtOnce }, async () => {
      for (let i = next++; i < count; i = next++) await upload(i);
    }),
  );
  return (performance.now() - started) / 1000;
}

process.on('message', (message: ClientSetup | ClientBatch) => {
  if ('files' in message) {
    setup = { ...message, files: message.files.map((file) => fs.readFileSync(file)) };
    send({ seconds: 0 });
    return;
  }
  batch(message.count).then(
    (seconds) => send({ seconds }),
    (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
  );
});
