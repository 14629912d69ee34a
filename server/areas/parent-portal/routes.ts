/**
 * The parents' API (/api/veli/…): sign-in with school code, school number and the parent code
 * from the consent letter; the child's consent per purpose, read and answered. A parent reaches
 * only its own child: no route takes a student's id.
 */
import type { FastifyRequest } from 'fastify';
import { errorResponse } from '../../../common/schemas/list';
import { parentConsentBody, parentConsentResponse, parentConsentsResponse, parentLoginBody, purposeParams } from '../../../common/schemas/parent';
import type { ParentCaller } from '../../auth/caller';
import { unauthorized } from '../../core/errors';
import { routeDocs, type Api } from '../../http/types';
import { codeSessionRoutes } from '../student-portal/login';
import { answerConsent, parentConsents } from './consents';

const docs = routeDocs('veli');

function parentOf(request: FastifyRequest): ParentCaller {
  if (!request.parent) throw unauthorized();
  return request.parent;
}

export async function parentPortalRoutes(app: Api) {
  const { db } = app;

  codeSessionRoutes(app, {
    holder: 'parent',
    body: parentLoginBody,
    code: 'parentCode',
    docs,
    summaries: {
      login: 'Veli girişi: okul kodu, okul numarası ve veli kodu ile oturum açar, bir token döner',
      logout: 'Veli çıkışı: token’ı geçersiz kılar',
    },
    callerOf: parentOf,
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
