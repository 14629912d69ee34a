/**
 * Backup and restore as an operator meets them: a demo database with photos and a logo goes
 * into one archive and comes back whole in a fresh database and data folder; unsafe,
 * newer or misdirected restores are refused; a PGlite folder is used by one process at a time.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the commands always on PGlite).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { diskStorage } from '../storage/store';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { auditLog, erasures, notifications, photos, students } from '../db/schema';
import { tr } from '../../common/tr';
import { insertOne, single } from '../db/rows';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { createPostgresDatabase, startTestDatabase, type TestDatabase } from '../test/database';
import { formData } from '../test/multipart';
import { isAllowedEntry, scanArchive } from './archive';
import { createBackup } from './backup';
import { appMigrations, migrationTime } from './migrations';
import { restoreBackup } from './restore';

const root = path.resolve(import.meta.dirname, '..', '..');
const baseUrl = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-backup-'));
const dropLater: Array<() => Promise<void>> = [];

let source: TestDatabase;
let sourceDir: string;
let archive: string;
let added: { studentId: number; storageKey: string };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under DATA_DIR/files and DATA_DIR/branding → its sha256. */
function storedFiles(dataDir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const folder of ['files', 'branding']) {
    const base = path.join(dataDir, folder);
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isFile()) found[path.relative(dataDir, file)] = sha256(fs.readFileSync(file));
    }
  }
  return found;
}

/** Per table its row count and a digest of its rows, in a form both databases print alike. */
async function tableContents(db: Db): Promise<Record<string, { rows: number; digest: string | null }>> {
  const tables = await db.execute<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  const contents: Record<string, { rows: number; digest: string | null }> = {};
  for (const { tablename } of tables.rows) {
    const rows = sql`SELECT row_to_json(t)::text AS line FROM ${sql.identifier(tablename)} t`;
    const result = await db.execute<{ n: number; digest: string | null }>(
      sql`SELECT count(*)::int AS n, md5(string_agg(line, E'\n' ORDER BY line)) AS digest FROM (${rows}) r`,
    );
    const { n, digest } = single(result.rows);
    contents[tablename] = { rows: n, digest };
  }
  return contents;
}

/** An empty place to restore into: a new data folder, and with DATABASE_URL a new database. */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'target-'));
  if (!baseUrl) return { dataDir };
  const database = await createPostgresDatabase(baseUrl, 'yp_restore');
  dropLater.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

/** An archive of our layout with the given manifest changes and extra entries (paths relative to `inner`). */
async function craftArchive(name: string, manifestChanges: Record<string, unknown>, prepare: (inner: string) => string[] = () => []): Promise<string> {
  const outer = fs.mkdtempSync(path.join(tmp, 'craft-'));
  const inner = path.join(outer, 'inner');
  fs.mkdirSync(inner);
  const { manifest } = await scanArchive(archive);
  fs.writeFileSync(path.join(inner, 'manifest.json'), JSON.stringify({ ...manifest, tables: [], ...manifestChanges }));
  const file = path.join(tmp, name);
  await create({ gzip: true, file, cwd: inner, preservePaths: true }, ['manifest.json', ...prepare(inner)]);
  return file;
}

function runCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * An archive as the app wrote it before notifications had a search key (migration 0003),
 * restored into a fresh target. Shared by two tests, made once.
 */
