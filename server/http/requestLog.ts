/**
 * One log line per request, written when the answer has gone: method, path, status, time.
 * Server faults log at error, client mistakes at info, so an error line always means our fault.
 */
import type { FastifyInstance } from 'fastify';

export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      // The path without its query: signed photo URLs carry their signature there.
      url: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  });
}
