/** Students of a branch: branches/{id}/students, students/{id}, move, export. */
import type { FastifyRequest } from 'fastify';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import { idParams } from '../../../common/schemas/fields';
import { listResponse, okResponse } from '../../../common/schemas/list';
import {
  bulkMoveBody,
  bulkResponse,
  bulkStudentsBody,
  moveBody,
  siblingsAnswer,
  studentBody,
  studentItem,
  studentListQuery,
  studentUpdateBody,
  type StudentItem,
} from '../../../common/schemas/students';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { branchInScope, studentInScope, type StudentRow } from '../../auth/access';
import { EXPORT_MAX_ROWS, exportFormat, sendExport } from '../../http/export';
import { listAnswer } from '../../http/list';
import { errorResponse } from '../../../common/schemas/list';
import { itemAnswer } from '../../../common/schemas/answers';
import { callerOf, routeDocs, scopedRecord, type Api } from '../../http/types';
import { listStudents, reachableSiblings, selectedStudents, studentItemFor, studentItems } from './queries';
import { createStudent, deleteInBulk, deleteStudent, moveInBulk, moveStudent, updateStudent } from './writes';

const docs = routeDocs('students');

const oneStudent = itemAnswer(studentItem);

export async function studentsRoutes(app: Api) {
  const signer = app.photoUrls;
  const one = async (row: StudentRow, level: string) => ({ success: true as const, item: await studentItemFor(app.db, row, signer, level) });

  app.get(
    '/branches/:id/students',
    docs(
      'Şubenin öğrencileri (sayfalı; arama, sıralama: schoolNumber | name, filtre: photo, coverage (below: görünme hedefinin altında), consentPurpose ve consentState)',
      {
        params: idParams,
        querystring: studentListQuery,
        response: { 200: listResponse(studentItem) },
      },
    ),
    async (request) => {
      const [caller, branch] = await scopedRecord(request, branchInScope);
      const { rows, total } = await listStudents(app.db, branch.id, request.query);
      return listAnswer(await studentItems(app.db, rows, signer, caller.level), total, request.query);
    },
  );

  app.get(
    '/branches/:id/siblings',
    docs('Aynı okulun görülebilen şubeleri (öğrenci taşıma için)', {
      params: idParams,
      response: {
        200: siblingsAnswer,
      },
    }),
    async (request) => {
      const [caller, branch] = await scopedRecord(request, branchInScope);
      const rows = await reachableSiblings(app.db, caller, branch);
      return { success: true as const, schoolId: branch.schoolId, branchName: branchName(branch), items: rows.map((b) => ({ id: b.id, name: branchName(b) })) };
    },
  );

  app.get(
    '/branches/:id/students/export',
    docs('Şubenin öğrenci listesini dışa aktar (CSV veya XLSX)', {
      params: idParams,
      querystring: studentListQuery.omit({ page: true, perPage: true }).extend({ format: exportFormat }),
    }),
    async (request, reply) => {
      const [caller, branch] = await scopedRecord(request, branchInScope);
      const { rows } = await listStudents(app.db, branch.id, { ...request.query, page: 1, perPage: EXPORT_MAX_ROWS }, false);
      const items = await studentItems(app.db, rows, signer, caller.level);
      const f = tr.students.fields;
      const genderText = (g: string) => (g === 'female' ? tr.students.gender.female : g === 'male' ? tr.students.gender.male : '');
      return sendExport(reply, {
        format: request.query.format,
        baseName: `${tr.students.exportName}-${branchName(branch).replace('/', '-')}`,
        sheetName: tr.students.sheetName,
        rows: items,
        columns: [
          { header: f.schoolNumber, value: (s) => s.schoolNumber },
          { header: f.firstName, value: (s) => s.firstName, width: 18 },
          { header: f.lastName, value: (s) => s.lastName, width: 18 },
          { header: f.branch, value: (s) => s.branchName },
          { header: f.gender, value: (s) => genderText(s.gender) },
          { header: f.nickname, value: (s) => s.nickname },
          { header: f.quote, value: (s) => s.quote, width: 40 },
          ...CONSENT_PURPOSES.map((purpose) => ({ header: tr.consent.purposes[purpose], value: (s: StudentItem) => tr.consent.states[s.consents[purpose]] })),
          { header: f.photos, value: (s) => s.photoCount },
        ],
      });
    },
  );

  app.post('/branches/:id/students', docs('Şubeye öğrenci ekle', { params: idParams, body: studentBody, response: { 200: oneStudent } }), async (request) => {
    const [caller, branch] = await scopedRecord(request, branchInScope);
    return one(await createStudent(app.db, caller, branch, request.body), caller.level);
  });

  app.get('/students/:id', docs('Bir öğrenci', { params: idParams, response: { 200: oneStudent } }), async (request) => {
    const [caller, student] = await scopedRecord(request, studentInScope);
    return one(student, caller.level);
  });

  app.put(
    '/students/:id',
    docs('Öğrenciyi güncelle (lakap burada değişmez; version: okunan sürüm, eskiyse 409)', {
      params: idParams,
      body: studentUpdateBody,
      response: { 200: oneStudent },
    }),
    async (request) => {
      const [caller, before] = await scopedRecord(request, studentInScope);
      return one(await updateStudent(app.db, caller, before, request.body), caller.level);
    },
  );

  app.post(
    '/students/:id/move',
    docs('Öğrenciyi aynı okulun başka bir şubesine taşı', { params: idParams, body: moveBody, response: { 200: oneStudent } }),
    async (request) => {
      const [caller, before] = await scopedRecord(request, studentInScope);
      const target = await branchInScope(app.db, caller, request.body.branchId);
      return one(await moveStudent(app.db, caller, before, target), caller.level);
    },
  );

  /*
   * Actions on the students picked on a branch's list: every id must be of that branch (one of
   * another branch or school refuses the whole request, nothing changed); one transaction each.
   */
  const picked = async (request: FastifyRequest, branchId: number, ids: number[]) => {
    const caller = callerOf(request);
    const branch = await branchInScope(app.db, caller, branchId);
    return { caller, rows: await selectedStudents(app.db, branch, ids) };
  };
  const bulkAnswers = { 200: bulkResponse, 400: errorResponse, 404: errorResponse };

  app.post(
    '/branches/:id/students/move',
    docs('Seçilen öğrencileri aynı okulun başka bir şubesine taşır', { params: idParams, body: bulkMoveBody, response: bulkAnswers }),
    async (request) => {
      const { caller, rows } = await picked(request, request.params.id, request.body.studentIds);
      const target = await branchInScope(app.db, caller, request.body.branchId);
      return { success: true as const, count: await moveInBulk(app.db, caller, rows, target) };
    },
  );

  app.post(
    '/branches/:id/students/delete',
    docs('Seçilen öğrencileri fotoğraflarıyla birlikte siler', { params: idParams, body: bulkStudentsBody, response: bulkAnswers }),
    async (request) => {
      const { caller, rows } = await picked(request, request.params.id, request.body.studentIds);
      return { success: true as const, count: await deleteInBulk(app.db, app.storage.photos, caller, rows) };
    },
  );

  app.delete('/students/:id', docs('Öğrenciyi ve fotoğraflarını sil', { params: idParams, response: { 200: okResponse } }), async (request) => {
    const [caller, before] = await scopedRecord(request, studentInScope);
    await deleteStudent(app.db, app.storage.photos, caller, before);
    return { success: true as const };
  });
}
