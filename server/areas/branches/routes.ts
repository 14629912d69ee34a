/**
 * Branches: schools/{id}/branches (list, create, range, export), branches/{id}
 * (read, edit, delete). Panel and that school's managers write; a branch manager reads its own.
 */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { itemAnswer } from '../../../common/schemas/answers';
import {
  branch,
  branchBody,
  branchUpdateBody,
  branchExportQuery,
  branchListQuery,
  branchRangeBody,
  branchRangeResponse,
  type Branch,
} from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope } from '../../auth/access';
import { sendExport, type ExportColumn } from '../../http/export';
import { editableRecordRoutes, recordCalls, scopedListRoute } from '../../http/recordRoutes';
import { routeDocs, scopedRecord, type Api } from '../../http/types';
import { branchById, listBranches } from './queries';
import { createBranch, createBranchRange, deleteBranch, updateBranch } from './writes';

const docs = routeDocs('branches');

const t = tr.organisation.branch;
const writers = ['panel', 'school'] as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const itemResponse = itemAnswer(branch);

const exportColumns: ExportColumn<Branch>[] = [
  { header: t.name, value: (r) => r.name },
  { header: t.grade, value: (r) => r.grade },
  { header: t.section, value: (r) => r.section },
  { header: t.programme, value: (r) => r.programme, width: 24 },
  { header: t.studentCount, value: (r) => r.studentCount },
  { header: t.manager, value: (r) => r.managerName, width: 28 },
];

export async function branchesRoutes(app: Api) {
  /** The record as every write and read of one answers it. */
  const one = async (id: number) => ({ success: true as const, item: await branchById(app.db, id) });
  const writerCall = recordCalls(app, docs, { errors, callers: writers });

  scopedListRoute(app, docs, {
    path: '/schools/:id/branches',
    summary: 'Okulun şubeleri: sınıf ve Türk alfabesiyle şube harfi sırasında',
    inScope: schoolInScope,
    query: branchListQuery,
    item: branch,
    errors,
    list: (caller, school, query) => listBranches(app.db, caller, school.id, query),
  });

  app.get(
    '/schools/:id/branches/export',
    docs('Şube listesini CSV veya XLSX olarak dışa aktarır', { params: idParams, querystring: branchExportQuery, response: errors }),
    async (request, reply) => {
      const [caller, school] = await scopedRecord(request, schoolInScope);
      const { items } = await listBranches(app.db, caller, school.id, request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: t.exportName, sheetName: tr.pages.branches, columns: exportColumns, rows: items });
    },
  );

  writerCall('POST', '/schools/:id/branches', schoolInScope, {
    summary: 'Yeni şube',
    body: branchBody,
    answer: itemResponse,
    handle: async (caller, school, body) => one(await createBranch(app.db, caller, school, body)),
  });

  writerCall('POST', '/schools/:id/branches/range', schoolInScope, {
    summary: 'Bir sınıfta şube harfi aralığını (ör. 12, A–F) tek adımda oluşturur; var olanlar atlanır',
    body: branchRangeBody,
    answer: branchRangeResponse,
    handle: async (caller, school, range) => {
      const { ids, skipped } = await createBranchRange(app.db, caller, school, range);
      const created = await Promise.all(ids.map((id) => branchById(app.db, id)));
      return { success: true as const, created, skipped };
    },
  });

  editableRecordRoutes(app, docs, {
    path: '/branches/:id',
    inScope: branchInScope,
    writers,
    errors,
    read: { summary: 'Bir şubenin bilgileri' },
    answer: { schema: itemResponse, of: (row) => one(row.id) },
    update: {
      summary: 'Şubeyi düzenler (version: okunan sürüm, eskiyse 409)',
      body: branchUpdateBody,
      save: (caller, before, body) => updateBranch(app.db, caller, before, body),
    },
    remove: { summary: 'Öğrencisi olmayan şubeyi yöneticileriyle siler', remove: (caller, row) => deleteBranch(app.db, app.storage.photos, caller, row) },
  });
}
