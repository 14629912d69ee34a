/** POST {level}/login, POST {level}/logout, GET {level}/user (spec §3, §7; design.md §3). */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { tr } from '../../common/tr';
import { keyLower, branchName } from '../../common/text';
import { changePasswordBody, loginBody, loginResponse, sessionsResponse, userResponse } from '../../common/schemas/auth';
import { idParams } from '../../common/schemas/fields';
import { errorResponse, okResponse } from '../../common/schemas/list';
import { branches, schools, users } from '../db/schema';
import { fieldError, HttpError, notFound } from '../http/errors';
import { callerOf, type Api } from '../http/types';
import { listCities } from '../areas/cities/queries';
import { effectiveDesign } from '../areas/design/queries';
import { statisticsFor } from '../areas/statistics/queries';
import { studioInfo } from '../areas/studio/queries';
import { isLevel } from '../../common/levels';
import { verifyPassword } from './passwords';
import { beginAttempt, type LimiterSettings } from './loginLimiter';
import { activeSessions, createSession, revokeOwnSession, revokeSession, revokeUserSessions } from './sessions';
import { hashPassword } from './passwords';
import { recordAudit } from '../areas/audit/record';

export async function authRoutes(app: Api) {
  const limits: LimiterSettings = {
    maxPerAccount: app.config.loginMaxFailuresPerAccount,
    maxPerAddress: app.config.loginMaxFailuresPerAddress,
    windowMinutes: app.config.loginFailureWindowMinutes,
  };

  /** A slot for one password check of this account from this address, or a 429 saying how long to wait. */
  async function reserveAttempt(account: string, ip: string, reply: FastifyReply) {
    const attempt = await beginAttempt(app.db, limits, account, ip);
    if ('waitSeconds' in attempt) {
      reply.header('retry-after', String(attempt.waitSeconds));
      throw new HttpError(429, tr.tooManyTriesWait(attempt.waitSeconds));
    }
    return attempt;
  }

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
    async (request, reply) => {
      const level = (request.params as { level: string }).level;
      const email = keyLower(request.body.email);
      // The attempt is counted before the password is checked, so parallel tries count too.
      const attempt = await reserveAttempt(email, request.ip, reply);

      const [user] = await app.db
        .select({ id: users.id, passwordHash: users.passwordHash, level: users.level, active: users.active })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const usable = user && user.active && user.level === level;
      const ok = await verifyPassword(usable ? user.passwordHash : null, request.body.password);
      // The same answer for an unknown e-mail and a wrong password: nothing tells which.
      if (!usable || !ok || !isLevel(level)) throw new HttpError(400, tr.wrongCredentials);
      await attempt.succeeded();
      await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      const token = await createSession(app.db, user.id, level, app.config.sessionTtlHours, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return { success: true as const, token };
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], summary: 'Çıkış: oturumun token’ını geçersiz kılar', response: { 200: okResponse } } }, async (request) => {
    await revokeSession(app.db, callerOf(request).sessionId);
    return { success: true as const };
  });

  app.get('/user', { schema: { tags: ['auth'], summary: 'Oturumdaki kullanıcının bilgileri (spec §3)', response: { 200: userResponse } } }, async (request) => {
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
      branch: branch ? { id: branch.id, schoolId: branch.schoolId, name: branchName(branch) } : null,
      statistics,
      level: caller.level,
    };
  });

  app.post(
    '/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Kendi şifresini değiştirir (mevcut şifre gerekir); diğer oturumlar kapanır',
        body: changePasswordBody,
        response: { 200: okResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { currentPassword, newPassword } = request.body;
      if (currentPassword === newPassword) throw fieldError('newPassword', tr.account.samePassword);
      // Guessing the current password through this call is throttled like signing in.
      const attempt = await reserveAttempt(caller.email, request.ip, reply);
      const [user] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
      if (!(await verifyPassword(user?.passwordHash ?? null, currentPassword))) throw fieldError('currentPassword', tr.account.wrongCurrentPassword);
      await attempt.succeeded();
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, caller.userId));
        await revokeUserSessions(tx, caller.userId, caller.sessionId);
        await recordAudit(tx, caller, { action: 'password', entity: 'user', entityId: caller.userId, schoolId: caller.schoolId });
      });
      return { success: true as const };
    },
  );

  app.get('/sessions', { schema: { tags: ['auth'], summary: 'Hesabın açık oturumları', response: { 200: sessionsResponse } } }, async (request) => {
    const caller = callerOf(request);
    const rows = await activeSessions(app.db, caller.userId);
    return {
      success: true as const,
      items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(), current: r.id === caller.sessionId })),
    };
  });

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Hesabın başka bir oturumunu kapatır',
        params: idParams,
        response: { 200: okResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // This session ends with "Çıkış yap"; here only the others.
      if (request.params.id === caller.sessionId) throw notFound();
      if (!(await revokeOwnSession(app.db, caller.userId, request.params.id))) throw notFound();
      return { success: true as const };
    },
  );
}
