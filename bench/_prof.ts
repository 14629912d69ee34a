import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildHotpathData } from './hotpathData';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const reuse = process.env.REUSE === '1';
if (!reuse) {
  await admin.query('DROP DATABASE IF EXISTS yp_h16_prof WITH (FORCE)');
  await admin.query('CREATE DATABASE yp_h16_prof');
}
await admin.end();
const url = 'postgres://postgres@127.0.0.1:5432/yp_h16_prof';
const database = await openDatabase({ databaseUrl: url, dataDir: null });
const world = reuse ? JSON.parse(fs.readFileSync('/tmp/h16/world.json', 'utf8')) : await buildHotpathData(database, Number(process.env.S ?? 0.01));
fs.writeFileSync('/tmp/h16/world.json', JSON.stringify(world));
const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'info', DATABASE_URL: url, FILE_URL_SECRET: 'bench-secret-0123456789' });
const app = await buildApp({ database, config, logger: { level: 'info', stream: fs.createWriteStream('/dev/null') } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const paths: Record<string, [string, string]> = {
  schools: ['/api/panel/schools', world.listToken],
  students: [`/api/panel/branches/${world.bigBranchId}/students`, world.bigToken],
  user: ['/api/panel/user', world.demoToken],
};
const [p, token] = paths[process.env.CALL ?? 'schools']!;
const { spawn } = await import('node:child_process');
const out = await new Promise<string>((resolve) => {
  let o = '';
  const c = spawn(
    process.execPath,
    ['node_modules/autocannon/autocannon.js', '-c', '10', '-d', process.env.D ?? '5', '-j', '-H', `authorization=Bearer ${token}`, base + p],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  c.stdout.on('data', (d) => (o += d));
  c.on('close', () => resolve(o));
});
const r = JSON.parse(out);
console.log(process.env.CALL ?? 'schools', 'rps', r.requests.average, 'p50', r.latency.p50, 'non2xx', r.non2xx);
await app.close();
await database.close();
void spawnSync;
