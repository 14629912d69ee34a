/**
 * Staff's side of the student portal: access codes (one student's, or a branch's with its login
 * cards as a page or PDF), approving a student's own quote, and reminding those who have not
 * written. Every id is checked against the caller's scope (404 outside it).
 */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { branchCodesResponse, cardsBody, quoteDecisionBody } from '../../../common/schemas/student';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { studentInScope } from '../../auth/access';
import { attachmentHeader } from '../../http/disposition';
import { HttpError } from '../../core/errors';
import { recordCalls } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import type { FastifyRequest } from 'fastify';
import { issueCodeRoute, sheetCodes } from './accessCodes';
import { renderCards } from './cards';
import { branchReminderRoutes } from '../notifications/reminderRoutes';
import { decideQuote, previewReminder, remindUnwritten } from './staffWrites';

const docs = routeDocs('student-portal');

export async function studentPortalStaffRoutes(app: Api) {
  const recordCall = recordCalls(app, docs);
  issueCodeRoute(
    app,
    docs,
    '/students/:id/access-code',
    'Öğrenciye yeni giriş kodu verir (eskisi hemen geçersiz olur); kod yalnızca bu yanıtta düz metin olarak döner',
    'student',
  );

  /**
   * New codes, with what a card prints: for the picked students alone (each must be of the
   * branch, or nothing changes), or without a pick for the whole branch.
   */
  const branchCodes = async (request: FastifyRequest, branchId: number, picked: number[] | undefined) => {
    const { school, branch, items } = await sheetCodes(app.db, callerOf(request), branchId, picked, 'student', tr.student.cards.tooMany);
    return { schoolName: school.name, schoolCode: school.code, branchName: branchName(branch), loginUrl: `${app.config.publicUrl}/student/login`, items };
  };

  app.post(
    '/branches/:id/access-codes',
    docs('Seçilen öğrencilere (studentIds; verilmezse şubedeki bütün öğrencilere) yeni giriş kodu verir; giriş kartları için kodları döner', {
      params: idParams,
      body: cardsBody,
      response: { 200: branchCodesResponse, 400: errorResponse, 404: errorResponse },
    }),
    async (request) => ({ success: true as const, ...(await branchCodes(request, request.params.id, request.body?.studentIds)) }),
  );

  app.post(
    '/branches/:id/login-cards.pdf',
    docs('Giriş kartları (A4, sayfada 10 kart, karekodlu PDF); seçilen öğrencilere (studentIds; verilmezse bütün öğrencilere) yeni kod verilir', {
      params: idParams,
      body: cardsBody,
    }),
    async (request, reply) => {
      const codes = await branchCodes(request, request.params.id, request.body?.studentIds);
      const pdf = renderCards({ ...codes, cards: codes.items });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(`giriş-kartları-${codes.branchName.replace('/', '-')}.pdf`))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  recordCall('POST', '/students/:id/quote', studentInScope, {
    summary: 'Öğrencinin yazdığı yıllık sözünü onaylar veya reddeder',
    body: quoteDecisionBody,
    answer: okResponse,
    handle: async (caller, student, decision) => {
      if (student.quoteDraft === null) throw new HttpError(400, tr.student.noQuoteDraft);
      await decideQuote(app.db, caller, student, decision.action);
      return { success: true as const };
    },
  });

  branchReminderRoutes(app, {
    path: '/branches/:id/remind-unwritten',
    docs,
    previewSummary: 'Yazmayanlara gidecek bildirim: alıcıları, metni ve şu an gönderilemiyorsa nedeni (onay sorusu için)',
    sendSummary: 'Şubede henüz mesaj yazmamış öğrencilere bildirim gönderir (kilitli şubede ve aynı gün ikinci kez gönderilmez)',
    refusedWhenLocked: true,
    preview: previewReminder,
    send: remindUnwritten,
  });
}
