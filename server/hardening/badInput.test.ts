/**
 * The bad inputs the fuzzer found, one by one: each is a 400 (or 413) in the app's shape with a
 * Turkish message, and changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tr } from '../../common/tr';
import { useApiTestKit } from '../test/api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-bad-input-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({ DATA_DIR: dataDir });
const refusal = (message: string) => ({ success: false, message });

describe('bad input', () => {
  it('refuses malformed addresses and over-long path segments before any route, in Turkish', async () => {
    for (const url of ['/api/panel/schools/%E0%A4%A', '/api/panel/schools/%', '/api/panel/students/%ED%A0%80', `/api/panel/branches/${'9'.repeat(500)}`]) {
      const res = await kit.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(refusal(tr.validation.badAddress));
    }
  });

  it('refuses ids outside 1 … 2 147 483 647 in the path, the query and the body', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    for (const bad of ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc']) {
      const res = await panel.get(`schools/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await panel.get('schools/2147483647')).status).toBe(404);
    const query = await panel.get('nicknames?branchId=2147483648');
    expect(query.status).toBe(400);
    const body = await panel.post('schools', { name: 'Okul', cityId: 2147483648, academicYear: '2025-2026', status: 'active' });
    expect(body.status).toBe(400);
    expect(body.body.errors.cityId).toBeTruthy();
  });

  it('refuses NUL bytes and lone surrogates in the query, the path and JSON text, storing nothing', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const before = (await panel.get('schools')).body.total;
    expect((await panel.get('schools?q=a%00b')).status).toBe(400);
    // Bytes that are not UTF-8 arrive as the replacement character: readable, searched for, found nowhere.
    expect((await panel.get('schools?q=%ED%A0%80')).body).toMatchObject({ success: true, total: 0 });
    for (const name of ['Okul\u0000', 'Okul \ud800', '\udfffOkul']) {
      const res = await panel.raw('POST', '/api/panel/schools', JSON.stringify({ name, cityId: 6, academicYear: '2025-2026', status: 'active' }), {
        'content-type': 'application/json',
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual(refusal(tr.validation.badCharacters));
    }
    expect((await panel.get('schools')).body.total).toBe(before);
  });

  it('refuses unknown sort keys, prototype names included', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    for (const sort of ['__proto__', 'constructor', 'toString', 'password', 'name;DROP']) {
      const res = await panel.get(`schools?sort=${encodeURIComponent(sort)}`);
      expect(res.status, sort).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('refuses multipart bodies without a boundary or cut short', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const url = `/api/panel/branches/${kit.world.branch.id}/photos/bulk`;
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="files"; filename="101.jpg"\r\n\r\nabc'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="files"; filename="101.jpg"\r\n\r\nabc'],
      ['multipart/form-data; boundary=x', '--y--'],
    ];
    for (const [type, body] of bodies) {
      const res = await panel.raw('POST', url, body, { 'content-type': type });
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers 413 in Turkish for a JSON body over the limit', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.raw('POST', '/api/panel/schools', JSON.stringify({ name: 'x'.repeat(2_000_000) }), { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/büyük/);
  });

  it('holds a signed photo URL only under the level that issued it and only while its session lasts', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const school = await kit.as(kit.world.accounts.school);
    const student = kit.world.students[0].id;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    expect((await branch.upload(`students/${student}/photos`, [{ name: 'files', fileName: 'a.jpg', contentType: 'image/jpeg', data: photo }])).status).toBe(
      200,
    );
    const fetch = (url: string) => kit.app.inject({ method: 'GET', url });
    const fromBranch = (await branch.get(`students/${student}`)).body.item.photoUrl as string;
    const fromSchool = (await school.get(`students/${student}`)).body.item.photoUrl as string;
    expect(fromBranch).toMatch(/^\/api\/branch\/photo-files\//);
    expect((await fetch(fromBranch)).statusCode).toBe(200);
    expect((await fetch(fromSchool)).statusCode).toBe(200);

    // The same signature under another level's prefix opens nothing.
    for (const level of ['school', 'panel']) {
      const moved = await fetch(fromBranch.replace('/api/branch/', `/api/${level}/`));
      expect(moved.statusCode, level).toBe(404);
      expect(moved.json().success).toBe(false);
    }
    // A signature made outside a signed-in request (no session) opens nothing either.
    const sessionless = fromBranch.replace(/s=\d+\./, 's=0.');
    expect((await fetch(sessionless)).statusCode).toBe(404);

    // Signing out ends the session's URLs; the other session's stay.
    expect((await branch.post('logout')).status).toBe(200);
    const after = await fetch(fromBranch);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ success: false, message: tr.students.photos.linkExpired });
    expect((await fetch(fromSchool)).statusCode).toBe(200);
  });
});