let olderRestore: Promise<{ target: { dataDir: string; databaseUrl?: string } }> | undefined;
function restoredOlderArchive() {
  olderRestore ??= (async () => {
    const before = appMigrations().findIndex((m) => m.tag === '0003_notifications_search');
    const at = '2025-06-01T09:00:00+00:00';
    const studio = {
      id: 1,
      name: 'Eski Stüdyo',
      logo_path: null,
      phone: '',
      email: '',
      address: '',
      city_id: null,
      website: '',
      created_at: at,
      updated_at: at,
    };
    const notification = {
      id: 1,
      studio_id: 1,
      author_user_id: null,
      title: 'Yıl Sonu Töreni',
      body: 'Çarşamba İLK ders',
      target_type: 'all',
      target_id: null,
      school_id: null,
      branch_id: null,
      send_date: '2025-06-01',
      status: 'draft',
      sent_at: null,
      recipient_count: 0,
      created_at: at,
      updated_at: at,
    };
    const olderArchive = await craftArchive(
      'older.tar.gz',
      {
        migrations: { applied: before, latest: migrationTime(before) },
        tables: [
          { name: 'notifications', rows: 1 },
          { name: 'studios', rows: 1 },
        ],
      },
      (inner) => {
        fs.mkdirSync(path.join(inner, 'database'));
        fs.writeFileSync(path.join(inner, 'database', 'studios.jsonl'), JSON.stringify(studio) + '\n');
        fs.writeFileSync(path.join(inner, 'database', 'notifications.jsonl'), JSON.stringify(notification) + '\n');
        return ['database'];
      },
    );
    const target = await freshTarget();
    await restoreBackup({ file: olderArchive, ...target });
    return { target };
  })();
  return olderRestore;
}

/** The main archive restored by the restore command into a fresh PGlite data folder. Made once. */
let commandRestore: Promise<{ dataDir: string; run: Awaited<ReturnType<typeof runCli>> }> | undefined;
function restoredByCommand() {
  commandRestore ??= (async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'cli-'));
    return { dataDir, run: await runCli(['restore', archive], dataDir) };
  })();
  return commandRestore;
}

/**
 * The main archive restored into a fresh target of this run's kind. Made once: on PGlite it
 * is the restore command's folder (one restore fewer), on PostgreSQL a new database.
 */
let mainRestore: Promise<{ dataDir: string; databaseUrl?: string }> | undefined;
function restoredMainArchive() {
  mainRestore ??= (async () => {
    if (!baseUrl) {
      const { dataDir, run } = await restoredByCommand();
      if (run.code !== 0) throw new Error(`the restore command failed: ${run.stderr}`);
      return { dataDir };
    }
    const target = await freshTarget();
    await restoreBackup({ file: archive, ...target });
    return target;
  })();
  return mainRestore;
}

