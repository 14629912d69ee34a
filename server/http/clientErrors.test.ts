/**
 * Requests Node's own HTTP parser refuses before the app sees them (a control character in a
 * header, an unknown method, headers too large) are answered in the app's shape, in Turkish; and
 * health tells a client in an outage when to ask again.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { tr } from '../../common/tr';
import { useApiTestKit } from '../test/api';

const kit = useApiTestKit();
let port: number;

beforeAll(async () => {
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  port = (kit.app.server.address() as AddressInfo).port;
});

/** Writes the bytes on a fresh connection and reads everything until the server closes it. */
function rawRequest(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
  });
}

it('answers a header with a control character and an unknown method in Turkish, in the app shape', async () => {
  const cases = [
    'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n',
    'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
    'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n',
  ];
  for (const bytes of cases) {
    const res = await rawRequest(bytes);
    expect(res.status, bytes).toBe(400);
    expect(res.headers, bytes).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(res.body), bytes).toEqual({ success: false, message: tr.validation.unreadableRequest });
  }
  // A method the parser knows but no route takes: answered in the app's shape too (CONNECT never reaches a route).
  const propfind = await rawRequest('PROPFIND /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  expect([propfind.status, JSON.parse(propfind.body)]).toEqual([404, { success: false, message: tr.notFound }]);
  const connect = await rawRequest('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
  expect([connect.status, JSON.parse(connect.body)]).toEqual([405, { success: false, message: tr.validation.methodNotAllowed }]);
  // Headers past the server's limit: 431, also in Turkish.
  const huge = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(huge.status).toBe(431);
  expect(JSON.parse(huge.body)).toEqual({ success: false, message: tr.validation.headersTooLarge });
  // The server still serves a good request afterwards.
  expect((await rawRequest('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status).toBe(200);
});

it('health answers 503 with Retry-After while the database does not answer', async () => {
  const db = kit.database.db as { execute: (...args: unknown[]) => Promise<unknown> };
  const execute = db.execute;
  db.execute = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  try {
    const res = await kit.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ success: false, message: tr.databaseUnavailable });
  } finally {
    db.execute = execute;
  }
  expect((await kit.app.inject({ url: '/api/health' })).statusCode).toBe(200);
});
