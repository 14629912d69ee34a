/** Signing in and out, user info, the caller's own password and sessions: {level}/login, logout, user, password, sessions. */
import { isLevel } from '../../../common/levels';
import { changePasswordBody, loginBody, loginAnswers, sessionsResponse, userResponse } from '../../../common/schemas/auth';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { keyLower } from '../../../common/text';
import { tr } from '../../../common/tr';
import { fieldError, HttpError, notFound } from '../../core/errors';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { reserveAttempt } from '../../auth/loginLimiter';
import { verifyPassword } from '../../auth/passwords';
import { accountByEmail, passwordHashOf, userInfo } from './queries';
import { activeSessions, revokeOwnSession, revokeSession } from '../../auth/sessions';
import { changeOwnPassword, signIn } from './writes';

const docs = routeDocs('auth');

export async function accountRoutes(app: Api) {
  app.post(
    '/login',
    docs('Giriş: e-posta ve şifre ile oturum açar, bir token döner', { body: loginBody, response: loginAnswers }, 'public'),
    async (request, reply) => {
      const level = (request.params as { level: string }).level;
      const email = keyLower(request.body.email);
      // The attempt is counted before the password is checked, so parallel tries count too.
      const attempt = await reserveAttempt(app.db, app.config, email, request.ip, reply);

      const user = await accountByEmail(app.db, email);
      const usable = user && user.active && user.level === level;
      const ok = await verifyPassword(usable ? user.passwordHash : null, request.body.password);
      // The same answer for an unknown e-mail and a wrong password: nothing tells which.
      if (!usable || !ok || !isLevel(level)) throw new HttpError(400, tr.wrongCredentials);
      await attempt.succeeded();
      const token = await signIn(app.db, user.id, level, app.config.sessionTtlHours, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return { success: true as const, token };
    },
  );

  app.post('/logout', docs('Çıkış: oturumun token’ını geçersiz kılar', { response: { 200: okResponse } }), async (request) => {
    await revokeSession(app.db, callerOf(request).sessionId);
    return { success: true as const };
  });

  app.get('/user', docs('Oturumdaki kullanıcının bilgileri', { response: { 200: userResponse } }), async (request) => ({
    success: true as const,
    ...(await userInfo(app.db, callerOf(request))),
  }));

  app.post(
    '/password',
    docs('Kendi şifresini değiştirir (mevcut şifre gerekir); diğer oturumlar kapanır', {
      body: changePasswordBody,
      response: { 200: okResponse, 400: errorResponse, 429: errorResponse },
    }),
    async (request, reply) => {
      const caller = callerOf(request);
      const { currentPassword, newPassword } = request.body;
      if (currentPassword === newPassword) throw fieldError('newPassword', tr.account.samePassword);
      // Guessing the current password through this call is throttled like signing in.
      const attempt = await reserveAttempt(app.db, app.config, caller.email, request.ip, reply);
      if (!(await verifyPassword(await passwordHashOf(app.db, caller.userId), currentPassword)))
        throw fieldError('currentPassword', tr.account.wrongCurrentPassword);
      await attempt.succeeded();
      await changeOwnPassword(app.db, caller, newPassword);
      return { success: true as const };
    },
  );

  app.get('/sessions', docs('Hesabın açık oturumları', { response: { 200: sessionsResponse } }), async (request) => {
    const caller = callerOf(request);
    const rows = await activeSessions(app.db, caller.userId);
    return {
      success: true as const,
      items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(), current: r.id === caller.sessionId })),
    };
  });

  app.delete(
    '/sessions/:id',
    docs('Hesabın başka bir oturumunu kapatır', { params: idParams, response: { 200: okResponse, 400: errorResponse, 404: errorResponse } }),
    async (request) => {
      const caller = callerOf(request);
      // This session ends with "Çıkış yap"; here only the others.
      if (request.params.id === caller.sessionId) throw notFound();
      if (!(await revokeOwnSession(app.db, caller.userId, request.params.id))) throw notFound();
      return { success: true as const };
    },
  );
}
