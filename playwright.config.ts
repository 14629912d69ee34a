import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Two workers, each with a server, a database and a data folder of its own (worker n on port
 * E2E_PORT + n, see e2e/fixtures.ts), so that no test sees what another worker's tests change.
 * E2E_WORKERS=1 runs everything in one worker on one server.
 */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
/** The address of worker n's server. */
export const serverUrl = (n: number) => `http://127.0.0.1:${port + n}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: e2eWorkers,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: serverUrl(0),
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: a test tool's own browser download cannot work here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started one after the other: the first builds dist/ when the sources are newer, the second finds it built.
  webServer: Array.from({ length: e2eWorkers }, (_, n) => ({
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `${serverUrl(n)}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(port + n) },
  })),
});
