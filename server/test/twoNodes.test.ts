/**
 * Two app nodes, as a hosted service runs them: two processes of the real server on one
 * PostgreSQL database and one S3 bucket, behind a round-robin proxy. A mix of work goes through
 * the proxy (photo uploads, students' messages, their moderation, a yearbook job) while one node
 * is killed (SIGKILL) in the middle of an upload and one in the middle of the job. Afterwards:
 * every write that was answered 2xx is there exactly once, no object in the bucket lacks its row
 * (the sweep round a start brings forward removes what the crash left), the job was finished by
 * the other node and reported done once, a photo URL signed by one node opens on the other, and
 * sign-in failures are counted across nodes. Nothing waits a set time: every wait is on a condition.
 * PostgreSQL only (two processes cannot share the embedded database).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { jobs, messages, photos, schools } from '../db/schema';
import { s3Client } from '../storage/s3';
import { createWorld, PASSWORD, type World } from './fixtures';
import { formData } from './multipart';
import { startS3Server, type TestS3 } from './s3Server';
import { serverHome } from './serverProcess';

const BUCKET = 'yp-two-nodes';
const METRICS_TOKEN = 'two-nodes-metrics-token-0123456789';
const home = serverHome('nodes');

interface Node {
  name: string;
  child: ChildProcess;
  url: string;
}

let s3: TestS3;
let database: Database;
let world: World;
const nodes = new Map<string, Node>();
const dataDirs: string[] = [];

/** The settings every node shares: one database, one bucket, one URL secret, small limits the test reaches. */
function nodeEnv(): NodeJS.ProcessEnv {
  const settings = s3.settings(BUCKET);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-node-'));
  dataDirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    FILE_STORE: 's3',
    S3_ENDPOINT: settings.endpoint,
    S3_REGION: settings.region,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    FILE_URL_SECRET: 'two-nodes-share-this-url-secret',
    METRICS_TOKEN,
    TRUST_PROXY: '1',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
    STUDENT_MESSAGES_PER_CLASSMATE: '20',
    // A killed node's job is taken over once its lease runs out.
    JOB_LEASE_SECONDS: '5',
    // The memory settings given, the server runs in the spawned process itself: kill -9 hits it.
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '8388608',
  };
}

async function startNode(name: string): Promise<Node> {
  const started = await home.start(nodeEnv());
  const node = { name, child: started.child, url: started.url };
  nodes.set(name, node);
  return node;
}

async function killNode(node: Node): Promise<void> {
  nodes.delete(node.name);
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGKILL');
  await exited;
}

/** The node a job runner's name (`<pid>-<tag>`) belongs to. */
const nodeOfRunner = (runner: string | null) => [...nodes.values()].find((node) => runner?.startsWith(`${node.child.pid}-`));

/**
 * A round-robin reverse proxy over the live nodes, as nginx with `proxy_next_upstream error`:
 * a node that refuses the connection is skipped (nothing was sent to it); a node that dies with a
 * request in flight answers 502. It notes which node got each request id.
 */
function startProxy(): Promise<{ url: string; nodeOf: Map<string, string>; close(): Promise<void> }> {
  let turn = 0;
  const nodeOf = new Map<string, string>();
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const live = [...nodes.values()];
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const attempt = (tried: number) => {
      const node = live[(turn + tried) % live.length];
      if (!node || tried >= live.length) return void response.writeHead(502).end('no node');
      const id = request.headers['x-request-id'];
      if (typeof id === 'string') nodeOf.set(id, node.name);
      let sent = false;
      const upstream = http.request(`${node.url}${request.url}`, {
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
      });
      upstream.on('socket', (socket) => socket.on('connect', () => (sent = true)));
      upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      });
      upstream.on('error', () => {
        if (!sent) attempt(tried + 1);
        else if (!response.headersSent) response.writeHead(502).end('node went away');
        else response.destroy();
      });
      upstream.end(body);
    };
    turn++;
    attempt(0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        nodeOf,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  database = await openDatabase({ databaseUrl: home.databaseUrl, dataDir: null });
  const { seedReferenceData } = await import('../db/seed/reference');
  await seedReferenceData(database.db);
  world = await createWorld(database.db);
  await database.db.update(schools).set({ code: 'IKIDUG' }).where(eq(schools.id, world.school.id));
  await Promise.all([startNode('a'), startNode('b')]);
  proxy = await startProxy();
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  for (const node of [...nodes.values()]) await killNode(node);
  await database?.close();
  await s3?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A call through the proxy; a node that died under it answers 502 (never thrown). */
async function call(
  method: string,
  pathname: string,
  options: { token?: string; json?: unknown; form?: ReturnType<typeof formData>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    Object.assign(headers, options.form.headers);
    body = new Uint8Array(options.form.payload);
  }
  try {
    const res = await fetch(`${proxy.url}${pathname}`, { method, headers, body });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, body: json, headers: res.headers };
  } catch {
    return { status: 0, body: null, headers: new Headers() };
  }
}

