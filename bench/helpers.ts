/** Small helpers the benchmarks share. */
import pg from 'pg';
import type { SampleRow } from '../server/areas/imports/sampleFiles';

/** The p-th percentile of timings (nearest rank): 50 is the median, 100 the slowest. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  if (value === undefined) throw new Error('no timings to take a percentile of');
  return value;
}

/** The i-th item of a list gone round as often as needed. */
export function nth<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new Error('nothing to go round');
  return item;
}

/** An empty database of this name on the server of `baseUrl` (dropped first if it is there); answers its URL. */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `count` students of an import sheet, spread over grades 9–12 and ten sections, numbered from 10000. */
export function sampleStudents(count: number): SampleRow[] {
  const sections = ['A', 'B', 'C', 'Ç', 'D', 'E', 'F', 'G', 'Ğ', 'H'];
  return Array.from({ length: count }, (_, i) => [
    String(10_000 + i),
    `Öğrenci${i}`,
    `Soyadı${i % 977}`,
    i % 2 ? 'Erkek' : 'Kız',
    `${9 + (i % 4)}/${sections[i % sections.length]}`,
  ]);
}