beforeAll(async () => {
  source = await startTestDatabase();
  sourceDir = fs.mkdtempSync(path.join(tmp, 'source-'));
  await seedDemo(source.db, diskStorage(sourceDir).photos);
  // One more student, its photo and the studio's logo, through the API as the studio manager adds them.
  const app = await buildApp({ database: source, config: loadConfig({ DATA_DIR: sourceDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }) });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const branchId = single(await source.db.select({ id: students.branchId }).from(students).orderBy(asc(students.id)).limit(1)).id;
    const created = await app.inject({
      method: 'POST',
      url: `/api/panel/branches/${branchId}/students`,
      headers,
      payload: { schoolNumber: '9001', firstName: 'Çağla', lastName: 'Işıkoğlu', gender: 'female' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const studentId: number = created.json().item.id;
    const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer();
    const photo = formData([{ name: 'files', fileName: 'cagla.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/panel/students/${studentId}/photos`,
      headers: { ...headers, ...photo.headers },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#224488' } })
      .png()
      .toBuffer();
    const logo = formData([{ name: 'file', fileName: 'logo.png', contentType: 'image/png', data: png }]);
    const logoSaved = await app.inject({ method: 'POST', url: '/api/panel/studio/logo', headers: { ...headers, ...logo.headers }, payload: logo.payload });
    expect(logoSaved.statusCode, logoSaved.body).toBe(200);
    const row = single(await source.db.select().from(photos).where(eq(photos.studentId, studentId)));
    added = { studentId, storageKey: row.storageKey };
  } finally {
    await app.close();
  }
  archive = path.join(tmp, 'yedek.tar.gz');
  await createBackup({ database: source, dataDir: sourceDir, file: archive });
  // The slow restores start together: the command's runs in its own process, on the other core.
  for (const restore of [restoredByCommand(), restoredOlderArchive(), restoredMainArchive()]) restore.catch(() => {});
}, 120_000);

afterAll(async () => {
  await source?.drop();
  for (const drop of dropLater) await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every row and every file into a fresh database and data folder', async () => {
    const target = await restoredMainArchive();
    const restored = await openDatabase(target);
    try {
      const { sessions, login_failures: _loginFailures, ...backedUp } = await tableContents(source.db);
      expect(sessions?.rows).toBeGreaterThan(0);
      const none = { rows: 0, digest: null };
      expect(await tableContents(restored.db)).toEqual({ ...backedUp, sessions: none, login_failures: none });

      const student = single(await restored.db.select().from(students).where(eq(students.id, added.studentId)));
      expect(student).toMatchObject({ firstName: 'Çağla', lastName: 'Işıkoğlu', schoolNumber: '9001' });
      expect(student).toEqual((await source.db.select().from(students).where(eq(students.id, added.studentId)))[0]);
      const photoRows = await restored.db.select().from(photos).where(eq(photos.studentId, added.studentId));
      expect(photoRows).toEqual(await source.db.select().from(photos).where(eq(photos.studentId, added.studentId)));
      expect(photoRows.map((p) => [p.storageKey, p.originalName, p.isPortrait])).toEqual([[added.storageKey, 'cagla.jpg', true]]);

      const files = storedFiles(target.dataDir);
      expect(files).toEqual(storedFiles(sourceDir));
      for (const size of ['thumb', 'display', 'download', 'original']) {
        const key = path.join('files', added.storageKey, `${size}.jpg`);
        expect(files[key], key).toBe(sha256(fs.readFileSync(path.join(sourceDir, key))));
      }
      expect(Object.keys(files)).toContain(path.join('branding', 'studio-logo', `${student.studioId}.webp`));

      const { max } = single(await restored.db.select({ max: sql<number>`max(${students.id})::int` }).from(students));
      const next = await insertOne(restored.db, students, {
        studioId: student.studioId,
        schoolId: student.schoolId,
        branchId: student.branchId,
        schoolNumber: '9002',
        firstName: 'Yeni',
        lastName: 'Öğrenci',
      });
      expect(next.id).toBe(max + 1);
      // Leaves the rows as restored for the tests that use this target too.
      await restored.db.delete(students).where(eq(students.id, next.id));
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('restores an archive made before a later migration, then applies that migration to the restored rows', async () => {
    const { target } = await restoredOlderArchive();
    const restored = await openDatabase(target);
    try {
      const [notification] = await restored.db.select().from(notifications);
      expect(notification).toMatchObject({ title: 'Yıl Sonu Töreni', searchKey: 'yil sonu toreni carsamba ilk ders' });
      const applied = await restored.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBe(appMigrations().length);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a target whose database or data folder is not empty, changing nothing', async () => {
    const { target: withRows } = await restoredOlderArchive();
    expect(storedFiles(withRows.dataDir)).toEqual({});
    await expect(restoreBackup({ file: archive, ...withRows })).rejects.toThrow(/boş değil[\s\S]*notifications, studios[\s\S]*is not empty/);
    const reopened = await openDatabase(withRows);
    try {
      const contents = await tableContents(reopened.db);
      expect([contents.studios?.rows, contents.notifications?.rows, contents.students?.rows]).toEqual([1, 1, 0]);
    } finally {
      await reopened.close();
    }
    expect(storedFiles(withRows.dataDir)).toEqual({});

    const withFile = await freshTarget();
    fs.mkdirSync(path.join(withFile.dataDir, 'files', 'photos'), { recursive: true });
    fs.writeFileSync(path.join(withFile.dataDir, 'files', 'photos', 'kalan.jpg'), 'x');
    await expect(restoreBackup({ file: archive, ...withFile })).rejects.toThrow(/Geri yükleme yalnızca boş[\s\S]*Restore works only into an empty/);
    expect(Object.keys(storedFiles(withFile.dataDir))).toEqual([path.join('files', 'photos', 'kalan.jpg')]);
  }, 60_000);

  it('refuses an archive made by a newer version of the app', async () => {
    const known = appMigrations().length;
    const newer = await craftArchive('newer.tar.gz', { migrations: { applied: known + 1, latest: Date.now() } });
    const target = await freshTarget();
    await expect(restoreBackup({ file: newer, ...target })).rejects.toThrow(
      new RegExp(`daha yeni bir sürümüyle[\\s\\S]*\\(${known + 1} database migrations; this version has ${known}\\)`),
    );
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });

  it('writes nothing outside the data folder from an archive with a ../ entry or a link', async () => {
    const escaping = await craftArchive('escaping.tar.gz', {}, (inner) => {
      fs.mkdirSync(path.join(inner, 'files'));
      fs.writeFileSync(path.join(inner, 'files', 'ok.jpg'), 'ok');
      fs.writeFileSync(path.join(inner, '..', 'evil.txt'), 'evil');
      return ['files', '../evil.txt'];
    });
    const linking = await craftArchive('linking.tar.gz', {}, (inner) => {
      fs.mkdirSync(path.join(inner, 'files'));
      fs.symlinkSync('../../../outside', path.join(inner, 'files', 'link'));
      return ['files'];
    });
    for (const [file, entry] of [
      [escaping, '../evil.txt'],
      [linking, 'files/link'],
    ] as const) {
      const parent = fs.mkdtempSync(path.join(tmp, 'parent-'));
      const dataDir = path.join(parent, 'data');
      await expect(restoreBackup({ file, dataDir })).rejects.toThrow(`izin verilmeyen bir girdi var: ${JSON.stringify(entry)}`);
      expect(fs.readdirSync(parent)).toEqual([]);
    }
    expect(fs.existsSync(path.join(tmp, 'outside'))).toBe(false);
  });

  it('accepts only plain files and folders at the places of the archive layout', () => {
    const allowed: Array<[string, string]> = [
      ['manifest.json', 'File'],
      ['database/', 'Directory'],
      ['database/students.jsonl', 'File'],
      ['files/photos/s1/ab12/thumb.jpg', 'File'],
      ['branding/studio-logo/', 'Directory'],
    ];
    const refused: Array<[string, string]> = [
      ['../evil', 'File'],
      ['files/../../evil', 'File'],
      ['/etc/passwd', 'File'],
      ['files/link', 'SymbolicLink'],
      ['files/hard', 'Link'],
      ['pglite/base/1', 'File'],
      ['database/students.sql', 'File'],
      ['database/x/y.jsonl', 'File'],
      ['files//a', 'File'],
      ['files\\..\\a', 'File'],
    ];
    expect(allowed.filter(([p, t]) => !isAllowedEntry(p, t))).toEqual([]);
    expect(refused.filter(([p, t]) => isAllowedEntry(p, t))).toEqual([]);
  });

  it('lets one process at a time use a PGlite data folder, the commands included', async () => {
    const { dataDir } = await restoredByCommand();
    const lock = path.join(dataDir, 'pglite.lock');
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        new RegExp(`Bu veri klasörü başka bir işlem tarafından kullanılıyor \\(pid ${process.pid}\\)[\\s\\S]*in use by another process`),
      );
      const busy = await runCli(['backup', path.join(tmp, 'busy.tar.gz')], dataDir);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`Bu veri klasörü başka bir işlem tarafından kullanılıyor (pid ${process.pid})`);
      expect(fs.existsSync(path.join(tmp, 'busy.tar.gz'))).toBe(false);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
    // A lock left by a process that has ended is taken over.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(lock, `${ended}\n`);
    const again = await openDatabase({ dataDir });
    expect(fs.readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
    await again.close();
  }, 60_000);

  it('runs as commands: restore into and backup of a PGlite data folder, refusing a second restore', async () => {
    const { dataDir, run: restored } = await restoredByCommand();
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const original = await scanArchive(archive);
    const rows = original.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `^restore: .*yedek\\.tar\\.gz → PGlite in .* — ${original.manifest.tables.length} tables, ${rows.toLocaleString('en')} rows, ${original.files} files .* s\\n$`,
      ),
    );

    const copy = path.join(tmp, 'cli', 'kopya.tar.gz');
    // The second restore is refused on the data folder's files, before it would reach the lock the backup holds.
    const [backedUp, overRestored, usage] = await Promise.all([
      runCli(['backup', copy], dataDir),
      runCli(['restore', archive], dataDir),
      runCli(['backup'], dataDir),
    ]);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^backup: .*kopya\.tar\.gz — \d+ tables, [\d,]+ rows, \d+ files, [\d.]+ MB in [\d.]+ s\n$/);
    const copied = await scanArchive(copy);
    expect(copied.manifest).toMatchObject({ database: 'pglite', tables: original.manifest.tables, migrations: original.manifest.migrations });
    expect([copied.files, copied.bytes]).toEqual([original.files, original.bytes]);
    expect(fs.readdirSync(path.dirname(copy))).toEqual(['kopya.tar.gz']);

    expect(overRestored.code).toBe(1);
    expect(overRestored.stderr).toMatch(
      /^Geri yükleme yalnızca boş[^\n]*\nRestore works only into an empty database and an empty data folder, but .*files is not empty/,
    );

    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('npm run backup -- <dosya.tar.gz>');
  }, 90_000);

  // Last: it erases a student in the source, which the tests above compare with.
  it('erases again, and says so, a student erased after the backup was taken', async () => {
    const app = await buildApp({ database: source, config: loadConfig({ DATA_DIR: sourceDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), jobs: { run: false } });
    let erasureId: number;
    try {
      const login = await app.inject({ method: 'POST', url: '/api/panel/login', payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD } });
      const erased = await app.inject({
        method: 'POST',
        url: `/api/panel/students/${added.studentId}/erase`,
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(erased.statusCode, erased.body).toBe(200);
      erasureId = erased.json().erasureId;
    } finally {
      await app.close();
    }
    // The operator empties the database and the photos, and keeps the data folder's erasure log.
    const dataDir = fs.mkdtempSync(path.join(tmp, 'erased-'));
    fs.cpSync(path.join(sourceDir, 'erasures'), path.join(dataDir, 'erasures'), { recursive: true });
    const run = await runCli(['restore', archive], dataDir);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`\n${tr.kvkk.reapplied(1)} / 1 erasures re-applied\n`);

    const restored = await openDatabase({ dataDir });
    try {
      expect(await restored.db.select().from(students).where(eq(students.id, added.studentId))).toEqual([]);
      expect(await restored.db.select().from(photos).where(eq(photos.studentId, added.studentId))).toEqual([]);
      expect(await restored.db.select({ id: erasures.id, studentId: erasures.studentId }).from(erasures)).toEqual([
        { id: erasureId, studentId: added.studentId },
      ]);
      const [again] = await restored.db.select().from(auditLog).where(eq(auditLog.action, 'erase-again'));
      expect(again).toMatchObject({ entity: 'student', entityId: added.studentId, changes: { erasureId } });
      // Everyone else is back as the backup had them.
      const others = sql`SELECT count(*)::int AS n FROM students WHERE id <> ${added.studentId}`;
      expect((await restored.db.execute<{ n: number }>(others)).rows).toEqual((await source.db.execute<{ n: number }>(others)).rows);
    } finally {
      await restored.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'files', added.storageKey))).toBe(false);
    expect(Object.keys(storedFiles(dataDir)).length).toBe(Object.keys(storedFiles(sourceDir)).length);
  }, 180_000);
});
