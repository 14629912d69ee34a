/** POST {level}/login, POST {level}/logout, GET {level}/user (spec §3, §7; design.md §3). */
import { and, eq } from 'drizzle-orm';
import { tr } from '../../common/tr';
import { keyLower } from '../../common/text';
import { loginBody, loginResponse, userResponse } from '../../common/schemas/auth';
import { errorResponse, okResponse } from '../../common/schemas/list';
import { branches, schools, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { callerOf, type Api } from '../http/types';
import { listCities } from '../areas/cities/queries';
import { effectiveDesign } from '../areas/design/queries';
import { statisticsFor } from '../areas/statistics/queries';
import { studioInfo } from '../areas/studio/queries';
import { isLevel } from '../../common/levels';
import { verifyPassword } from './passwords';
import { clearAccountFailures, isLimited, recordFailure } from './loginLimiter';
import { createSession, revokeSession } from './sessions';

export async function authRoutes(app: Api) {
  const limiter = () => ({
    maxPerAccount: app.config.loginMaxFailuresPerAccount,
    maxPerAddress: app.config.loginMaxFailuresPerAddress,
    windowMinutes: app.config.loginFailureWindowMinutes,
  });

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Giriş: e-posta ve şifre ile oturum açar, bir token döner',
        body: loginBody,
        response: { 200: loginResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const level = (request.params as { level: string }).level;
      const email = keyLower(request.body.email);
      const ip = request.ip;
      if (await isLimited(app.db, limiter(), email, ip)) throw new HttpError(429, tr.tooManyTries);

      const [user] = await app.db
        .select({ id: users.id, passwordHash: users.passwordHash, level: users.level, active: users.active })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const usable = user && user.active && user.level === level;
      const ok = await verifyPassword(usable ? user.passwordHash : null, request.body.password);
      if (!usable || !ok || !isLevel(level)) {
        await recordFailure(app.db, limiter(), email, ip);
        // The same answer for an unknown e-mail and a wrong password: nothing tells which.
        throw new HttpError(400, tr.wrongCredentials);
      }
      await clearAccountFailures(app.db, email);
      await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      const token = await createSession(app.db, user.id, level, app.config.sessionTtlHours);
      return { success: true as const, token };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Çıkış: oturumun token’ını geçersiz kılar', response: { 200: okResponse } } },
    async (request) => {
      await revokeSession(app.db, callerOf(request).sessionId);
      return { success: true as const };
    },
  );

  app.get(
    '/user',
    { schema: { tags: ['auth'], summary: 'Oturumdaki kullanıcının bilgileri (spec §3)', response: { 200: userResponse } } },
    async (request) => {
      const caller = callerOf(request);
      const [school] = caller.schoolId
        ? await app.db
            .select({ id: schools.id, name: schools.name, cityId: schools.cityId })
            .from(schools)
            .where(and(eq(schools.id, caller.schoolId), eq(schools.studioId, caller.studioId)))
        : [];
      const [branch] = caller.branchId
        ? await app.db
            .select({ id: branches.id, schoolId: branches.schoolId, grade: branches.grade, section: branches.section })
            .from(branches)
            .where(and(eq(branches.id, caller.branchId), eq(branches.studioId, caller.studioId)))
        : [];
      const [design, cities, studio, statistics] = await Promise.all([
        effectiveDesign(app.db, caller.studioId, caller.schoolId),
        listCities(app.db),
        studioInfo(app.db, caller.studioId),
        statisticsFor(app.db, caller),
      ]);
      return {
        success: true as const,
        userInfo: { id: caller.userId, name: caller.name, email: caller.email, level: caller.level },
        design,
        cities,
        studio,
        school: school ?? null,
        branch: branch ? { id: branch.id, schoolId: branch.schoolId, name: `${branch.grade}/${branch.section}` } : null,
        statistics,
        level: caller.level,
      };
    },
  );
}

