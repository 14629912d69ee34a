/**
 * Staff's side of parents' consent: a student's answers and evidence, a paper form entered (with
 * its scan), the class teacher's list, and the reminder to those whose parents have not answered.
 * Every id is checked against the caller's scope (404 outside it).
 */
import type { ConsentPurpose } from '../../../common/schemas/consents';
import { consentListAnswer, paperConsentBody, scanAnswer, studentConsentsAnswer } from '../../../common/schemas/consentStaff';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope, studentInScope } from '../../auth/access';
import { notFound } from '../../core/errors';
import { recordCalls } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { megabytes, readOneFile } from '../../storage/uploads';
import { branchReminderRoutes } from '../notifications/reminderRoutes';
import { listStudents } from '../students/queries';
import { remakeDigitalEditionAfterConsent } from '../digital-yearbook/writes';
import { recordById, recordsOf, statesOf } from './staffQueries';
import { previewConsentReminder, recordPaperConsent, remindUnanswered, storeScan } from './staffWrites';

const docs = routeDocs('consents');
/** The answers the digital edition applies: its photos, and the name and words of a student. */
const DIGITAL_PURPOSES = new Set<ConsentPurpose>(['digital-photo', 'print-text']);

export async function consentStaffRoutes(app: Api) {
  const recordCall = recordCalls(app, docs);
  const files = app.storage.photos;
  const answerOf = async (studentId: number) => ({
    success: true as const,
    states: (await statesOf(app.db, [studentId])).get(studentId)!,
    records: await recordsOf(app.db, studentId),
  });

  recordCall('GET', '/students/:id/consents', studentInScope, {
    summary: 'Öğrencinin veli onayları: her amacın durumu ve bütün kayıtlar (en yenisi önce)',
    answer: studentConsentsAnswer,
    handle: (_caller, student) => answerOf(student.id),
  });

  recordCall('POST', '/students/:id/consents', studentInScope, {
    summary: 'Kâğıt Veli Onay Formundaki yanıtı kaydeder (bir amaç; tarama önce consent-scans ile yüklenir)',
    body: paperConsentBody,
    answer: studentConsentsAnswer,
    handle: async (caller, student, answer) => {
      await recordPaperConsent(app.db, files, caller, student, answer);
      // The digital edition of a final book shows photos and texts by these answers: it is made again.
      if (DIGITAL_PURPOSES.has(answer.purpose)) await remakeDigitalEditionAfterConsent(app.db, caller, student);
      return answerOf(student.id);
    },
  });

  app.post(
    '/students/:id/consent-scans',
    docs('Kâğıt formun taramasını yükler (multipart/form-data, alan: file; JPEG, PNG veya WebP); kaydın anacağı anahtarı döner', {
      params: idParams,
      response: { 200: scanAnswer, 400: errorResponse, 404: errorResponse, 413: errorResponse },
    }),
    async (request) => {
      const student = await studentInScope(app.db, callerOf(request), request.params.id);
      const maxBytes = app.config.photoMaxBytes;
      const file = await readOneFile(request, {
        maxFileBytes: maxBytes,
        tooLarge: tr.consent.paper.tooLarge(megabytes(maxBytes)),
        noFile: tr.consent.paper.noFile,
      });
      return { success: true as const, scanKey: await storeScan(files, student, file.data, app.config.photoMaxPixels) };
    },
  );

  app.get('/consent-records/:id/scan', docs('Kâğıt formun taraması (JPEG)', { params: idParams }), async (request, reply) => {
    const record = await recordById(app.db, request.params.id);
    if (!record?.studentId || !record.scanKey) throw notFound();
    await studentInScope(app.db, callerOf(request), record.studentId);
    const data = await files.get(record.scanKey);
    if (!data) throw notFound();
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('image/jpeg').send(data);
  });

  app.get(
    '/branches/:id/consent-list',
    docs('Sınıf öğretmeni için veli onay listesi: şubenin öğrencileri ve her amacın durumu (okul numarası sırasıyla)', {
      params: idParams,
      response: { 200: consentListAnswer, 404: errorResponse },
    }),
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const school = await schoolInScope(app.db, caller, branch.schoolId);
      const { rows } = await listStudents(app.db, branch.id, { page: 1, perPage: 100, q: '', order: 'asc' }, false);
      const states = await statesOf(
        app.db,
        rows.map((r) => r.id),
      );
      return {
        success: true as const,
        branchName: branchName(branch),
        schoolName: school.name,
        items: rows.map((r) => ({ id: r.id, schoolNumber: r.schoolNumber, name: `${r.firstName} ${r.lastName}`, states: states.get(r.id)! })),
      };
    },
  );

  branchReminderRoutes(app, {
    path: '/branches/:id/remind-consent',
    docs,
    previewSummary: 'Velisi yanıt vermemiş öğrencilere gidecek bildirim: alıcıları, metni ve şu an gönderilemiyorsa nedeni',
    sendSummary: 'Velisi her amaca yanıt vermemiş öğrencilere hemen bildirim gönderir (aynı gün ikinci kez gönderilmez)',
    preview: previewConsentReminder,
    send: remindUnanswered,
  });
}
