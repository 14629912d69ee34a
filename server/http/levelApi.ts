/**
 * Everything under /api/{level}/: the level guard and the routes of the areas app.ts hands in.
 * A token is valid only under its own level's prefix; a route may narrow the levels further.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLevel } from '../../common/levels';
import { tr } from '../../common/tr';
import { findCaller } from '../auth/sessions';
import { noteIssuingSession } from '../storage/signedUrl';
import { acceptUploads } from '../storage/uploads';
import type { Api } from './types';
import { forbidden, notFound, unauthorized } from '../core/errors';

/** The areas' route modules, listed in areas/index.ts. */
export interface ApiRoutes {
  routes: Array<(app: Api) => Promise<void>>;
}

export const levelApi: FastifyPluginAsync<ApiRoutes> = async (app, { routes }) => {
  app.addHook('onRequest', async (request) => {
    const level = (request.params as { level?: string }).level;
    if (!isLevel(level)) throw notFound();
    const config = request.routeOptions.config;
    if (config.public) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const caller = await findCaller(app.db, app.sessions, token, level);
    if (!caller) throw unauthorized();
    if (config.levels && !config.levels.includes(caller.level)) throw forbidden(tr.forbiddenFor(config.levels.map((level) => tr.levels[level])));
    request.caller = caller;
    noteIssuingSession(caller.sessionId);
  });
  // A signed-in change (logout, a password, an account switched off) is answered only once this
  // process has heard of every session it ended, so the very next request is refused.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.caller || request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    app.sessions.settle().then(() => done(null, payload), done);
  });
  await acceptUploads(app);
  for (const register of routes) await register(app.withTypeProvider<ZodTypeProvider>());
};
