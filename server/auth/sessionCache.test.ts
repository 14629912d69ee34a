import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { useApiTestKit } from '../test/api';

const kit = useApiTestKit();
let other: FastifyInstance | undefined;

afterEach(async () => {
  await other?.close();
  other = undefined;
});

/** A second process on the same database: its own memory of sessions, its own notifications. */
async function secondProcess() {
  other = await buildApp({ database: kit.database, config: kit.config });
  await other.ready();
  return other;
}

const userOf = (app: FastifyInstance, level: string, token: string) =>
  app.inject({ method: 'GET', url: `/api/${level}/user`, headers: { authorization: `Bearer ${token}` } });

describe('sessions remembered in memory', () => {
  it('answers a known session without the database, and forgets it when the database announces its end', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await panel.get('user')).status).toBe(200);
    // With the announcement switched off, a session ended behind the app's back is still answered
    // from memory: proof that the lookup did not go to the database.
    await kit.database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_announce_change`);
    await kit.database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
    expect((await panel.get('user')).status).toBe(200);
    await kit.database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_announce_change`);
    await kit.database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
    await kit.app.sessions.settle();
    expect((await panel.get('user')).status).toBe(401);
  });

  it('refuses the next request at once after logout, password change of the account or switching it off', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    const branch = await kit.as(kit.world.accounts.branch);
    expect((await branch.get('user')).status).toBe(200);
    expect((await panel.post('logout')).status).toBe(200);
    expect((await panel.get('user')).status).toBe(401);

    expect((await branch.get('user')).status).toBe(200);
    await kit.database.db.execute(sql`UPDATE users SET active = false WHERE id = ${kit.world.accounts.branch.id}`);
    await kit.app.sessions.settle();
    expect((await branch.get('user')).status).toBe(401);
  });

  it('shows a changed name at once, not after the memory expires', async () => {
    const school = await kit.as(kit.world.accounts.school);
    expect((await school.get('user')).body.userInfo.name).toBe('Okul Yöneticisi');
    await kit.database.db.execute(sql`UPDATE users SET name = 'Yeni Ad' WHERE id = ${kit.world.accounts.school.id}`);
    await kit.app.sessions.settle();
    expect((await school.get('user')).body.userInfo.name).toBe('Yeni Ad');
  });

  it('ends a session in every process on the database, not only the one that ended it', async () => {
    const second = await secondProcess();
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await userOf(second, 'panel', panel.token)).statusCode).toBe(200);
    expect((await userOf(second, 'panel', panel.token)).statusCode).toBe(200);
    expect((await panel.post('logout')).status).toBe(200);
    await second.sessions.settle();
    expect((await userOf(second, 'panel', panel.token)).statusCode).toBe(401);
  });
});
