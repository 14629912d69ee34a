/**
 * The server itself: configuration, database and migrations, demo seed, HTTP server (started by
 * main.ts). All background work (jobs, recurring rounds, sweeps) belongs to the app (buildApp),
 * so it starts and stops with it; nothing here runs on a timer.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { openStorage } from './storage/open';
import { StoreStartError } from './storage/store';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './seed/demo';
import { seedReferenceData } from './db/seed/reference';
import { buildApp } from './app';
import { paths } from './paths';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let storage;
  try {
    storage = await openStorage(config);
  } catch (error) {
    if (error instanceof StoreStartError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db);
  const seeded = config.seedDemo && (await isDatabaseEmpty(database.db));
  if (seeded) await seedDemo(database.db, storage.photos);

  const app = await buildApp({ database, config, storage, webRoot: paths.webRoot, logger: { level: config.logLevel }, jobs: { run: true, periodic: true } });
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The published demo password is shown once, when the accounts are made, and never in production.
  if (seeded && !config.production) {
    console.log(`\nDemo accounts created (password ${DEMO_PASSWORD}; the README lists them):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(18)} level ${a.level.padEnd(6)} → http://${shownHost}:${port}/${a.level}/login`);
  } else if (seeded) {
    console.log('\nDemo accounts created (SEED_DEMO=1); their password is in the README: change it or delete them.');
  }
  // The last line of a start: the address (scripts and tests wait for it).
  console.log(`\nYıllık Paneli: http://${shownHost}:${port}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // close() stops accepting connections and waits for running requests, then the database closes.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
