/**
 * The server's log: one line per request, server faults at error level only, and a client that
 * walks away from an upload halfway is not written down as an error.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startTestDatabase, type TestDatabase } from '../test/database';
import { createWorld, PASSWORD, type World } from '../test/fixtures';

const lines: Array<{ level: number; msg: string; url?: string; status?: number; reqId?: string }> = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let database: TestDatabase;
let app: FastifyInstance;
let world: World;
let port: number;
let uploadStarted: () => void = () => {};

beforeAll(async () => {
  database = await startTestDatabase();
  world = await createWorld(database.db);
  app = await buildApp({ database, config: loadConfig({ SEED_DEMO: '0' }), logger: { level: 'info', stream: sink } });
  app.get('/api/test-fault', async (request) => {
    request.log.warn('about to fail');
    throw new Error('planned fault');
  });
  // Tells the test when the upload's handler is about to read the body.
  app.addHook('preHandler', async (request) => {
    if (request.url.endsWith('/photos/bulk')) uploadStarted();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

async function token(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/branch/login', payload: { email: 'sube@test.test', password: PASSWORD } });
  return res.json().token;
}

it('writes one line per request with method, path without its query, status and time', async () => {
  lines.length = 0;
  await app.inject({ url: '/api/health?x=secret' });
  await app.inject({ url: '/api/panel/user' });
  const requests = lines.filter((l) => l.msg === 'request');
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/health', status: 200 });
  expect(requests[1]).toMatchObject({ level: 30, url: '/api/panel/user', status: 401 });
  expect(JSON.stringify(lines)).not.toContain('secret');
  expect(typeof (requests[0] as { ms?: number }).ms).toBe('number');
});

it('answers with the request id in X-Request-Id, and every log line of the request carries it', async () => {
  lines.length = 0;
  const made = await app.inject({ url: '/api/panel/user' });
  const id = made.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  // A proxy's id is kept when it looks like one; anything else is replaced by a new one.
  const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'nginx-7f3a9c21.01' } });
  expect(kept.headers['x-request-id']).toBe('nginx-7f3a9c21.01');
  const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'a"} {"level":60' } });
  expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  // A request that logs more than its one line (a server fault) carries the id on each.
  const fault = await app.inject({ url: '/api/test-fault', headers: { 'x-request-id': 'trace-fault-0001' } });
  expect(fault.statusCode).toBe(500);
  expect(fault.headers['x-request-id']).toBe('trace-fault-0001');
  const ofFault = lines.filter((l) => l.reqId === 'trace-fault-0001');
  expect(ofFault.map((l) => l.msg)).toEqual(expect.arrayContaining(['about to fail', 'request']));
  expect(ofFault.length).toBeGreaterThanOrEqual(3);
  expect(lines.filter((l) => l.msg === 'request').map((l) => l.reqId)).toEqual([id, 'nginx-7f3a9c21.01', forged.headers['x-request-id'], 'trace-fault-0001']);
});

it('logs a cancelled upload as information, not as an error', async () => {
  const auth = await token();
  lines.length = 0;
  const boundary = '----ypcancelled';
  const head =
    `POST /api/branch/branches/${world.branch.id}/photos/bulk HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${auth}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="101.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const started = new Promise<void>((resolve) => (uploadStarted = resolve));
  const socket = net.connect(port, '127.0.0.1');
  try {
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(head);
    socket.write(Buffer.alloc(64 * 1024, 0xff));
    // The server is reading the file when the client goes away.
    await started;
  } finally {
    socket.destroy();
  }
  await expect.poll(() => lines.some((l) => l.msg === 'client cancelled the request' || l.msg === 'request'), { timeout: 10_000 }).toBe(true);
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
});
