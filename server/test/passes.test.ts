/**
 * CI's second pass (PGlite) runs only the test files that open a database. The split is a list in
 * vitest.config.ts; this holds the list to the code: a file listed as database-free whose imports reach
 * the database client, or that starts the server, would lose its PGlite run, and it fails here;
 * so does a file outside the list that reaches no database, which would run twice for nothing. A file
 * that runs in the second pass only (its subject is not the database) must open one, and must have a
 * file of its folder beside it that runs on both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { databaseFree, fileStorePassOnly, pgliteOnly, postgresOnly } from '../../vitest.config';

const root = path.resolve(import.meta.dirname, '..', '..');
const databaseClient = 'server/db/client.ts';

/** Every test file Vitest's include finds, from the repository's root. */
function testFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(file);
    }
  };
  for (const folder of ['common', 'server', 'web']) walk(folder);
  return found.sort();
}

/** A listed pattern is a folder with everything under it (`folder/**`) or one file. */
function matches(pattern: string, file: string): boolean {
  return pattern.endsWith('/**') ? file.startsWith(pattern.slice(0, -2)) : file === pattern;
}

/** Whether a test file can open a database: its imports reach the client, or it starts the server itself. */
async function opensDatabase(files: string[]): Promise<Map<string, boolean>> {
  const { metafile } = await build({
    entryPoints: files.map((file) => path.join(root, file)),
    absWorkingDir: root,
    outdir: path.join(root, '.tmp', 'passes'),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const reaches = new Map<string, boolean>();
  for (const output of Object.values(metafile.outputs)) {
    if (!output.entryPoint) continue;
    const source = fs.readFileSync(path.join(root, output.entryPoint), 'utf8');
    const startsServer = /['"](server\/main\.ts|scripts\/start\.mjs)['"]/.test(source);
    reaches.set(output.entryPoint, startsServer || databaseClient in output.inputs);
  }
  return reaches;
}

describe("CI's two test passes", () => {
  it('run every test file at least once, and each file that opens a database on both databases', async () => {
    const files = testFiles();
    for (const pattern of [...databaseFree, ...pgliteOnly, ...postgresOnly, ...fileStorePassOnly]) {
      expect(
        files.some((file) => matches(pattern, file)),
        `${pattern} names no test file`,
      ).toBe(true);
    }
    const free = files.filter((file) => databaseFree.some((pattern) => matches(pattern, file)));
    const embedded = files.filter((file) => pgliteOnly.includes(file));
    const onPostgres = files.filter((file) => postgresOnly.includes(file));
    const onePass = files.filter((file) => fileStorePassOnly.includes(file));
    expect(
      onPostgres.filter((file) => free.includes(file) || embedded.includes(file) || onePass.includes(file)),
      'listed as PostgreSQL-only and as database-free, PGlite-only or file-store-pass-only',
    ).toEqual([]);
    expect(
      free.filter((file) => embedded.includes(file) || onePass.includes(file)),
      'listed both as database-free and as PGlite-only or file-store-pass-only',
    ).toEqual([]);
    expect(
      embedded.filter((file) => onePass.includes(file)),
      'listed both as PGlite-only and as file-store-pass-only',
    ).toEqual([]);

    const reaches = await opensDatabase(files);
    expect([...reaches.keys()].sort()).toEqual(files);
    const opens = (file: string) => reaches.get(file) === true;
    expect(
      free.filter((file) => opens(file)),
      'listed as database-free in vitest.config.ts, but they open a database',
    ).toEqual([]);
    expect(
      onePass.filter((file) => !opens(file)),
      'listed as file-store-pass-only, but they open no database: list them as database-free',
    ).toEqual([]);
    const both = files.filter((file) => !free.includes(file) && !embedded.includes(file) && !onePass.includes(file));
    expect(
      both.filter((file) => !opens(file)),
      'open no database: list them as database-free in vitest.config.ts',
    ).toEqual([]);
    // A file run in one pass has a file beside it, on its area's queries, that runs on both.
    const folder = (file: string) => path.dirname(file);
    expect(
      onePass.filter((file) => !both.some((other) => folder(other) === folder(file))),
      'file-store-pass-only files with no file of their folder on both databases',
    ).toEqual([]);
    // The split is no accident of this machine: there are files of each kind.
    expect(free.length).toBeGreaterThan(0);
    expect(both.length).toBeGreaterThan(0);
  }, 60_000);
});
