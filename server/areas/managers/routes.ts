/**
 * School managers (schools/{id}/managers, school-managers/{id}; panel) and branch managers
 * (branches/{id}/managers, branch-managers/{id}; panel and that school's managers; a branch
 * manager may read its own branch's list). Deactivating, deleting or a new password ends sessions.
 */
import type { z } from 'zod';
import type { Level } from '../../../common/levels';
import { displayDate } from '../../../common/dates';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse, okResponse } from '../../../common/schemas/list';
import {
  manager,
  managerCreateBody,
  managerExportQuery,
  managerListQuery,
  managerSaved,
  managerUpdateBody,
  type Manager,
} from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { branchInScope, managerInScope, schoolInScope } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { sendExport, type ExportColumn } from '../../http/export';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { listManagers, managerById, type ManagerKind } from './queries';
import { createManager, deleteManager, updateManager, type ManagerOwner, type ManagerSaved } from './writes';

const t = tr.organisation.manager;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

interface KindSetup {
  kind: ManagerKind;
  listPath: string;
  itemPath: string;
  tag: string;
  readLevels: readonly Level[];
  writeLevels: readonly Level[];
  exportName: string;
  sheetName: string;
}

const KINDS: KindSetup[] = [
  {
    kind: 'school',
    listPath: '/schools/:id/managers',
    itemPath: '/school-managers/:id',
    tag: 'school-managers',
    readLevels: ['panel'],
    writeLevels: ['panel'],
    exportName: t.schoolExportName,
    sheetName: tr.pages.schoolManagers,
  },
  {
    kind: 'branch',
    listPath: '/branches/:id/managers',
    itemPath: '/branch-managers/:id',
    tag: 'branch-managers',
    readLevels: ['panel', 'school', 'branch'],
    writeLevels: ['panel', 'school'],
    exportName: t.branchExportName,
    sheetName: tr.pages.branchManagers,
  },
];

const exportColumns: ExportColumn<Manager>[] = [
  { header: t.name, value: (r) => r.name, width: 30 },
  { header: t.email, value: (r) => r.email, width: 30 },
  { header: t.phone, value: (r) => r.phone },
  { header: t.status, value: (r) => (r.active ? tr.status.active : tr.status.passive) },
  { header: t.lastLogin, value: (r) => displayDate(r.lastLoginAt) },
];

export async function managersRoutes(app: Api) {
  for (const setup of KINDS) registerKind(app, setup);
}

function registerKind(app: Api, setup: KindSetup) {
  const { kind } = setup;
  const docs = routeDocs(setup.tag);

  /** The school or branch the list belongs to, in the caller's scope. */
  async function owner(caller: Caller, id: number): Promise<ManagerOwner & { ownerId: number }> {
    if (kind === 'school') {
      const school = await schoolInScope(app.db, caller, id);
      return { ownerId: school.id, schoolId: school.id, branchId: null };
    }
    const branch = await branchInScope(app.db, caller, id);
    return { ownerId: branch.id, schoolId: branch.schoolId, branchId: branch.id };
  }

  /** The manager account by id, only when the caller may manage it. */
  const account = (caller: Caller, id: number) => managerInScope(app.db, caller, id, kind);

  /** A write that answers the saved account: by the path's id, the body given, for the levels that write. */
  const savedDocs = <B extends z.ZodType>(summary: string, body: B) =>
    docs(summary, { params: idParams, body, response: { 200: managerSaved, ...errors } }, setup.writeLevels);

  /** The saved account as the API answers it, with a generated password once. */
  const saved = async ({ id, generatedPassword }: ManagerSaved) => ({
    success: true as const,
    item: await managerById(app.db, id),
    ...(generatedPassword ? { generatedPassword } : {}),
  });

  app.get(
    setup.listPath,
    docs(
      'Yönetici hesapları listesi',
      { params: idParams, querystring: managerListQuery, response: { 200: listResponse(manager), ...errors } },
      setup.readLevels,
    ),
    async (request) => {
      const caller = callerOf(request);
      const { ownerId } = await owner(caller, request.params.id);
      const { items, total } = await listManagers(app.db, caller, kind, ownerId, request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    `${setup.listPath}/export`,
    docs('Yönetici listesini CSV veya XLSX olarak dışa aktarır', { params: idParams, querystring: managerExportQuery, response: errors }, setup.readLevels),
    async (request, reply) => {
      const caller = callerOf(request);
      const { ownerId } = await owner(caller, request.params.id);
      const { items } = await listManagers(app.db, caller, kind, ownerId, request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: setup.exportName, sheetName: setup.sheetName, columns: exportColumns, rows: items });
    },
  );

  app.post(setup.listPath, savedDocs('Yeni yönetici; şifre boşsa oluşturulur ve bir kez döner', managerCreateBody), async (request) => {
    const caller = callerOf(request);
    const { schoolId, branchId } = await owner(caller, request.params.id);
    return saved(await createManager(app.db, caller, kind, { schoolId, branchId }, request.body));
  });

  app.put(setup.itemPath, savedDocs('Yöneticiyi düzenler, aktifleştirir/pasifleştirir veya şifresini sıfırlar', managerUpdateBody), async (request) => {
    const caller = callerOf(request);
    return saved(await updateManager(app.db, caller, kind, await account(caller, request.params.id), request.body));
  });

  app.delete(
    setup.itemPath,
    docs('Yöneticinin hesabını siler; oturumları hemen sonlanır', { params: idParams, response: { 200: okResponse, ...errors } }, setup.writeLevels),
    async (request) => {
      const caller = callerOf(request);
      await deleteManager(app.db, caller, kind, await account(caller, request.params.id));
      return { success: true as const };
    },
  );
}
