/** DATA_DIR/files and DATA_DIR/branding as a restore finds and fills them. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DATA_FOLDERS } from './archive';
import { backupErrors } from './messages';

/** Whether anything but folders lies under `folder` (a missing folder holds nothing). */
async function holdsFiles(folder: string): Promise<boolean> {
  try {
    const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
    return entries.some((entry) => !entry.isDirectory());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function assertEmptyDataFolders(dataDir: string): Promise<void> {
  for (const name of DATA_FOLDERS) {
    const folder = path.join(dataDir, name);
    if (await holdsFiles(folder)) throw backupErrors.targetNotEmpty(folder);
  }
}

/** Moves the unpacked data folders from `staging` (inside DATA_DIR, so a rename) to their places. */
export async function moveDataFolders(staging: string, dataDir: string): Promise<void> {
  await assertEmptyDataFolders(dataDir);
  for (const name of DATA_FOLDERS) {
    const from = path.join(staging, name);
    const to = path.join(dataDir, name);
    if (!(await exists(from))) continue;
    await fs.rm(to, { recursive: true, force: true }); // empty folders at most, checked above
    await fs.rename(from, to);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
