/**
 * The real entry point as a process: first start seeds the demo data and prints the accounts;
 * data and sessions survive a restart; SIGTERM lets an in-flight request finish and exits cleanly;
 * production mode seeds nothing unasked and refuses to start without its secrets.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serverHome, spawnMain } from './test/serverProcess';

const home = serverHome('main');
const start = (extraEnv: NodeJS.ProcessEnv = { SEED_DEMO: '1' }) => home.start(extraEnv);

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('server/main.ts', () => {
  it('seeds once, keeps data and sessions across a restart, and shuts down gracefully', async () => {
    const first = await start();
    expect(first.output()).toContain('Demo accounts created (password Demo1234!');
    expect(first.output()).toMatch(/admin@demo\.test\s+level panel/);
    const login = await fetch(`${first.url}/api/panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
    });
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };

    // A request in flight when SIGTERM arrives still gets its answer: its headers reach the
    // server first, the signal comes while its body is still on the way.
    const credentials = JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' });
    const request = http.request(`${first.url}/api/panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(credentials) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.flushHeaders();
    await new Promise((r) => setTimeout(r, 300));
    const exited = stop(first.child);
    await new Promise((r) => setTimeout(r, 100));
    request.end(credentials);
    expect(await answered).toBe(200);
    expect(await exited).toBe(0);

    const second = await start();
    // The published password is shown once, when the accounts are made, not on every start.
    expect(second.output()).not.toContain('Demo1234!');
    const user = await fetch(`${second.url}/api/panel/user`, { headers: auth });
    expect(user.status).toBe(200);
    const body = await user.json();
    expect(body.statistics.schools).toBe(3);
    expect(body.studio.name).toBe('Demo Fotoğraf Stüdyosu');
    expect(await stop(second.child)).toBe(0);
  }, 120_000);

  it('in production: no demo data unless asked for, and no start without FILE_URL_SECRET or PUBLIC_URL', async () => {
    await home.reset();
    const refused = spawnMain({ ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: home.dataDir });
    let refusal = '';
    refused.stderr!.on('data', (d) => (refusal += d));
    expect(await new Promise((resolve) => refused.on('exit', resolve))).toBe(1);
    expect(refusal).toContain('FILE_URL_SECRET gerekli');
    expect(refusal).toContain('FILE_URL_SECRET is required');
    expect(refusal).toContain('PUBLIC_URL gerekli');

    const server = await start({ NODE_ENV: 'production', FILE_URL_SECRET: 'a-production-secret-of-32-chars!', PUBLIC_URL: 'https://yillik.ornek.com.tr' });
    expect(server.output()).not.toContain('Demo1234!');
    const login = await fetch(`${server.url}/api/panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234!' }),
    });
    expect(login.status).toBe(400);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await stop(server.child)).toBe(0);
  }, 120_000);

  it('refuses a bad configuration with a clear message', async () => {
    const child = spawnMain({ ...process.env, PORT: 'eighty' });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT="eighty"');
  }, 60_000);
});
