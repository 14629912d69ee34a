/** Students of a branch (design.md §3): branches/{id}/students, students/{id}, move, export. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParams as idParams } from '../../../common/schemas/fields';
import { listResponse, okResponse } from '../../../common/schemas/list';
import { moveBody, studentBody, studentItem, studentListQuery } from '../../../common/schemas/students';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { branches, photos, students } from '../../db/schema';
import { conflict, fieldError } from '../../http/errors';
import { EXPORT_MAX_ROWS, exportFormat, sendExport } from '../../http/export';
import { listAnswer } from '../../http/list';
import { callerOf, type Api } from '../../http/types';
import { recordAudit, changedFields } from '../audit/record';
import { fileStoreFor } from '../files/store';
import { urlSigner } from '../files/signedUrl';
import { removePhotoFiles } from '../photos/queries';
import { assertNumberFree, auditFields, isNumberClash, listStudents, normaliseBody, studentItems, studentValues } from './queries';
import { branchesWhere, branchInScope, studentInScope } from '../../auth/access';
import { branchName } from '../../../common/text';

const tags = ['students'];
const one = z.object({ success: z.literal(true), item: studentItem });

export async function studentsRoutes(app: Api) {
  const signer = urlSigner(app.config.fileUrlSecret, app.config.fileUrlTtlMinutes);
  const store = fileStoreFor(app.config.dataDir);

  app.get(
    '/branches/:id/students',
    {
      schema: {
        tags,
        summary: 'Şubenin öğrencileri (sayfalı; arama, sıralama: schoolNumber | name, filtre: photo, consent)',
        params: idParams,
        querystring: studentListQuery,
        response: { 200: listResponse(studentItem) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const { rows, total } = await listStudents(app.db, branch.id, request.query);
      return listAnswer(await studentItems(app.db, rows, signer, caller.level), total, request.query);
    },
  );

  app.get(
    '/branches/:id/siblings',
    {
      schema: {
        tags,
        summary: 'Aynı okulun görülebilen şubeleri (öğrenci taşıma için)',
        params: idParams,
        response: {
          200: z.object({
            success: z.literal(true),
            schoolId: z.number().int(),
            branchName: z.string(),
            items: z.array(z.object({ id: z.number().int(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const rows = await app.db
        .select()
        .from(branches)
        .where(and(eq(branches.schoolId, branch.schoolId), branchesWhere(caller)))
        .orderBy(asc(branches.grade), sql`${branches.sectionKey} COLLATE "C"`);
      return { success: true as const, schoolId: branch.schoolId, branchName: branchName(branch), items: rows.map((b) => ({ id: b.id, name: branchName(b) })) };
    },
  );

  app.get(
    '/branches/:id/students/export',
    {
      schema: {
        tags,
        summary: 'Şubenin öğrenci listesini dışa aktar (CSV veya XLSX)',
        params: idParams,
        querystring: studentListQuery.omit({ page: true, perPage: true }).extend({ format: exportFormat }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const query = { ...request.query, page: 1, perPage: EXPORT_MAX_ROWS };
      const { rows } = await listStudents(app.db, branch.id, query, EXPORT_MAX_ROWS);
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
          { header: f.photoConsent, value: (s) => (s.photoConsent ? tr.students.yes : tr.students.no) },
          { header: f.photoConsentDate, value: (s) => displayDate(s.photoConsentDate) },
          { header: f.photos, value: (s) => s.photoCount },
        ],
      });
    },
  );

  app.post(
    '/branches/:id/students',
    { schema: { tags, summary: 'Şubeye öğrenci ekle', params: idParams, body: studentBody, response: { 200: one } } },
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const values = studentValues(normaliseBody(request.body as Required<typeof request.body>));
      await assertNumberFree(app.db, branch.schoolId, values.schoolNumber);
      try {
        const row = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(students)
            .values({ ...values, studioId: branch.studioId, schoolId: branch.schoolId, branchId: branch.id })
            .returning();
          await recordAudit(tx, caller, {
            action: 'create',
            entity: 'student',
            entityId: created.id,
            schoolId: branch.schoolId,
            changes: auditFields(created),
          });
          return created;
        });
        const [item] = await studentItems(app.db, [row], signer, caller.level);
        return { success: true as const, item };
      } catch (error) {
        if (isNumberClash(error)) throw conflict('schoolNumber', tr.students.numberTaken);
        throw error;
      }
    },
  );

  app.get('/students/:id', { schema: { tags, summary: 'Bir öğrenci', params: idParams, response: { 200: one } } }, async (request) => {
    const caller = callerOf(request);
    const row = await studentInScope(app.db, caller, request.params.id);
    const [item] = await studentItems(app.db, [row], signer, caller.level);
    return { success: true as const, item };
  });

  app.put(
    '/students/:id',
    { schema: { tags, summary: 'Öğrenciyi güncelle (lakap burada değişmez)', params: idParams, body: studentBody, response: { 200: one } } },
    async (request) => {
      const caller = callerOf(request);
      const before = await studentInScope(app.db, caller, request.params.id);
      const values = studentValues(normaliseBody(request.body as Required<typeof request.body>));
      await assertNumberFree(app.db, before.schoolId, values.schoolNumber, before.id);
      try {
        const row = await app.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(students)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(students.id, before.id))
            .returning();
          await recordAudit(tx, caller, {
            action: 'update',
            entity: 'student',
            entityId: before.id,
            schoolId: before.schoolId,
            changes: changedFields(auditFields(before), auditFields(updated)),
          });
          return updated;
        });
        const [item] = await studentItems(app.db, [row], signer, caller.level);
        return { success: true as const, item };
      } catch (error) {
        if (isNumberClash(error)) throw conflict('schoolNumber', tr.students.numberTaken);
        throw error;
      }
    },
  );

  app.post(
    '/students/:id/move',
    { schema: { tags, summary: 'Öğrenciyi aynı okulun başka bir şubesine taşı', params: idParams, body: moveBody, response: { 200: one } } },
    async (request) => {
      const caller = callerOf(request);
      const before = await studentInScope(app.db, caller, request.params.id);
      const target = await branchInScope(app.db, caller, request.body.branchId);
      if (target.schoolId !== before.schoolId) throw fieldError('branchId', tr.students.moveOtherSchool);
      const row = await app.db.transaction(async (tx) => {
        const [moved] = await tx.update(students).set({ branchId: target.id, updatedAt: new Date() }).where(eq(students.id, before.id)).returning();
        await tx.update(photos).set({ branchId: target.id }).where(eq(photos.studentId, before.id));
        await recordAudit(tx, caller, {
          action: 'move',
          entity: 'student',
          entityId: before.id,
          schoolId: before.schoolId,
          changes: { branchId: [before.branchId, target.id] },
        });
        return moved;
      });
      const [item] = await studentItems(app.db, [row], signer, caller.level);
      return { success: true as const, item };
    },
  );

  app.delete(
    '/students/:id',
    { schema: { tags, summary: 'Öğrenciyi ve fotoğraflarını sil', params: idParams, response: { 200: okResponse } } },
    async (request) => {
      const caller = callerOf(request);
      const before = await studentInScope(app.db, caller, request.params.id);
      const keys = (await app.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.studentId, before.id))).map((p) => p.key);
      await app.db.transaction(async (tx) => {
        await tx.delete(students).where(eq(students.id, before.id));
        await recordAudit(tx, caller, { action: 'delete', entity: 'student', entityId: before.id, schoolId: before.schoolId, changes: auditFields(before) });
      });
      await removePhotoFiles(store, keys);
      return { success: true as const };
    },
  );
}
