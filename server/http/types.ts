import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Caller } from '../auth/caller';
import type { UrlSigner } from '../storage/signedUrl';
import type { Storage } from '../storage/store';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where photos, logos and covers are kept. */
    storage: Storage;
    /** Signs the short-lived photo URLs that answers hand out. */
    photoUrls: UrlSigner;
  }
}

/** The Fastify instance every area's routes are written against (zod schemas as types). */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The signed-in caller of a protected route (the level guard has set it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
