/**
 * School managers (schools/{id}/managers, school-managers/{id}; panel) and branch managers
 * (branches/{id}/managers, branch-managers/{id}; panel and that school's managers; a branch
 * manager may read its own branch's list). Deactivating, deleting or a new password ends sessions.
 */
import { eq } from 'drizzle-orm';
import type { Level } from '../../../common/levels';
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
import { displayDate } from '../../../common/dates';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import { users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { sendExport, type ExportColumn } from '../../http/export';
import { listAnswer } from '../../http/list';
import { callerOf, type Api } from '../../http/types';
import { changedFields, recordAudit } from '../audit/record';
import { branchInScope, managerInScope, schoolInScope } from '../../auth/access';
import { generatePassword } from './passwords';
import { assertEmailFree, isUniqueViolation, listManagers, managerById, type ManagerKind } from './queries';

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

const auditable = (row: typeof users.$inferSelect) => ({ name: row.name, email: row.email, phone: row.phone, active: row.active });

export async function managersRoutes(app: Api) {
  for (const setup of KINDS) registerKind(app, setup);
}

function registerKind(app: Api, setup: KindSetup) {
  const { kind } = setup;

  /** The school or branch the list belongs to, in the caller's scope: { schoolId, branchId }. */
  async function owner(caller: Caller, id: number) {
    if (kind === 'school') {
      const school = await schoolInScope(app.db, caller, id);
      return { ownerId: school.id, schoolId: school.id, branchId: null };
    }
    const branch = await branchInScope(app.db, caller, id);
    return { ownerId: branch.id, schoolId: branch.schoolId, branchId: branch.id };
  }

  /** The manager account by id, only when the caller may manage it. */
  const account = (caller: Caller, id: number) => managerInScope(app.db, caller, id, kind);

  app.get(
    setup.listPath,
    {
      config: { levels: setup.readLevels },
      schema: {
        tags: [setup.tag],
        summary: 'Yönetici hesapları listesi',
        params: idParams,
        querystring: managerListQuery,
        response: { 200: listResponse(manager), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { ownerId } = await owner(caller, request.params.id);
      const { items, total } = await listManagers(app.db, kind, caller.studioId, ownerId, request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    `${setup.listPath}/export`,
    {
      config: { levels: setup.readLevels },
      schema: {
        tags: [setup.tag],
        summary: 'Yönetici listesini CSV veya XLSX olarak dışa aktarır',
        params: idParams,
        querystring: managerExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { ownerId } = await owner(caller, request.params.id);
      const { items } = await listManagers(app.db, kind, caller.studioId, ownerId, request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: setup.exportName, sheetName: setup.sheetName, columns: exportColumns, rows: items });
    },
  );

  app.post(
    setup.listPath,
    {
      config: { levels: setup.writeLevels },
      schema: {
        tags: [setup.tag],
        summary: 'Yeni yönetici; şifre boşsa oluşturulur ve bir kez döner',
        params: idParams,
        body: managerCreateBody,
        response: { 200: managerSaved, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { schoolId, branchId } = await owner(caller, request.params.id);
      const body = request.body;
      await assertEmailFree(app.db, body.email);
      const generated = body.password ? undefined : generatePassword();
      const passwordHash = await hashPassword(body.password || generated!);
      let id: number;
      try {
        id = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              studioId: caller.studioId,
              level: kind,
              schoolId,
              branchId,
              name: body.name,
              email: body.email,
              phone: body.phone,
              active: body.active,
              passwordHash,
              searchKey: searchKey(`${body.name} ${body.email}`),
              sortKey: orderKey(body.name),
            })
            .returning();
          await recordAudit(tx, caller, { action: 'create', entity: `${kind}Manager`, entityId: row.id, schoolId, changes: changedFields({}, auditable(row)) });
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('email', t.emailTaken);
        throw error;
      }
      return { success: true as const, item: await managerById(app.db, id), ...(generated ? { generatedPassword: generated } : {}) };
    },
  );

  app.put(
    setup.itemPath,
    {
      config: { levels: setup.writeLevels },
      schema: {
        tags: [setup.tag],
        summary: 'Yöneticiyi düzenler, aktifleştirir/pasifleştirir veya şifresini sıfırlar',
        params: idParams,
        body: managerUpdateBody,
        response: { 200: managerSaved, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await account(caller, request.params.id);
      const body = request.body;
      await assertEmailFree(app.db, body.email, before.id);
      const generated = body.resetPassword && !body.password ? generatePassword() : undefined;
      const newPassword = body.password || generated;
      const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
      try {
        await app.db.transaction(async (tx) => {
          const [after] = await tx
            .update(users)
            .set({
              name: body.name,
              email: body.email,
              phone: body.phone,
              active: body.active,
              ...(passwordHash ? { passwordHash } : {}),
              searchKey: searchKey(`${body.name} ${body.email}`),
              sortKey: orderKey(body.name),
              updatedAt: new Date(),
            })
            .where(eq(users.id, before.id))
            .returning();
          // A deactivated account or a new password must not leave an old session open.
          if (!after.active || passwordHash) await revokeUserSessions(tx, before.id);
          const changes: Record<string, unknown> = changedFields(auditable(before), auditable(after));
          if (passwordHash) changes.password = ['***', '***'];
          const action = passwordHash ? 'resetPassword' : 'update';
          await recordAudit(tx, caller, { action, entity: `${kind}Manager`, entityId: before.id, schoolId: before.schoolId, changes });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('email', t.emailTaken);
        throw error;
      }
      return { success: true as const, item: await managerById(app.db, before.id), ...(generated ? { generatedPassword: generated } : {}) };
    },
  );

  app.delete(
    setup.itemPath,
    {
      config: { levels: setup.writeLevels },
      schema: {
        tags: [setup.tag],
        summary: 'Yöneticinin hesabını siler; oturumları hemen sonlanır',
        params: idParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await account(caller, request.params.id);
      await app.db.transaction(async (tx) => {
        await revokeUserSessions(tx, row.id);
        await tx.delete(users).where(eq(users.id, row.id));
        await recordAudit(tx, caller, {
          action: 'delete',
          entity: `${kind}Manager`,
          entityId: row.id,
          schoolId: row.schoolId,
          changes: { name: [row.name, null], email: [row.email, null] },
        });
      });
      return { success: true as const };
    },
  );
}
