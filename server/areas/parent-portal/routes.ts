/**
 * The parents' API (/api/veli/…): sign-in with school code, school number and the parent code
 * from the consent letter; the child's consent per purpose, read and answered. A parent reaches
 * only its own child: no route takes a student's id.
 */
import type { FastifyRequest } from 'fastify';
import { loginAnswers } from '../../../common/schemas/auth';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { parentConsentBody, parentConsentResponse, parentConsentsResponse, parentLoginBody, purposeParams } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import type { ParentCaller } from '../../auth/caller';
import { reserveAttempt } from '../../auth/loginLimiter';
import { verifyPassword } from '../../auth/passwords';
import { revokePortalSession, signInParent } from '../../auth/studentSessions';
import { HttpError, unauthorized } from '../../core/errors';
import { routeDocs, type Api } from '../../http/types';
import { normaliseCode } from '../student-portal/accessCodes';
import { studentByCode } from '../student-portal/login';
import { answerConsent, parentConsents } from './consents';

const docs = routeDocs('veli');

function parentOf(request: FastifyRequest): ParentCaller {
  if (!request.parent) throw unauthorized();
  return request.parent;
}

export async function parentPortalRoutes(app: Api) {
  const { db, config } = app;

  app.post(
    '/login',
    docs('Veli girişi: okul kodu, okul numarası ve veli kodu ile oturum açar, bir token döner', { body: parentLoginBody, response: loginAnswers }, 'public'),
    async (request, reply) => {
      const schoolCode = request.body.schoolCode.toLocaleUpperCase('en');
      const { schoolNumber } = request.body;
      // Counted apart from the student's own sign-in, before the code is checked.
      const attempt = await reserveAttempt(db, config, `veli:${schoolCode}|${schoolNumber}`, request.ip, reply);
      const student = await studentByCode(db, schoolCode, schoolNumber);
      const ok = await verifyPassword(student?.parentCodeHash ?? null, normaliseCode(request.body.parentCode));
      if (!student || !ok) throw new HttpError(400, tr.parent.wrongCredentials);
      await attempt.succeeded();
      const token = await signInParent(db, student.id, config.sessionTtlHours, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return { success: true as const, token };
    },
  );

  app.post('/logout', docs('Veli çıkışı: token’ı geçersiz kılar', { response: { 200: okResponse } }), async (request) => {
    await revokePortalSession(db, parentOf(request));
    return { success: true as const };
  });

  app.get(
    '/consents',
    docs('Çocuğun her amaç için yürürlükteki açık rıza yanıtı (yanıtsızsa null), okunacak metinler ve yıllığın kesinleşip kesinleşmediği', {
      response: { 200: parentConsentsResponse },
    }),
    async (request) => ({ success: true as const, ...(await parentConsents(db, parentOf(request))) }),
  );

  app.put(
    '/consents/:purpose',
    docs('Bir amaç için açık rıza yanıtı (evet/hayır), yanıtı verenin adı ve yakınlığıyla; yıllık kesinleşince değiştirilemez (409)', {
      params: purposeParams,
      body: parentConsentBody,
      response: { 200: parentConsentResponse, 400: errorResponse, 409: errorResponse },
    }),
    async (request) => {
      const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return { success: true as const, item: await answerConsent(db, parentOf(request), request.params.purpose, request.body, origin) };
    },
  );
}
