/**
 * The API test kit: one app and database per test file, rows reset before each test, and a
 * small client that signs in as a fixture account and calls /api/{level}/… through inject().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { startTestDatabase, type TestDatabase } from './database';
import { createWorld, PASSWORD, type Account, type World } from './fixtures';
import { formData, type Part } from './multipart';

interface Response<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: string;
}

export interface ApiTestKit {
  app: FastifyInstance;
  database: TestDatabase;
  world: World;
  config: Config;
  /** Signs in as a fixture account; the client calls under that account's level. */
  as(account: Account): Promise<Caller>;
  /** The stored version of a row, which an edit sends back (a stale one is refused with 409). */
  versionOf(table: PgTable & { id: PgColumn; version: PgColumn }, id: number): Promise<number>;
  /** Calls without a token. */
  call(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface Caller {
  token: string;
  level: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
  put(path: string, body?: unknown): Promise<Response>;
  del(path: string): Promise<Response>;
  /** A POST that must answer a PDF (200, application/pdf): its bytes. */
  pdf(path: string, body?: unknown): Promise<Buffer>;
  /** A multipart/form-data POST, as the web app's form-data mode sends it. */
  upload(path: string, parts: Part[]): Promise<Response>;
  /** Any call at any level's prefix with this caller's token. */
  raw(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** The item of a call that must have succeeded: a status other than 200 fails the test with the answer. */
export function itemOf(res: Response): Record<string, any> {
  expect(res.status, res.raw).toBe(200);
  return res.body.item;
}

/** Sets up the kit for the current test file (call at the top of the file). */
export function useApiTestKit(env: Record<string, string> = {}, options: { webRoot?: () => string; onRoute?: AppOptions['onRoute'] } = {}): ApiTestKit {
  const kit = {} as ApiTestKit;

  const call: ApiTestKit['call'] = async (method, url, payload, headers = {}) => {
    const res = await kit.app.inject({ method, url, payload: payload as InjectOptions['payload'], headers });
    let body: any;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  };

  // A data folder of the file's own: files run side by side, each database numbers its jobs and
  // photos from 1, and one shared folder would let one file's book overwrite another's.
  let ownDataDir: string | null = null;
  beforeAll(async () => {
    if (!env.DATA_DIR) ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-api-'));
    kit.config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', CHECK_ANSWERS: '1', ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env });
    kit.database = await startTestDatabase();
    // A run with FILE_STORE=s3 keeps this file's files in a bucket of its own (see globalSetup.ts).
    const s3 = inject('s3Endpoint');
    // Loaded only then: the disk runs do not pay for the S3 client's start.
    const storage = s3 ? await (await import('./s3Server')).freshBucketStorage(s3) : undefined;
    kit.app = await buildApp({ database: kit.database, config: kit.config, storage, webRoot: options.webRoot?.(), onRoute: options.onRoute });
    await kit.app.ready();
  });
  afterAll(async () => {
    await kit.app?.close();
    await kit.database?.drop();
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await kit.database.reset();
    kit.world = await createWorld(kit.database.db);
  });

  kit.call = call;
  kit.versionOf = async (table, id) => {
    const [row] = await kit.database.db
      .select({ version: table.version })
      .from(table as PgTable)
      .where(eq(table.id, id));
    if (!row) throw new Error(`no row ${id}`);
    return row.version as number;
  };
  kit.as = async (account) => {
    const login = await call('POST', `/api/${account.level}/login`, { email: account.email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed for ${account.email}: ${login.raw}`);
    const token = login.body.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const prefix = `/api/${account.level}/`;
    const path = (p: string) => prefix + p.replace(/^\//, '');
    return {
      token,
      level: account.level,
      get: (p) => call('GET', path(p), undefined, auth),
      post: (p, body) => call('POST', path(p), body ?? {}, auth),
      put: (p, body) => call('PUT', path(p), body ?? {}, auth),
      del: (p) => call('DELETE', path(p), undefined, auth),
      pdf: async (p, body) => {
        const res = await kit.app.inject({ method: 'POST', url: path(p), headers: auth, payload: body as InjectOptions['payload'] });
        expect(res.statusCode, res.payload).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        return res.rawPayload;
      },
      upload: (p, parts) => {
        const form = formData(parts);
        return call('POST', path(p), form.payload, { ...form.headers, ...auth });
      },
      raw: (method, url, payload, headers = {}) => call(method, url, payload, { ...auth, ...headers }),
    };
  };
  return kit;
}

/**
 * Bad input: the call answers `status` (400 unless told) naming the field with its Turkish
 * message, and writes nothing: `count` is the same after it as before.
 */
export async function expectRefused(count: () => Promise<number>, call: () => Promise<Response>, field: string, message: string, status = 400) {
  const before = await count();
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.errors?.[field]).toBe(message);
  expect(await count()).toBe(before);
  return res;
}
