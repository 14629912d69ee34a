/**
 * Security headers on every answer (API, web app, files, errors): a Content-Security-Policy that
 * lets no inline script run and no site frame the panel, no MIME sniffing, a referrer that stays
 * on the origin, and HSTS once the request is known to have come over HTTPS.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year: browsers remember to use HTTPS only (sent only on HTTPS requests). */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    // Sent below only when the request came over HTTPS (directly, or per the trusted proxy).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
