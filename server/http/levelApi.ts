/**
 * Everything under /api/{level}/: the level guard and every area's routes.
 * A token is valid only under its own level's prefix; a route may narrow the levels further.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLevel } from '../../common/levels';
import { tr } from '../../common/tr';
import { findCaller } from '../auth/sessions';
import { authRoutes } from '../auth/routes';
import { citiesRoutes } from '../areas/cities/routes';
import { messagesRoutes } from '../areas/messages/routes';
import { nicknamesRoutes } from '../areas/nicknames/routes';
import { statisticsRoutes } from '../areas/statistics/routes';
import { schoolsRoutes } from '../areas/schools/routes';
import { managersRoutes } from '../areas/managers/routes';
import { branchesRoutes } from '../areas/branches/routes';
import { auditRoutes } from '../areas/audit/routes';
import { studentsRoutes } from '../areas/students/routes';
import { photosRoutes } from '../areas/photos/routes';
import { importRoutes } from '../areas/imports/routes';
import { brandingRoutes } from '../areas/branding/routes';
import { designRoutes } from '../areas/design/routes';
import { notificationsRoutes } from '../areas/notifications/routes';
import { studioRoutes } from '../areas/studio/routes';
import { noteIssuingSession } from '../storage/signedUrl';
import { studentPortalStaffRoutes } from '../areas/student-portal/staffRoutes';
import { yearbookRoutes } from '../areas/yearbook/routes';
import { acceptUploads } from '../storage/uploads';
import type { Api } from './types';
import { forbidden, notFound, unauthorized } from './errors';

/** Each area adds its route module here. */
const areaRoutes: Array<(app: Api) => Promise<void>> = [
  authRoutes,
  citiesRoutes,
  statisticsRoutes,
  schoolsRoutes,
  managersRoutes,
  branchesRoutes,
  auditRoutes,
  messagesRoutes,
  nicknamesRoutes,
  studentsRoutes,
  photosRoutes,
  importRoutes,
  notificationsRoutes,
  studioRoutes,
  designRoutes,
  brandingRoutes,
  studentPortalStaffRoutes,
  yearbookRoutes,
];

export const levelApi: FastifyPluginAsync = async (app) => {
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
  app.addHook('onSend', async (request) => {
    if (request.caller && request.method !== 'GET' && request.method !== 'HEAD') await app.sessions.settle();
  });
  await acceptUploads(app);
  for (const register of areaRoutes) await register(app.withTypeProvider<ZodTypeProvider>());
};
