/** Configuration comes only from environment variables (listed in README and .env.example). */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag.default(true),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  TRUST_PROXY: flag.default(false),
  /** Staff may enter student messages and nicknames between students of different branches of one school. */
  MESSAGES_ACROSS_BRANCHES: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs short-lived photo URLs; set it when more than one process serves the app. */
  FILE_URL_SECRET: z.string().min(16).optional(),
  FILE_URL_TTL_MINUTES: z.coerce.number().positive().max(24 * 60).default(60),
  PHOTO_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  PHOTO_MAX_PIXELS: z.coerce.number().int().positive().default(60_000_000),
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  IMPORT_MAX_ROWS: z.coerce.number().int().positive().default(20_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  sessionTtlHours: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  trustProxy: boolean;
  messagesAcrossBranches: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  fileUrlSecret: string;
  fileUrlTtlMinutes: number;
  photoMaxBytes: number;
  photoMaxPixels: number;
  importMaxBytes: number;
  importMaxRows: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    trustProxy: e.TRUST_PROXY,
    messagesAcrossBranches: e.MESSAGES_ACROSS_BRANCHES,
    logLevel: e.LOG_LEVEL,
    fileUrlSecret: e.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
    fileUrlTtlMinutes: e.FILE_URL_TTL_MINUTES,
    photoMaxBytes: e.PHOTO_MAX_BYTES,
    photoMaxPixels: e.PHOTO_MAX_PIXELS,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importMaxRows: e.IMPORT_MAX_ROWS,
  };
}
