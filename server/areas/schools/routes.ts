/** Schools of the studio: list, export, create, read, edit, archive/restore, delete. Panel only (a school manager reads its own). */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse } from '../../../common/schemas/list';
import { school, schoolExportQuery, schoolBody, schoolListQuery, schoolUpdateBody, type School } from '../../../common/schemas/organisation';
import { itemAnswer } from '../../../common/schemas/answers';
import { tr } from '../../../common/tr';
import { displayDate } from '../../../common/dates';
import { notFound } from '../../core/errors';
import { sendExport, type ExportColumn } from '../../http/export';
import { listAnswer } from '../../http/list';
import { editableRecordRoutes } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { schoolInScope } from '../../auth/access';
import { listSchools, schoolById } from './queries';
import { createSchool, deleteSchool, updateSchool } from './writes';

const docs = routeDocs('schools');

const t = tr.organisation.school;
const panelOnly = ['panel'] as const;
const itemResponse = itemAnswer(school);
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse };

const exportColumns: ExportColumn<School>[] = [
  { header: t.name, value: (r) => r.name, width: 40 },
  { header: t.city, value: (r) => r.cityName },
  { header: t.district, value: (r) => r.district },
  { header: t.address, value: (r) => r.address, width: 40 },
  { header: t.phone, value: (r) => r.phone },
  { header: t.email, value: (r) => r.email, width: 28 },
  { header: t.academicYear, value: (r) => r.academicYear },
  { header: t.messageDeadline, value: (r) => displayDate(r.messageDeadline) },
  { header: t.status, value: (r) => tr.status[r.status] },
  { header: t.branchCount, value: (r) => r.branchCount },
  { header: t.studentCount, value: (r) => r.studentCount },
];

export async function schoolsRoutes(app: Api) {
  /** The record as every write and read of one answers it. */
  const one = async (id: number) => ({ success: true as const, item: await schoolById(app.db, id) });

  app.get(
    '/schools',
    docs(
      'Okullar: sayfalı, sıralı, Türkçe aramalı liste; il ve durum filtresi',
      { querystring: schoolListQuery, response: { 200: listResponse(school), ...errors } },
      panelOnly,
    ),
    async (request) => {
      const { items, total } = await listSchools(app.db, callerOf(request), request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    '/schools/export',
    docs('Okul listesini (filtreleriyle) CSV veya XLSX olarak dışa aktarır', { querystring: schoolExportQuery, response: errors }, panelOnly),
    async (request, reply) => {
      const { items } = await listSchools(app.db, callerOf(request), request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: t.exportName, sheetName: tr.pages.schools, columns: exportColumns, rows: items });
    },
  );

  app.post('/schools', docs('Yeni okul', { body: schoolBody, response: { 200: itemResponse, ...errors } }, panelOnly), async (request) => {
    const id = await createSchool(app.db, app.storage.images, callerOf(request), request.body);
    return one(id);
  });

  app.get(
    '/schools/:id',
    docs('Bir okulun bilgileri (panel; okul yöneticisi kendi okulunu)', { params: idParams, response: { 200: itemResponse, ...errors } }),
    async (request) => {
      const caller = callerOf(request);
      // A branch manager reaches its school's branches, but not the school's own record.
      if (caller.level === 'branch') throw notFound();
      const row = await schoolInScope(app.db, caller, request.params.id);
      return one(row.id);
    },
  );

  editableRecordRoutes(app, docs, {
    path: '/schools/:id',
    inScope: schoolInScope,
    writers: panelOnly,
    errors,
    answer: { schema: itemResponse, of: (row) => one(row.id) },
    update: {
      summary: 'Okulu düzenler (arşivleme ve geri yükleme: status; version: okunan sürüm, eskiyse 409)',
      body: schoolUpdateBody,
      save: (caller, before, body) => updateSchool(app.db, app.storage.images, caller, before, body),
    },
    remove: {
      summary: 'Öğrencisi olmayan okulu şubeleri ve yöneticileriyle siler',
      remove: (caller, row) => deleteSchool(app.db, app.storage, caller, row),
    },
  });
}
