import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', seedDemo: true, databaseUrl: undefined, sessionTtlHours: 12 });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO: '0', DATA_DIR: '/tmp/x' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'postgres://u@h:5432/db', seedDemo: false, dataDir: '/tmp/x' });
  });

  it('stops with a clear message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
