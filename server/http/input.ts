/**
 * Text no person types: a NUL byte, or half of a UTF-16 surrogate pair. PostgreSQL refuses the
 * first and cannot store the second faithfully, so every request carrying either, anywhere in
 * its query, path or JSON body, is refused at the door with a Turkish 400.
 */
import type { FastifyInstance } from 'fastify';
import { tr } from '../../common/tr';
import { badRequest } from '../core/errors';

/** A NUL, a high surrogate without its low half, or a low one without its high half. */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNREADABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unreadable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNREADABLE.test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) if (unreadable(key, depth + 1) || unreadable(inner, depth + 1)) return true;
  return false;
}

export function refuseUnreadableText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (unreadable(request.params) || unreadable(request.query) || unreadable(request.body)) return done(badRequest(tr.validation.badCharacters));
    done();
  });
}
