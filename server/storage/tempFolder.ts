/**
 * Scratch folders under the system's temporary folder (uploads being received, a photo's sizes
 * being made, a book being written, a journal of migrations): each is new and empty, named by
 * what it is for, and `remove()` takes it with everything in it (no error when already gone).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface TempFolder {
  path: string;
  remove(): Promise<void>;
}

/** A new temporary folder whose name starts `yp-<use>-`. */
export async function tempFolder(use: string): Promise<TempFolder> {
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), `yp-${use}-`));
  return { path: folder, remove: () => fsp.rm(folder, { recursive: true, force: true }) };
}

/** The same, made and removed synchronously (for code that cannot wait). */
export function tempFolderSync(use: string): { path: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `yp-${use}-`));
  return { path: folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
