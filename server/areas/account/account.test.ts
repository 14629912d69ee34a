import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, sessions, users } from '../../db/schema';
import { useApiTestKit } from '../../test/api';
import { PASSWORD } from '../../test/fixtures';
import { single } from '../../db/rows';

const kit = useApiTestKit();

describe('POST {level}/login', () => {
  it.each(['panel', 'school', 'branch'] as const)('signs in a %s account and answers a token', async (level) => {
    const account = kit.world.accounts[level];
    const res = await kit.call('POST', `/api/${level}/login`, { email: account.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('answers the same Turkish message, not 401, for a wrong password and an unknown e-mail', async () => {
    const wrong = await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: 'yanlis' });
    const unknown = await kit.call('POST', '/api/panel/login', { email: 'yok@test.test', password: 'yanlis' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: tr.wrongCredentials });
    }
  });

  it('does not let an account sign in under another level', async () => {
    const res = await kit.call('POST', '/api/panel/login', { email: 'okul@test.test', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tr.wrongCredentials);
  });

  it('refuses a deactivated account', async () => {
    await kit.database.db.update(users).set({ active: false }).where(eq(users.email, 'okul@test.test'));
    const res = await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD });
    expect(res.status).toBe(400);
  });

  it('answers 400 with Turkish field errors for bad bodies, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { email: 'not-an-email', password: 'x' },
      { email: 'panel@test.test' },
      { email: 'panel@test.test', password: PASSWORD, role: 'admin' },
      { email: 42, password: [] },
      'just text',
      [],
    ];
    for (const body of bodies) {
      const res = await kit.call('POST', '/api/panel/login', body, { 'content-type': 'application/json' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/[çğıöşüÇĞİÖŞÜ]|Lütfen|İstek/);
    }
    const missing = await kit.call('POST', '/api/panel/login', { password: 'x' });
    expect(missing.body.errors.email).toBe(tr.validation.required);
    const badEmail = await kit.call('POST', '/api/panel/login', { email: 'abc', password: 'x' });
    expect(badEmail.body.errors.email).toBe(tr.validation.email);
    const extra = await kit.call('POST', '/api/panel/login', { email: 'a@b.co', password: 'x', role: 1 });
    expect(extra.body.errors.role).toBe('Tanınmayan alan: role');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await kit.app.inject({ method: 'POST', url: '/api/panel/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(tr.validation.bodyMissing);
  });

  it('answers 404 under an unknown level', async () => {
    const res = await kit.call('POST', '/api/admin/login', { email: 'panel@test.test', password: PASSWORD });
    expect(res.status).toBe(404);
  });

  it('holds an account back from an address after its failures there, and says how long', async () => {
    for (let i = 0; i < kit.config.loginMaxFailuresPerAccount; i++) {
      const res = await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: `yanlis${i}` });
      expect(res.status).toBe(400);
    }
    const blocked = await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: PASSWORD });
    expect(blocked.status).toBe(429);
    // Held until the window that began with the first failure ends: a little under 15 minutes.
    const window = kit.config.loginFailureWindowMinutes * 60;
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(window - 60);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(blocked.body.message).toBe(tr.tooManyTriesWait(retryAfter));
    expect(blocked.body.message).toContain(`${kit.config.loginFailureWindowMinutes} dakika`);
    // Another account from another address is not held back.
    const other = await loginFrom('10.0.0.9', 'school', 'okul@test.test', PASSWORD);
    expect(other.statusCode).toBe(200);
  });

  it('never locks the owner out: from another address the account only waits its short delay', async () => {
    for (let i = 0; i < kit.config.loginMaxFailuresPerAccount; i++) await loginFrom('203.0.113.7', 'panel', 'panel@test.test', 'yanlis');
    // The attacker's address is held for the window; the account only for its doubling delay.
    const holds = (
      await kit.database.db.execute<{ key: string; seconds: number }>(
        sql`SELECT key, extract(epoch FROM blocked_until - now())::float AS seconds FROM login_failures WHERE blocked_until IS NOT NULL ORDER BY key`,
      )
    ).rows;
    expect(holds.map((h) => h.key)).toEqual(['account:panel@test.test', 'pair:panel@test.test|203.0.113.7']);
    expect(holds[0]?.seconds).toBeLessThanOrEqual(1);
    expect(holds[1]?.seconds).toBeGreaterThan(kit.config.loginFailureWindowMinutes * 60 - 60);

    // While the account's delay runs, the owner is asked to wait that long, in seconds.
    await kit.database.db.execute(sql`UPDATE login_failures SET blocked_until = now() + interval '8 seconds' WHERE key = 'account:panel@test.test'`);
    const waiting = await loginFrom('198.51.100.4', 'panel', 'panel@test.test', PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/^Çok fazla deneme yapıldı\. Lütfen [1-8] saniye sonra tekrar deneyiniz\.$/);
    // Once it has run out, the owner's password works; the attacker's address stays held back.
    await passTime();
    expect((await loginFrom('198.51.100.4', 'panel', 'panel@test.test', PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom('203.0.113.7', 'panel', 'panel@test.test', PASSWORD)).statusCode).toBe(429);
  });

  it('doubles the delay with every further failure of an account, up to two minutes', async () => {
    const clock = async () =>
      Number(single((await kit.database.db.execute<{ t: number }>(sql`SELECT extract(epoch FROM clock_timestamp())::float AS t`)).rows).t);
    const holdUntil = async () =>
      single(
        (
          await kit.database.db.execute<{ t: number | null }>(
            sql`SELECT extract(epoch FROM blocked_until)::float AS t FROM login_failures WHERE key = 'account:panel@test.test'`,
          )
        ).rows,
      ).t;
    const expected = [null, null, null, null, 0.5, 1, 2, 4, 8, 16, 32, 64, 120, 120];
    for (let i = 0; i < expected.length; i++) {
      await passTime();
      const before = await clock();
      expect((await loginFrom(`192.0.2.${i + 1}`, 'panel', 'panel@test.test', 'yanlis')).statusCode).toBe(400);
      const after = await clock();
      const until = await holdUntil();
      const hold = expected[i]!;
      if (hold === null) expect(until, `failure ${i + 1}`).toBeNull();
      else {
        // The hold was set at some moment between `before` and `after`, whatever the machine's speed.
        expect(until! - after, `failure ${i + 1}`).toBeLessThanOrEqual(hold + 0.001);
        expect(until! - before, `failure ${i + 1}`).toBeGreaterThanOrEqual(hold - 0.001);
      }
    }
  });

  it('counts parallel failures one by one: of 40 at once, only the allowed few are checked', async () => {
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) => kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: `yanlis${i}` })),
    );
    const checked = tries.filter((r) => r.status === 400).length;
    expect(checked).toBe(kit.config.loginMaxFailuresPerAccount);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(40 - checked);
    expect((await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: PASSWORD })).status).toBe(429);
    // Each of the 40 was counted once: the checked ones stay on the counters, the refused ones gave their slot back.
    const counters = (await kit.database.db.execute<{ key: string; count: number }>(sql`SELECT key, count FROM login_failures ORDER BY key`)).rows;
    expect(counters).toEqual([
      { key: 'account:panel@test.test', count: checked },
      { key: 'ip:127.0.0.1', count: checked },
      { key: 'pair:panel@test.test|127.0.0.1', count: checked },
    ]);
  });

  it('holds back an address that fails on many accounts', async () => {
    const max = kit.config.loginMaxFailuresPerAddress;
    for (let i = 0; i < max; i++) {
      await kit.call('POST', '/api/panel/login', { email: `yok${i}@test.test`, password: 'yanlis' });
    }
    const blocked = await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: PASSWORD });
    expect(blocked.status).toBe(429);
  });

  it('forgets an account’s failures after a success, and does not count successes against the address', async () => {
    for (let i = 0; i < kit.config.loginMaxFailuresPerAccount - 1; i++) {
      await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: 'yanlis' });
    }
    expect((await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: PASSWORD })).status).toBe(200);
    expect((await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: 'yanlis' })).status).toBe(400);
    expect((await kit.call('POST', '/api/panel/login', { email: 'panel@test.test', password: PASSWORD })).status).toBe(200);
    // A school's computers share one address: many people signing in there is no attack.
    for (let i = 0; i < kit.config.loginMaxFailuresPerAddress + 5; i++) {
      expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD })).status).toBe(200);
    }
  });
});

