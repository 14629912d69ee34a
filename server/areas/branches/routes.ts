/**
 * Branches (issue 3): schools/{id}/branches (list, create, range, export), branches/{id}
 * (read, edit, delete). Panel and that school's managers write; a branch manager reads its own.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse, okResponse } from '../../../common/schemas/list';
import {
  branch,
  branchBody,
  branchExportQuery,
  branchListQuery,
  branchRangeBody,
  branchRangeResponse,
  type Branch,
} from '../../../common/schemas/organisation';
import { branchName, orderKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { branches, messages, notifications, students, users } from '../../db/schema';
import { HttpError, conflict, fieldError } from '../../http/errors';
import { sendExport, type ExportColumn } from '../../http/export';
import { listAnswer } from '../../http/list';
import { callerOf, type Api } from '../../http/types';
import { changedFields, recordAudit } from '../audit/record';
import { isUniqueViolation } from '../managers/queries';
import { branchInScope, schoolInScope } from '../../auth/access';
import { branchById, listBranches } from './queries';
import { sectionRange } from './range';

const t = tr.organisation.branch;
const writers = { levels: ['panel', 'school'] as const };
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const itemResponse = z.object({ success: z.literal(true), item: branch });

const exportColumns: ExportColumn<Branch>[] = [
  { header: t.name, value: (r) => r.name },
  { header: t.grade, value: (r) => r.grade },
  { header: t.section, value: (r) => r.section },
  { header: t.programme, value: (r) => r.programme, width: 24 },
  { header: t.studentCount, value: (r) => r.studentCount },
  { header: t.manager, value: (r) => r.managerName, width: 28 },
];

const auditable = (row: typeof branches.$inferSelect) => ({ grade: row.grade, section: row.section, programme: row.programme });

async function assertFree(db: Db, schoolId: number, grade: number, section: string, exceptId?: number) {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.schoolId, schoolId), eq(branches.grade, grade), eq(branches.section, section)));
  if (rows.some((r) => r.id !== exceptId)) throw conflict('section', t.duplicate);
}

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('section', t.duplicate);
    throw error;
  }
}

export async function branchesRoutes(app: Api) {
  app.get(
    '/schools/:id/branches',
    {
      schema: {
        tags: ['branches'],
        summary: 'Okulun şubeleri: sınıf ve Türk alfabesiyle şube harfi sırasında',
        params: idParams,
        querystring: branchListQuery,
        response: { 200: listResponse(branch), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const school = await schoolInScope(app.db, caller, request.params.id);
      const { items, total } = await listBranches(app.db, caller, school.id, request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    '/schools/:id/branches/export',
    {
      schema: {
        tags: ['branches'],
        summary: 'Şube listesini CSV veya XLSX olarak dışa aktarır',
        params: idParams,
        querystring: branchExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const school = await schoolInScope(app.db, caller, request.params.id);
      const { items } = await listBranches(app.db, caller, school.id, request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: t.exportName, sheetName: tr.pages.branches, columns: exportColumns, rows: items });
    },
  );

  app.post(
    '/schools/:id/branches',
    { config: writers, schema: { tags: ['branches'], summary: 'Yeni şube', params: idParams, body: branchBody, response: { 200: itemResponse, ...errors } } },
    async (request) => {
      const caller = callerOf(request);
      const school = await schoolInScope(app.db, caller, request.params.id);
      const { grade, section, programme } = request.body;
      await assertFree(app.db, school.id, grade, section);
      const id = await guardUnique(() =>
        app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(branches)
            .values({ studioId: caller.studioId, schoolId: school.id, grade, section, sectionKey: orderKey(section), programme })
            .returning();
          await recordAudit(tx, caller, {
            action: 'create',
            entity: 'branch',
            entityId: row.id,
            schoolId: school.id,
            changes: changedFields({}, auditable(row)),
          });
          return row.id;
        }),
      );
      return { success: true as const, item: await branchById(app.db, id) };
    },
  );

  app.post(
    '/schools/:id/branches/range',
    {
      config: writers,
      schema: {
        tags: ['branches'],
        summary: 'Bir sınıfta şube harfi aralığını (ör. 12, A–F) tek adımda oluşturur; var olanlar atlanır',
        params: idParams,
        body: branchRangeBody,
        response: { 200: branchRangeResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const school = await schoolInScope(app.db, caller, request.params.id);
      const { grade, from, to, programme } = request.body;
      const letters = sectionRange(from, to);
      if (letters === 'letters') throw fieldError('from', tr.organisation.validation.rangeLetters);
      if (letters === 'order') throw fieldError('to', tr.organisation.validation.range);
      const existing = await app.db
        .select({ section: branches.section })
        .from(branches)
        .where(and(eq(branches.schoolId, school.id), eq(branches.grade, grade), inArray(branches.section, letters)));
      const taken = new Set(existing.map((r) => r.section));
      const fresh = letters.filter((l) => !taken.has(l));
      const ids = await guardUnique(() =>
        app.db.transaction(async (tx) => {
          if (!fresh.length) return [];
          const rows = await tx
            .insert(branches)
            .values(fresh.map((section) => ({ studioId: caller.studioId, schoolId: school.id, grade, section, sectionKey: orderKey(section), programme })))
            .returning();
          for (const row of rows) {
            await recordAudit(tx, caller, {
              action: 'create',
              entity: 'branch',
              entityId: row.id,
              schoolId: school.id,
              changes: changedFields({}, auditable(row)),
            });
          }
          return rows.map((r) => r.id);
        }),
      );
      const created = await Promise.all(ids.map((id) => branchById(app.db, id)));
      return { success: true as const, created, skipped: letters.filter((l) => taken.has(l)).map((section) => branchName({ grade, section })) };
    },
  );

  app.get(
    '/branches/:id',
    { schema: { tags: ['branches'], summary: 'Bir şubenin bilgileri', params: idParams, response: { 200: itemResponse, ...errors } } },
    async (request) => {
      const row = await branchInScope(app.db, callerOf(request), request.params.id);
      return { success: true as const, item: await branchById(app.db, row.id) };
    },
  );

  app.put(
    '/branches/:id',
    {
      config: writers,
      schema: { tags: ['branches'], summary: 'Şubeyi düzenler', params: idParams, body: branchBody, response: { 200: itemResponse, ...errors } },
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await branchInScope(app.db, caller, request.params.id);
      const { grade, section, programme } = request.body;
      await assertFree(app.db, before.schoolId, grade, section, before.id);
      await guardUnique(() =>
        app.db.transaction(async (tx) => {
          const [after] = await tx
            .update(branches)
            .set({ grade, section, sectionKey: orderKey(section), programme, updatedAt: new Date() })
            .where(eq(branches.id, before.id))
            .returning();
          await recordAudit(tx, caller, {
            action: 'update',
            entity: 'branch',
            entityId: before.id,
            schoolId: before.schoolId,
            changes: changedFields(auditable(before), auditable(after)),
          });
        }),
      );
      return { success: true as const, item: await branchById(app.db, before.id) };
    },
  );

  app.delete(
    '/branches/:id',
    {
      config: writers,
      schema: { tags: ['branches'], summary: 'Öğrencisi olmayan şubeyi yöneticileriyle siler', params: idParams, response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await branchInScope(app.db, caller, request.params.id);
      const [{ n }] = await app.db.select({ n: count() }).from(students).where(eq(students.branchId, row.id));
      if (Number(n) > 0) throw new HttpError(409, t.hasStudents(Number(n)));
      await app.db.transaction(async (tx) => {
        await tx.delete(messages).where(eq(messages.branchId, row.id));
        await tx.delete(notifications).where(eq(notifications.branchId, row.id));
        await tx.delete(users).where(and(eq(users.branchId, row.id), eq(users.level, 'branch')));
        await tx.delete(branches).where(eq(branches.id, row.id));
        await recordAudit(tx, caller, {
          action: 'delete',
          entity: 'branch',
          entityId: row.id,
          schoolId: row.schoolId,
          changes: { name: [branchName(row), null] },
        });
      });
      return { success: true as const };
    },
  );
}
