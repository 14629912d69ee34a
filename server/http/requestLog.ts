/**
 * One log line per request, written when the answer has gone: method, path, status, time.
 * Server faults log at error, client mistakes at info, so an error line always means our fault.
 *
 * Every line a request logs carries its id (reqId): the X-Request-Id a proxy in front sent, when
 * it looks like an id, or a new random one (unique across nodes, unlike a counter per process).
 * The answer carries it back in X-Request-Id, so a user's report or the proxy's log finds the lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID = 'x-request-id';
/** Letters, digits and a few separators, not too long: nothing that could forge or break a log line. */
const SANE_ID = /^[\w.:-]{8,100}$/;

/** Fastify's options for request ids (the header is read here, not by Fastify, to check it first). */
export const requestIds = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const given = request.headers[REQUEST_ID];
    return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
  },
};

export function logOneLinePerRequest(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request for one header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const line = {
      method: request.method,
      // The path without its query: signed photo URLs carry their signature there.
      url: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