/** Every object under the photo store's prefix of the bucket. */
async function bucketKeys(): Promise<string[]> {
  const client = s3Client(s3.settings(BUCKET));
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'files/', ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((item) => item.Key!.slice('files/'.length)));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

const smallPhoto = (hue: number) =>
  sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 40 + hue, g: 120, b: 200 - hue } } })
    .jpeg({ quality: 80 })
    .toBuffer();

it('loses no accepted write, applies none twice, leaves no orphan object, and hands a killed node’s job to the other', async () => {
  const panel = (await call('POST', '/api/panel/login', { json: { email: 'panel@test.test', password: PASSWORD } })).body.token as string;
  expect(panel).toBeTruthy();
  const [me, classmate] = [world.students[0], world.students[1]];
  const issued = await call('POST', `/api/panel/students/${me.id}/access-code`, { token: panel });
  expect(issued.status).toBe(200);
  const student = (await call('POST', '/api/student/login', { json: { schoolCode: 'IKIDUG', schoolNumber: '101', accessCode: issued.body.code } })).body
    .token as string;
  expect(student).toBeTruthy();

  // What the nodes answered 2xx to, to be found afterwards.
  const accepted = { photos: [] as string[], messages: [] as string[], approvals: [] as number[] };
  let sent = 0;
  /** One round of the mix: photo uploads by staff, messages by a student, staff approving them. */
  async function mixRound(round: number) {
    const work: Array<Promise<void>> = [];
    for (let i = 0; i < 2; i++) {
      const name = `ders-${round}-${i}-Şükrü.jpg`;
      const target = world.students[i]!;
      work.push(
        (async () => {
          const form = formData([{ name: 'files', fileName: name, contentType: 'image/jpeg', data: await smallPhoto(round * 10 + i) }]);
          sent++;
          const res = await call('POST', `/api/panel/students/${target.id}/photos`, { token: panel, form });
          if (res.status === 200) accepted.photos.push(name);
        })(),
      );
    }
    for (let i = 0; i < 3; i++) {
      const text = `Tur ${round} anı ${i}: iyi ki tanıştık 🎓 مرحبا`;
      work.push(
        (async () => {
          sent++;
          const res = await call('POST', '/api/student/messages', { token: student, json: { toStudentId: classmate.id, body: text } });
          if (res.status !== 200) return;
          accepted.messages.push(text);
          const item = res.body.item as { id: number };
          const [row] = await database.db.select({ version: messages.version }).from(messages).where(eq(messages.id, item.id));
          sent++;
          const approval = await call('PUT', `/api/panel/messages/${item.id}`, { token: panel, json: { status: 'approved', version: row!.version } });
          if (approval.status === 200) accepted.approvals.push(item.id);
        })(),
      );
    }
    await Promise.all(work);
  }

  await mixRound(1);

  // A signed photo URL one node handed out opens on both: the secret is shared configuration.
  const listed = await call('GET', `/api/panel/students/${world.students[0].id}/photos`, { token: panel });
  expect(listed.status).toBe(200);
  const thumbUrl = (listed.body.items as Array<{ thumbUrl: string }>)[0]!.thumbUrl;
  for (const node of nodes.values()) {
    const res = await fetch(`${node.url}${thumbUrl}`);
    expect(res.status, node.name).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/jpeg');
  }

  // A batch of large photos, cut off by kill -9 while its node stores them; the mix goes on meanwhile.
  const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6a8caf' } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const before = new Set(await bucketKeys());
  const uploadId = 'two-nodes-cut-upload';
  const cut = call('POST', `/api/panel/students/${world.students[2].id}/photos`, {
    token: panel,
    headers: { 'x-request-id': uploadId },
    form: formData(Array.from({ length: 12 }, (_, i) => ({ name: 'files', fileName: `kesik-${i}.jpg`, contentType: 'image/jpeg', data: large }))),
  });
  await expect
    .poll(async () => (await bucketKeys()).some((key) => key.startsWith('incoming/') && !before.has(key)), { timeout: 120_000, interval: 20 })
    .toBe(true);
  const uploadNode = nodes.get(proxy.nodeOf.get(uploadId)!)!;
  const duringKill = mixRound(2);
  await killNode(uploadNode);
  expect((await cut).status).not.toBe(200);
  await duringKill;
  // The crash left the cut-off upload's files among the incoming ones.
  expect((await bucketKeys()).some((key) => key.startsWith('incoming/'))).toBe(true);

  // Its replacement starts (as a supervisor restarts a node); the start brings the sweep forward.
  await startNode(`${uploadNode.name}2`);
  await expect.poll(async () => (await bucketKeys()).filter((key) => key.startsWith('incoming/')), { timeout: 120_000, interval: 200 }).toEqual([]);

  // Sign-in failures from one address count on one counter whichever node answers them.
  const attacker = { 'x-forwarded-for': '198.51.100.23' };
  const answered: Array<{ status: number; node: string }> = [];
  for (let i = 0; i < 8; i++) {
    const id = `two-nodes-login-${i}`;
    const res = await call('POST', '/api/panel/login', {
      headers: { ...attacker, 'x-request-id': id },
      json: { email: `yok${i}@test.test`, password: 'yanlış-parola' },
    });
    answered.push({ status: res.status, node: proxy.nodeOf.get(id)! });
  }
  expect(answered.map((a) => a.status)).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
  expect(new Set(answered.map((a) => a.node)).size).toBe(2);

  // A yearbook job, its node killed while it runs; the other node takes it over.
  const queued = await call('POST', `/api/panel/branches/${world.branch.id}/yearbook`, { token: panel });
  expect(queued.status).toBe(200);
  const jobId = queued.body.job.id as number;
  const jobRow = async () => (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  await expect.poll(async () => (await jobRow()).status, { timeout: 120_000, interval: 20 }).toMatch(/^(running|done)$/);
  const holder = nodeOfRunner((await jobRow()).lockedBy);
  expect(holder, 'the job ran to its end before its node could be killed').toBeDefined();
  await killNode(holder!);
  const survivor = [...nodes.values()][0]!;
  await mixRound(3);
  await expect
    .poll(async () => nodeOfRunner((await jobRow()).lockedBy)?.name ?? (await jobRow()).status, { timeout: 120_000, interval: 100 })
    .toMatch(new RegExp(`^(${survivor.name}|done)$`));
  await expect.poll(async () => (await jobRow()).status, { timeout: 180_000, interval: 200 }).toBe('done');
  const finished = await jobRow();
  expect(finished.attempts).toBe(2);
  expect(finished.done).toBe(finished.total);
  // Done once: the one row of its kind for the branch, and one "done" in the survivor's metrics.
  const ofBranch = await database.db.select().from(jobs).where(eq(jobs.branchId, world.branch.id));
  expect(ofBranch.map((job) => [job.id, job.status])).toEqual([[jobId, 'done']]);
  const scraped = await (await fetch(`${survivor.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(scraped).toMatch(/yp_job_duration_seconds_count\{kind="yearbook",outcome="done"\} 1\n/);
  const downloaded = await call('GET', `/api/panel/yearbook-jobs/${jobId}/file`, { token: panel });
  expect(downloaded.status).toBe(200);

  // Every accepted write is there, once; approvals were applied once (one version step each).
  const photoRows = await database.db.select({ name: photos.originalName }).from(photos);
  const photoCounts = accepted.photos.map((name) => photoRows.filter((row) => row.name === name).length);
  const messageRows = await database.db.select({ id: messages.id, body: messages.body, status: messages.status }).from(messages);
  const messageCounts = accepted.messages.map((text) => messageRows.filter((row) => row.body === text).length);
  const approved = accepted.approvals.length
    ? await database.db.select({ status: messages.status }).from(messages).where(inArray(messages.id, accepted.approvals))
    : [];
  const approvalAudits = accepted.approvals.length
    ? (
        await database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'message' AND action = 'moderate' AND entity_id IN ${sql`(${sql.join(
            accepted.approvals.map((id) => sql`${id}`),
            sql`, `,
          )})`}`,
        )
      ).rows[0]!.n
    : 0;

  // No object lacks its row: photo folders are named by a photo, yearbook folders by a job.
  const named = new Set((await database.db.select({ key: photos.storageKey }).from(photos)).map((row) => row.key));
  const jobIds = new Set((await database.db.select({ id: jobs.id }).from(jobs)).map((row) => String(row.id)));
  const keys = await bucketKeys();
  const orphaned = keys.filter((key) => {
    const parts = key.split('/');
    if (parts[0] === 'photos') return !named.has(parts.slice(0, 3).join('/'));
    if (parts[0] === 'yearbooks') return !jobIds.has(parts[1]!);
    return true;
  });

  const writes = accepted.photos.length + accepted.messages.length + accepted.approvals.length;
  const found = photoCounts.filter((n) => n >= 1).length + messageCounts.filter((n) => n >= 1).length + approved.filter((m) => m.status === 'approved').length;
  const duplicated =
    photoCounts.filter((n) => n > 1).length + messageCounts.filter((n) => n > 1).length + Math.max(0, approvalAudits - accepted.approvals.length);
  console.log(
    `two nodes: ${sent} writes sent, ${writes} accepted, ${found} found, ${duplicated} duplicated; ` +
      `${keys.length} objects in the bucket, ${orphaned.length} orphaned; job ${jobId} done by node ${survivor.name} after ${finished.attempts} attempts; ` +
      `sign-in answers ${answered.map((a) => `${a.status}@${a.node}`).join(' ')}`,
  );
  expect(accepted.photos.length).toBeGreaterThan(0);
  expect(accepted.messages.length).toBeGreaterThan(0);
  expect(found).toBe(writes);
  expect(duplicated).toBe(0);
  expect(approvalAudits).toBe(accepted.approvals.length);
  expect(orphaned).toEqual([]);
}, 600_000);
