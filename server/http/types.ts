import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Level } from '../../common/levels';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Caller } from '../auth/caller';
import type { SessionCache } from '../auth/sessionCache';
import type { UrlSigner } from '../storage/signedUrl';
import type { Storage } from '../storage/store';
import { unauthorized } from '../core/errors';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where photos, logos and covers are kept. */
    storage: Storage;
    /** Signs the short-lived photo URLs that answers hand out. */
    photoUrls: UrlSigner;
    /** Who a session belongs to, remembered for a short while. */
    sessions: SessionCache;
  }
}

/** The Fastify instance every area's routes are written against (zod schemas as types). */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The signed-in caller of a protected route (the level guard has set it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * The caller and the record the path's `:id` names, found by an `…InScope` lookup of the access
 * module (404 outside the caller's scope): how a route on one record begins.
 */
export async function scopedRecord<Row>(
  request: FastifyRequest & { params: { id: number } },
  inScope: (db: Db, caller: Caller, id: number) => Promise<Row>,
): Promise<[Caller, Row]> {
  const caller = callerOf(request);
  return [caller, await inScope(request.server.db, caller, request.params.id)];
}

/**
 * The options of an area's routes from what differs per route: its summary and zod schemas (the
 * OpenAPI document shows them under the area's tag), and who may call it: the levels named
 * (another level gets 403), every signed-in caller when none are, or anyone ('public').
 */
export function routeDocs(tag: string) {
  return <S extends FastifySchema>(summary: string, schema: S, callers?: readonly Level[] | 'public') => {
    const config: FastifyContextConfig = callers === 'public' ? { public: true } : callers ? { levels: callers } : {};
    return { config, schema: { tags: [tag], summary, ...schema } };
  };
}
