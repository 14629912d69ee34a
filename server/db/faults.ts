/**
 * Telling database errors apart: "the database cannot be reached right now" (answered with 503
 * and a Turkish message; the server recovers by itself when the database is back), and a unique
 * index refusing a row.
 */

/** SQLSTATE classes and codes of a database that is down, restarting or refusing connections. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the connection was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '55000', // the database does not accept connections now (ALLOW_CONNECTIONS false)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as its cause; follow the chain.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** A unique index refused the row (two writes raced past the check before it). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
}

/** A write to a branch whose yearbook proof is approved (the lock trigger of the yearbook tables). */
export function isYearbookLocked(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === 'YB423';
}
