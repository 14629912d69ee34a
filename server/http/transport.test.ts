/**
 * What travels over the wire: the web app's assets precompressed by the build and chosen by
 * Accept-Encoding, JSON compressed above 1 kB, index.html never cached, HEAD like GET, and the
 * security headers on every kind of answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the build script is plain JavaScript
import { precompress } from '../../scripts/build.mjs';
import { useApiTestKit } from '../test/api';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-web-'));
const script = `console.log(${JSON.stringify('Yıllık Paneli '.repeat(400))});\n`;
const indexHtml =
  '<!doctype html><html lang="tr"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), script);
// A sign-in page drawn at build time (scripts/build.mjs), sent for its own path.
const drawnHtml = indexHtml.replace('<div id="root"></div>', `<div id="root"><div inert>${'<p>Öğrenci girişi</p>'.repeat(60)}</div></div>`);
fs.mkdirSync(path.join(webRoot, 'prerendered', 'student'), { recursive: true });
fs.writeFileSync(path.join(webRoot, 'prerendered', 'student', 'login.html'), drawnHtml);
await precompress(webRoot);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const kit = useApiTestKit({ TRUST_PROXY: '1' }, { webRoot: () => webRoot });
const asset = '/assets/index-abc123.js';

describe('static assets', () => {
  it('answers brotli, gzip or the plain file by Accept-Encoding, the same bytes each way', async () => {
    const br = await kit.app.inject({ url: asset, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await kit.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await kit.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps hashed assets for a year and index.html never', async () => {
    const res = await kit.app.inject({ url: asset });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/panel/login', '/students/12']) {
      const page = await kit.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body).toBe(indexHtml);
    }
  });

  it('sends a sign-in page drawn at build time for its path, with or without a query, never cached; other paths the app', async () => {
    for (const url of ['/student/login', '/student/login?okul=ATA2026']) {
      const page = await kit.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(drawnHtml);
    }
    for (const url of ['/student', '/student/login/x', '/veli/login']) {
      const page = await kit.app.inject({ url });
      expect(page.body, url).toBe(indexHtml);
    }
  });

  it('answers HEAD on an app path like GET, without a body', async () => {
    const get = await kit.app.inject({ url: '/panel/login' });
    const head = await kit.app.inject({ method: 'HEAD', url: '/panel/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect((await kit.app.inject({ method: 'HEAD', url: asset })).statusCode).toBe(200);
    // An unknown API path is still a Turkish 404, for HEAD too.
    expect((await kit.app.inject({ method: 'HEAD', url: '/api/yok' })).statusCode).toBe(404);
  });
});

describe('JSON answers', () => {
  it('are compressed above 1 kB when the client accepts it, and left alone below', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const auth = { authorization: `Bearer ${panel.token}` };
    const big = await kit.app.inject({ url: '/api/panel/user', headers: { ...auth, 'accept-encoding': 'br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const user = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(user.cities).toHaveLength(81);

    const gz = await kit.app.inject({ url: '/api/panel/user', headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await kit.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });
});

describe('security headers', () => {
  const check = (headers: Record<string, unknown>, url: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toMatch(/script-src 'self'(;|$)/);
    expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  };

  it('are on the app, the login page, the API (also on a 401) and static files', async () => {
    for (const url of ['/', '/panel/login', '/api/panel/user', asset, '/api/health', '/api/yok']) {
      const res = await kit.app.inject({ url });
      check(res.headers, url);
    }
    const panel = await kit.as(kit.world.accounts.panel);
    check((await panel.get('user')).headers, 'signed in /api/panel/user');
  });

  it('add HSTS only when the trusted proxy says the request came over HTTPS', async () => {
    const plain = await kit.app.inject({ url: '/panel/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await kit.app.inject({ url: '/panel/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
