/**
 * The prefixes of those who sign in with a code, not an account: /api/student/ and /api/veli/.
 * Each looks its sessions up in its own table, so a staff token is refused here, a student's
 * token is refused under /api/veli (and the other way round), and neither is known under any
 * staff prefix (whose guard knows only staff levels and staff sessions).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ApiRoutes } from './levelApi';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { PortalCaller } from '../auth/caller';
import { noteIssuingSession } from '../storage/signedUrl';
import { unauthorized } from '../core/errors';

export interface PortalRoutes extends ApiRoutes {
  /** Who a token of this prefix belongs to, or null. */
  findCaller(db: Db, token: string): Promise<PortalCaller | null>;
}

export const portalApi: FastifyPluginAsync<PortalRoutes> = async (app, { routes, findCaller }) => {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const caller = await findCaller(app.db, token);
    if (!caller) throw unauthorized();
    if (caller.level === 'student') request.student = caller;
    else request.parent = caller;
    noteIssuingSession(caller.sessionId);
  });
  for (const register of routes) await register(app.withTypeProvider<ZodTypeProvider>());
};
