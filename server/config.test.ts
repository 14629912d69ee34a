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

  it('seeds the demo only for a trial on the embedded database, unless asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://yillik.ornek.com.tr' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://yillik.ornek.com.tr', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  it('in production, refuses to start without FILE_URL_SECRET, naming it in Turkish and English', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/FILE_URL_SECRET gerekli.*\n.*FILE_URL_SECRET is required/);
    expect(loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://yillik.ornek.com.tr' }).fileUrlSecret).toBe(
      'x'.repeat(32),
    );
    // Outside production a random secret per process keeps a trial start simple.
    expect(loadConfig({}).fileUrlSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the public address from PUBLIC_URL, required in production, and never from a request', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://yillik.ornek.com.tr/' }).publicUrl).toBe('https://yillik.ornek.com.tr');
    expect(() => loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(32) })).toThrow(/PUBLIC_URL gerekli.*\n.*PUBLIC_URL is required/);
    expect(() => loadConfig({ PUBLIC_URL: 'yillik.ornek.com.tr' })).toThrow(/PUBLIC_URL="yillik.ornek.com.tr".*http/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('sets the server timeouts, in seconds from the environment', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 300_000, headersMs: 30_000, keepAliveMs: 72_000 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '60' }).timeouts.requestMs).toBe(60_000);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });

  it('stops with a clear message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('keeps files on disk unless FILE_STORE=s3, which needs its bucket and keys, named in Turkish and English', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'disk' });
    const s3 = { FILE_STORE: 's3', S3_BUCKET: 'yillik-dosyalar', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'gizli' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' }).fileStore).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'yillik-dosyalar',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'gizli',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET gerekli: FILE_STORE=s3[\s\S]*S3_BUCKET is required[\s\S]*S3_SECRET_ACCESS_KEY gerekli/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Büyük_Kova' })).toThrow(/S3_BUCKET="Büyük_Kova": must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT="minio:9000": must be an http/);
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE="ftp": must be disk or s3/);
  });
});
