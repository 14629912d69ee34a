/** Configuration comes only from environment variables (listed in README and .env.example). */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3';

const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const seconds = (fallback: number) => z.coerce.number().int().min(1).max(3600).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  /** production: no demo data unless asked for, every secret must be set. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The address people reach the app at (printed on login cards); required in production. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, e.g. https://yillik.ornek.com.tr' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag.optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  // How long a process may answer from memory who a session belongs to; changes still apply at once.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positive(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positive(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  TRUST_PROXY: flag.default(false),
  /** Staff may enter student messages and nicknames between students of different branches of one school. */
  MESSAGES_ACROSS_BRANCHES: flag.default(false),
  /** How many memory messages a student may write to one classmate. */
  STUDENT_MESSAGES_PER_CLASSMATE: z.coerce.number().int().min(1).max(20).default(1),
  /** Check every answer against its schema as well as writing it (tests and development). */
  CHECK_ANSWERS: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs short-lived photo URLs; set it when more than one process serves the app. */
  FILE_URL_SECRET: z.string().min(16).optional(),
  /** Opens GET /metrics (Prometheus) to callers sending it as a Bearer token; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** How long a claimed job holds without a sign of life before another process takes it over. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  FILE_URL_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(60),
  PHOTO_MAX_BYTES: positive(25 * 1024 * 1024),
  PHOTO_MAX_PIXELS: positive(60_000_000),
  /** Photos in one upload request; the web app sends one file per request. */
  PHOTO_MAX_FILES: positive(20),
  /** Photo uploads through event albums' upload links from one address in an hour (each file is its own request). */
  ALBUM_LINK_UPLOADS_PER_HOUR: positive(200),
  IMPORT_MAX_BYTES: positive(10 * 1024 * 1024),
  IMPORT_MAX_ROWS: positive(20_000),
  REQUEST_TIMEOUT_SECONDS: seconds(300),
  HEADERS_TIMEOUT_SECONDS: seconds(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  /** Where stored files live: the data folder (disk) or an S3-compatible bucket (s3). */
  FILE_STORE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  /** The S3 API's address; unset for AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, e.g. https://s3.eu-central-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  S3_FORCE_PATH_STYLE: flag.default(false),
});

/** What FILE_STORE=s3 cannot start without: S3_ENDPOINT is left out, unset meaning AWS itself. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Secrets a production process must be given: a random one per process would break a second process. */
const PRODUCTION_SECRETS = ['FILE_URL_SECRET'] as const;

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** The app's public address without a trailing slash: what printed cards link to, never taken from a request. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  sessionTtlHours: number;
  sessionCacheSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  trustProxy: boolean;
  messagesAcrossBranches: boolean;
  studentMessagesPerClassmate: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Every answer is also checked against its zod schema, and must be written byte for byte as before (http/serializer.ts). */
  checkAnswers: boolean;
  fileUrlSecret: string;
  fileUrlTtlMinutes: number;
  metricsToken?: string;
  jobLeaseMs: number;
  photoMaxBytes: number;
  photoMaxPixels: number;
  photoMaxFiles: number;
  albumLinkUploadsPerHour: number;
  importMaxBytes: number;
  importMaxRows: number;
  /** Whole request, request headers, idle keep-alive connection: see docs/deploy.md. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  fileStore: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = PRODUCTION_SECRETS.filter((name) => !e[name]).map(
      (name) =>
        `${name} gerekli: üretim ortamında (NODE_ENV=production) en az 16 karakterlik rastgele bir değer veriniz.\n` +
        `${name} is required: set it to a random value of at least 16 characters in production (NODE_ENV=production).`,
    );
    if (!e.PUBLIC_URL) {
      missing.push(
        'PUBLIC_URL gerekli: üretim ortamında (NODE_ENV=production) uygulamanın herkese açık adresini veriniz (ör. https://yillik.ornek.com.tr).\n' +
          'PUBLIC_URL is required: set it to the address people reach the app at in production (NODE_ENV=production), e.g. https://yillik.ornek.com.tr.',
      );
    }
    if (missing.length) throw new ConfigError(missing.join('\n'));
  }
  if (e.FILE_STORE === 's3') {
    const missing = S3_REQUIRED.filter((name) => !e[name]).map(
      (name) => `${name} gerekli: FILE_STORE=s3 iken nesne deposunun bu değerini veriniz.\n${name} is required when FILE_STORE=s3.`,
    );
    if (missing.length) throw new ConfigError(missing.join('\n'));
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo accounts with a published password belong on a trial's embedded database only, unless asked for.
    seedDemo: e.SEED_DEMO ?? (!production && !e.DATABASE_URL),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    trustProxy: e.TRUST_PROXY,
    messagesAcrossBranches: e.MESSAGES_ACROSS_BRANCHES,
    studentMessagesPerClassmate: e.STUDENT_MESSAGES_PER_CLASSMATE,
    logLevel: e.LOG_LEVEL,
    checkAnswers: e.CHECK_ANSWERS ?? (e.NODE_ENV === 'test' || e.NODE_ENV === 'development'),
    fileUrlSecret: e.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    fileUrlTtlMinutes: e.FILE_URL_TTL_MINUTES,
    metricsToken: e.METRICS_TOKEN,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    photoMaxBytes: e.PHOTO_MAX_BYTES,
    photoMaxPixels: e.PHOTO_MAX_PIXELS,
    photoMaxFiles: e.PHOTO_MAX_FILES,
    albumLinkUploadsPerHour: e.ALBUM_LINK_UPLOADS_PER_HOUR,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importMaxRows: e.IMPORT_MAX_ROWS,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000, headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000 },
    fileStore:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk' },
  };
}
