/**
 * Students benchmark: importing 10 000 students from an XLSX through the import calls
 * (preview + all-or-nothing commit), and deriving the stored sizes of 500 photos of 12 MP.
 * Runs on PGlite by default, on PostgreSQL with DATABASE_URL. Sizes can be lowered with
 * BENCH_STUDENTS / BENCH_PHOTOS for a quick run.
 *   node --import tsx bench/students.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { derivePhoto } from '../server/images/photos';
import { newPhotoKey, putPhotoFiles } from '../server/areas/photos/writes';
import { diskStore } from '../server/storage/store';
import { nth, sampleStudents } from './helpers';
import { sampleXlsx } from '../server/areas/imports/sampleFiles';
import { startTestDatabase } from '../server/test/database';
import { createWorld, PASSWORD } from '../server/test/fixtures';
import { formData } from '../server/test/multipart';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 500);

async function importBench() {
  const database = await startTestDatabase();
  const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', IMPORT_MAX_ROWS: String(STUDENTS + 10), IMPORT_MAX_BYTES: String(50 * 1024 * 1024) });
  const app = await buildApp({ database, config });
  try {
    const world = await createWorld(database.db);
    const login = await app.inject({ method: 'POST', url: '/api/school/login', payload: { email: 'okul@test.test', password: PASSWORD } });
    const token = login.json().token as string;
    const rows = sampleStudents(STUDENTS);
    const file = sampleXlsx(rows);
    const call = async (url: string) => {
      const { payload, headers } = formData([{ name: 'file', fileName: 'ogrenciler.xlsx', data: file }]);
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms: performance.now() - started, body: res.json() };
    };
    const base = `/api/school/schools/${world.school.id}/students/import`;
    const preview = await call(`${base}/preview`);
    const commit = await call(base);
    const again = await call(base);
    return {
      rows: STUDENTS,
      fileBytes: file.length,
      previewMs: Math.round(preview.ms),
      commitMs: Math.round(commit.ms),
      created: commit.body.created,
      reimportMs: Math.round(again.ms),
      reimportSkipped: again.body.skipped,
      studentsPerSecond: Math.round(STUDENTS / ((preview.ms + commit.ms) / 1000)),
    };
  } finally {
    await app.close();
    await database.drop();
  }
}

async function photoBench() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-bench-photos-'));
  const store = diskStore(dir);
  try {
    // A few distinct 12 MP (4000×3000) JPEGs with detail, like a camera's; each is derived many times.
    const sources = await Promise.all(
      ['#884422', '#224488', '#448822', '#666666'].map((background, i) =>
        sharp({ create: { width: 4000, height: 3000, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 30 + i } } })
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    );
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const input = nth(sources, i);
      bytes += input.length;
      const photo = await derivePhoto(input, { maxPixels: 60_000_000 });
      await putPhotoFiles(store, newPhotoKey(0), photo);
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      photos: PHOTOS,
      megapixels: 12,
      averageInputMB: Math.round((bytes / PHOTOS / 1024 / 1024) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      photosPerSecond: Math.round((PHOTOS / seconds) * 100) / 100,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runStudentsBench() {
  sharp.concurrency(0);
  const imports = await importBench();
  console.log('students import (XLSX → preview + commit):', JSON.stringify(imports));
  const photos = PHOTOS > 0 ? await photoBench() : null;
  if (photos) console.log('photo sizes (12 MP → thumb, display, download, original):', JSON.stringify(photos));
  return { imports, photos };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runStudentsBench();
}