/** A sign-in from another client address. */
function loginFrom(remoteAddress: string, level: string, email: string, password: string) {
  return kit.app.inject({ method: 'POST', url: `/api/${level}/login`, payload: { email, password }, remoteAddress });
}

/** The account's delay has run out (the database clock is real, so the hold is moved instead). */
async function passTime() {
  await kit.database.db.execute(
    sql`UPDATE login_failures SET blocked_until = now() - interval '1 second' WHERE key LIKE 'account:%' AND blocked_until IS NOT NULL`,
  );
}

describe('own account', () => {
  it('changes its password with the current one; other sessions end, this one stays', async () => {
    const other = await kit.as(kit.world.accounts.school);
    const me = await kit.as(kit.world.accounts.school);
    const wrong = await me.post('password', { currentPassword: 'yanlis', newPassword: 'YeniSifre123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: tr.account.wrongCurrentPassword });
    const short = await me.post('password', { currentPassword: PASSWORD, newPassword: 'kisa' });
    expect(short.status).toBe(400);
    expect(short.body.errors.newPassword).toBeTruthy();
    const same = await me.post('password', { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.body.errors).toEqual({ newPassword: tr.account.samePassword });

    expect((await me.post('password', { currentPassword: PASSWORD, newPassword: 'YeniSifre123' })).body).toEqual({ success: true });
    expect((await me.get('user')).status).toBe(200);
    expect((await other.get('user')).status).toBe(401);
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: PASSWORD })).status).toBe(400);
    expect((await kit.call('POST', '/api/school/login', { email: 'okul@test.test', password: 'YeniSifre123' })).status).toBe(200);
    const [entry] = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'password'));
    expect(entry).toMatchObject({ userId: kit.world.accounts.school.id, entity: 'user' });
    expect(JSON.stringify(entry)).not.toContain('YeniSifre123');
  });

  it('lists its open sessions and ends another, never someone else’s', async () => {
    const laptop = await kit.as(kit.world.accounts.branch);
    const phone = await kit.as(kit.world.accounts.branch);
    const stranger = await kit.as(kit.world.accounts.siblingBranch);
    const list = await phone.get('sessions');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    const mine = list.body.items.find((s: { current: boolean }) => s.current);
    const theOther = list.body.items.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ ip: '127.0.0.1', userAgent: 'lightMyRequest' });

    const strangers = (await stranger.get('sessions')).body.items[0].id;
    expect((await phone.del(`sessions/${strangers}`)).status).toBe(404);
    expect((await stranger.get('user')).status).toBe(200);
    expect((await phone.del(`sessions/${mine.id}`)).status).toBe(404);
    expect((await phone.del(`sessions/${theOther.id}`)).body).toEqual({ success: true });
    expect((await laptop.get('user')).status).toBe(401);
    expect((await phone.get('user')).status).toBe(200);
    expect((await phone.get('sessions')).body.items).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('answers 401 with a Turkish message for a missing or unknown token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }] as Array<Record<string, string>>) {
      const res = await kit.call('GET', '/api/panel/user', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: tr.unauthorized });
    }
  });

  it('is valid only under its own level’s prefix', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.raw('GET', '/api/panel/user')).status).toBe(200);
    expect((await panel.raw('GET', '/api/school/user')).status).toBe(401);
    expect((await panel.raw('GET', '/api/branch/user')).status).toBe(401);
  });

  it('is revoked by logout', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.post('logout')).body).toEqual({ success: true });
    expect((await school.get('user')).status).toBe(401);
    expect((await school.post('logout')).status).toBe(401);
  });

  it('expires', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    await kit.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await branch.get('user')).status).toBe(401);
  });

  it('stops working when the account is deactivated', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    await kit.database.db.update(users).set({ active: false }).where(eq(users.id, kit.world.accounts.branch.id));
    expect((await branch.get('user')).status).toBe(401);
  });

  it('is stored only as a hash', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const rows = await kit.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === panel.token)).toBe(false);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('GET {level}/user', () => {
  it('answers every user info field, with the studio’s figures for panel', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.get('user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['branch', 'cities', 'design', 'level', 'school', 'statistics', 'studio', 'success', 'userInfo'].sort());
    expect(res.body.userInfo).toMatchObject({ id: kit.world.accounts.panel.id, email: 'panel@test.test', name: 'Panel Kullanıcısı' });
    expect(res.body.level).toBe('panel');
    expect(res.body.studio.name).toBe('Test Stüdyosu');
    expect(res.body.school).toBeNull();
    expect(res.body.statistics).toMatchObject({ schools: 2, branches: 3, students: 5, managers: 4 });
    expect(res.body.design.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('counts only the school for a school manager and the branch for a branch manager', async () => {
    const school = await (await kit.as(kit.world.accounts.school)).get('user');
    expect(school.body.school).toMatchObject({ id: kit.world.school.id, name: 'Işıklar Anadolu Lisesi' });
    expect(school.body.statistics).toMatchObject({ schools: 1, branches: 2, students: 4, managers: 2 });
    const branch = await (await kit.as(kit.world.accounts.branch)).get('user');
    expect(branch.body.branch).toEqual({ id: kit.world.branch.id, schoolId: kit.world.school.id, name: '12/A' });
    expect(branch.body.statistics).toMatchObject({ schools: 1, branches: 1, students: 3 });
  });

  it('never counts another studio', async () => {
    const foreign = await (await kit.as(kit.world.accounts.foreignPanel)).get('user');
    expect(foreign.body.statistics).toMatchObject({ schools: 1, branches: 1, students: 1 });
    expect(foreign.body.studio.name).toBe('Rakip Stüdyo');
  });

  it('lists the 81 provinces in Turkish alphabetical order', async () => {
    const res = await (await kit.as(kit.world.accounts.panel)).get('user');
    const names: string[] = res.body.cities.map((c: { name: string }) => c.name);
    expect(names).toHaveLength(81);
    expect(names.indexOf('Bursa')).toBeLessThan(names.indexOf('Çanakkale'));
    expect(names.indexOf('Çorum')).toBeLessThan(names.indexOf('Denizli'));
    expect(names.slice(names.indexOf('Iğdır'), names.indexOf('Iğdır') + 4)).toEqual(['Iğdır', 'Isparta', 'İstanbul', 'İzmir']);
    expect(names.at(-1)).toBe('Zonguldak');
  });
});

describe('API documents', () => {
  it('serves the OpenAPI document with the auth calls', async () => {
    const res = await kit.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/{level}/login', '/api/{level}/user', '/api/{level}/logout']));
  });

  it('answers 404 in Turkish for an unknown API path', async () => {
    const res = await kit.call('GET', '/api/panel/nothing-here');
    expect([401, 404]).toContain(res.status);
    const open = await kit.call('GET', '/api/unknown');
    expect(open.status).toBe(404);
    expect(open.body.message).toBe(tr.notFound);
  });
});

describe('POST {level}/logout', () => {
  it('accepts the call helper’s JSON headers with no body', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const res = await panel.raw('POST', '/api/panel/logout', undefined, { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect((await panel.get('user')).status).toBe(401);
  });
});
