/**
 * Security headers on every answer (API, web app, files, errors): a Content-Security-Policy that
 * lets no inline script run and no site frame the panel, no MIME sniffing, a referrer that stays
 * on the origin, and HSTS once the request is known to have come over HTTPS.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** One year: browsers remember to use HTTPS only (sent only on HTTPS requests). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers of an answer that are not Helmet's: everything else it sends is. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers, asked of it once. The plugin builds Helmet's middleware again on every request
 * (its CSP directives parsed anew each time, two hooks); the headers never change, so they are
 * read off one answer of a server of its own at start and set as they are.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET);
  probe.get('/', async () => '');
  try {
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(answer.headers).flatMap(([name, value]) => (NOT_HELMETS.has(name) ? [] : [[name, String(value)]])));
  } finally {
    await probe.close();
  }
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

const HELMET = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine and the lightbox set style attributes and a <style> with the theme's variables.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Photo previews before upload are data: and blob: URLs read in the browser.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Sent only when the request came over HTTPS (directly, or per the trusted proxy).
  strictTransportSecurity: false,
} as const;
