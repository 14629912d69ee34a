/** Errors as the API answers them: a non-2xx status with { success: false, message[, errors] }. */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { tr } from '../../common/tr';
import { isDatabaseUnavailable, isYearbookLocked } from '../db/faults';
import { HttpError } from '../core/errors';

/** "/email" → "email"; "/items/2/name" → "items.2.name". */
function fieldName(instancePath: string | undefined, fallback: string): string {
  const name = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return name || fallback;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        // An unknown field is reported under its own name, so a form can mark it.
        const keys = issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [];
        const names = keys.length ? keys : [fieldName(issue.instancePath, error.validationContext ?? 'body')];
        for (const name of names) errors[name] ??= issue.message ?? tr.validation.invalid;
      }
      return reply.code(400).send({ success: false, message: tr.badInput, errors });
    }
    if (isYearbookLocked(error)) {
      return reply.code(423).send({ success: false, message: tr.yearbook.locked });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ success: false, message: tr.genericError });
    }
    // Before the database check: a reset of the client's own socket is ECONNRESET too.
    if (request.raw.destroyed || request.raw.readableAborted) {
      // The client went away mid-request (a cancelled upload): nobody reads this answer, and it is no fault of ours.
      request.log.info({ code: error.code, reason: error.message }, 'client cancelled the request');
      return reply.code(400).send({ success: false, message: tr.validation.bodyMissing });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ success: false, message: tr.databaseUnavailable });
    }
    if (/Unexpected end of (form|multipart)|Malformed part header|Boundary not found|Multipart: /i.test(error.message)) {
      // A multipart body that is cut short or has no boundary: bad input, whichever route reads it.
      return reply.code(400).send({ success: false, message: tr.validation.bodyMissing });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      const message = status === 413 ? tr.validation.bodyTooLarge : tr.validation.bodyMissing;
      return reply.code(status === 415 || status === 413 ? status : 400).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: tr.genericError });
  });
}

/** Writes an answer in the app's shape straight to a socket no route will answer, and closes it. */
function answerOnSocket(socket: Socket, status: number, message: string): void {
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * A request Node's HTTP parser refuses before any route runs (a control character in a header,
 * an unknown method, headers too large, too slow): answered on the socket in the app's shape.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, tr.validation.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, tr.validation.headersTooLarge]
        : [400, tr.validation.unreadableRequest];
  this.log.debug({ code: error.code }, 'request refused by the HTTP parser');
  answerOnSocket(socket, status, message);
}

/** CONNECT (a proxy's tunnel) never reaches a route; Node would close the socket without a word. */
export function refuseTunnels(app: FastifyInstance): void {
  app.server.on('connect', (_request: unknown, socket: Socket) => answerOnSocket(socket, 405, tr.validation.methodNotAllowed));
}
