/**
 * Staff's side of the parents' sign-in: a new parent code for one student, the consent letters
 * (Veli Onay Formu) of a branch or of one student as a PDF (each letter a new parent code), and
 * the studio's consent texts. Every id is checked against the caller's scope (404 outside it).
 */
import { cardsBody } from '../../../common/schemas/student';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { consentTextBody, consentTextResponse, consentTextsResponse, purposeParams } from '../../../common/schemas/parent';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope, studentInScope } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { attachmentHeader } from '../../http/disposition';
import { callerOf, routeDocs, type Api } from '../../http/types';
import type { FastifyReply } from 'fastify';
import { issueCodeRoute, issueCodes, sheetCodes, type IssuedCode } from '../student-portal/accessCodes';
import { currentTexts, saveText } from '../consents/texts';
import { renderConsentForms } from './forms';

const docs = routeDocs('veli');

export async function parentPortalStaffRoutes(app: Api) {
  const { db } = app;

  issueCodeRoute(
    app,
    docs,
    '/students/:id/parent-code',
    'Öğrencinin velisine yeni veli kodu verir (eskisi ve onunla açılan oturumlar hemen geçersiz olur); kod yalnızca bu yanıtta döner',
    'parent',
  );

  const sendForms = async (
    reply: FastifyReply,
    caller: Caller,
    place: { school: { name: string; code: string }; branch: { grade: number; section: string } },
    forms: IssuedCode[],
  ) => {
    const name = branchName(place.branch);
    const pdf = renderConsentForms({
      schoolName: place.school.name,
      schoolCode: place.school.code,
      branchName: name,
      loginUrl: `${app.config.publicUrl}/veli/login`,
      texts: await currentTexts(db, caller.studioId),
      forms,
    });
    const file = forms.length === 1 ? `veli-onay-formu-${forms[0]!.schoolNumber}.pdf` : `veli-onay-formları-${name.replace('/', '-')}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachmentHeader(file)).header('cache-control', 'no-store').send(pdf);
  };

  app.post(
    '/branches/:id/consent-forms.pdf',
    docs(
      'Veli onay formları (A4, her öğrenciye bir sayfa, karekodlu PDF); seçilen öğrencilerin (studentIds; verilmezse bütün öğrencilerin) velilerine yeni veli kodu verilir',
      {
        params: idParams,
        body: cardsBody,
        response: { 400: errorResponse, 404: errorResponse },
      },
    ),
    async (request, reply) => {
      const caller = callerOf(request);
      const sheet = await sheetCodes(db, caller, request.params.id, request.body?.studentIds, 'parent', tr.parent.forms.tooMany);
      return sendForms(reply, caller, sheet, sheet.items);
    },
  );

  app.post(
    '/students/:id/consent-form.pdf',
    docs('Bir öğrencinin veli onay formu (PDF); velisine yeni veli kodu verilir', { params: idParams, response: { 404: errorResponse } }),
    async (request, reply) => {
      const caller = callerOf(request);
      const student = await studentInScope(db, caller, request.params.id);
      const [school, branch] = await Promise.all([schoolInScope(db, caller, student.schoolId), branchInScope(db, caller, student.branchId)]);
      return sendForms(reply, caller, { school, branch }, await issueCodes(db, caller, [student], 'parent'));
    },
  );

  app.get(
    '/consent-texts',
    docs(
      'Velilerin okuduğu açık rıza metinleri, her amaç için yürürlükteki sürüm (stüdyonun yazdığı ya da varsayılan)',
      { response: { 200: consentTextsResponse } },
      ['panel'],
    ),
    async (request) => ({ success: true as const, items: await currentTexts(db, callerOf(request).studioId) }),
  );

  app.put(
    '/consent-texts/:purpose',
    docs(
      'Bir amacın açık rıza metnini değiştirir: yeni bir sürüm kaydedilir, eski yanıtlar kendi sürümlerini korur',
      {
        params: purposeParams,
        body: consentTextBody,
        response: { 200: consentTextResponse, 400: errorResponse },
      },
      ['panel'],
    ),
    async (request) => ({ success: true as const, item: await saveText(db, callerOf(request), request.params.purpose, request.body.body) }),
  );
}
