/**
 * Everything under /api/student/: a student's session is looked up in its own table, so a staff
 * token is refused here and a student's token is refused under every staff prefix (whose guard
 * knows only staff levels and staff sessions).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ApiRoutes } from './levelApi';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findStudentCaller } from '../auth/studentSessions';
import { noteIssuingSession } from '../storage/signedUrl';
import { unauthorized } from '../core/errors';

export const studentApi: FastifyPluginAsync<ApiRoutes> = async (app, { routes }) => {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const student = await findStudentCaller(app.db, token);
    if (!student) throw unauthorized();
    request.student = student;
    noteIssuingSession(student.sessionId);
  });
  for (const register of routes) await register(app.withTypeProvider<ZodTypeProvider>());
};
