/** Schools of the studio (issue 3): list, export, create, read, edit, archive/restore, delete. Panel only. */
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, listResponse, okResponse } from '../../../common/schemas/list';
import { school, schoolExportQuery, schoolBody, schoolListQuery, type School } from '../../../common/schemas/organisation';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { displayDate } from '../../../common/dates';
import type { Db } from '../../db/client';
import { branches, messages, notifications, schools, students, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { sendExport, type ExportColumn } from '../../http/export';
import { listAnswer } from '../../http/list';
import { callerOf, type Api } from '../../http/types';
import { changedFields, recordAudit } from '../audit/record';
import { normaliseImage, removeImage, storeImage } from '../branding/images';
import { schoolInScope } from '../../auth/access';
import { listSchools, schoolById } from './queries';

const t = tr.organisation.school;
const panelOnly = { levels: ['panel'] as const };
const itemResponse = z.object({ success: z.literal(true), item: school });
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

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

function rowValues(body: z.infer<typeof schoolBody>) {
  return {
    name: body.name,
    cityId: body.cityId,
    district: body.district,
    address: body.address,
    phone: body.phone,
    email: body.email,
    academicYear: body.academicYear,
    messageDeadline: body.messageDeadline,
    status: body.status,
    searchKey: searchKey(`${body.name} ${body.district}`),
    sortKey: orderKey(body.name),
  };
}

/**
 * The logo sent as a data URL, checked by its content and normalised before anything is
 * written: the WebP to store, null to remove it, undefined to keep it.
 */
async function logoOf(body: z.infer<typeof schoolBody>): Promise<Buffer | null | undefined> {
  if (body.logo === undefined || body.logo === null) return body.logo;
  try {
    return await normaliseImage(Buffer.from(body.logo.slice(body.logo.indexOf(',') + 1), 'base64'), 'school-logo');
  } catch {
    throw badRequest(tr.organisation.validation.logo, { logo: tr.organisation.validation.logo });
  }
}

/** Stores or removes the logo file and points the row at it (inside the row's transaction). */
async function saveLogo(tx: Db, dataDir: string, schoolId: number, logo: Buffer | null | undefined) {
  if (logo === undefined) return;
  const logoPath = logo ? await storeImage(dataDir, 'school-logo', schoolId, logo) : null;
  if (!logo) await removeImage(dataDir, 'school-logo', schoolId);
  await tx.update(schools).set({ logoPath }).where(eq(schools.id, schoolId));
}

/** Audit entries keep the logo out: it is an image, not a readable change. */
const auditable = (row: Record<string, unknown>) => {
  const { logoPath, searchKey: _s, sortKey: _o, updatedAt: _u, createdAt: _c, ...rest } = row;
  return { ...rest, logo: logoPath ? 'image' : null };
};

/** Everything that goes with a school that has no students: branches, manager accounts, its messages. */
async function deleteSchoolTree(db: Db, schoolId: number) {
  await db.delete(messages).where(eq(messages.schoolId, schoolId));
  await db.delete(notifications).where(eq(notifications.schoolId, schoolId));
  await db.delete(users).where(and(eq(users.schoolId, schoolId), inArray(users.level, ['school', 'branch'])));
  await db.delete(branches).where(eq(branches.schoolId, schoolId));
  await db.delete(schools).where(eq(schools.id, schoolId));
}

export async function schoolsRoutes(app: Api) {
  app.get(
    '/schools',
    {
      config: panelOnly,
      schema: {
        tags: ['schools'],
        summary: 'Okullar: sayfalı, sıralı, Türkçe aramalı liste; il ve durum filtresi',
        querystring: schoolListQuery,
        response: { 200: listResponse(school), ...errors },
      },
    },
    async (request) => {
      const { items, total } = await listSchools(app.db, callerOf(request), request.query);
      return listAnswer(items, total, request.query);
    },
  );

  app.get(
    '/schools/export',
    {
      config: panelOnly,
      schema: {
        tags: ['schools'],
        summary: 'Okul listesini (filtreleriyle) CSV veya XLSX olarak dışa aktarır',
        querystring: schoolExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { items } = await listSchools(app.db, callerOf(request), request.query, false);
      return sendExport(reply, { format: request.query.format, baseName: t.exportName, sheetName: tr.pages.schools, columns: exportColumns, rows: items });
    },
  );

  app.post(
    '/schools',
    { config: panelOnly, schema: { tags: ['schools'], summary: 'Yeni okul', body: schoolBody, response: { 200: itemResponse, ...errors } } },
    async (request) => {
      const caller = callerOf(request);
      const logo = await logoOf(request.body);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schools)
          .values({ studioId: caller.studioId, ...rowValues(request.body) })
          .returning();
        await saveLogo(tx, app.config.dataDir, row.id, logo);
        await recordAudit(tx, caller, {
          action: 'create',
          entity: 'school',
          entityId: row.id,
          schoolId: row.id,
          changes: changedFields({}, auditable({ ...row, logoPath: logo ? 'image' : null })),
        });
        return row.id;
      });
      return { success: true as const, item: await schoolById(app.db, id) };
    },
  );

  app.get(
    '/schools/:id',
    {
      schema: {
        tags: ['schools'],
        summary: 'Bir okulun bilgileri (panel; okul yöneticisi kendi okulunu)',
        params: idParams,
        response: { 200: itemResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.level === 'branch') throw new HttpError(404, tr.notFound);
      const row = await schoolInScope(app.db, caller, request.params.id);
      return { success: true as const, item: await schoolById(app.db, row.id) };
    },
  );

  app.put(
    '/schools/:id',
    {
      config: panelOnly,
      schema: {
        tags: ['schools'],
        summary: 'Okulu düzenler (arşivleme ve geri yükleme: status)',
        params: idParams,
        body: schoolBody,
        response: { 200: itemResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await schoolInScope(app.db, caller, request.params.id);
      const logo = await logoOf(request.body);
      await app.db.transaction(async (tx) => {
        await saveLogo(tx, app.config.dataDir, before.id, logo);
        const [after] = await tx
          .update(schools)
          .set({ ...rowValues(request.body), updatedAt: new Date() })
          .where(eq(schools.id, before.id))
          .returning();
        const action = before.status !== after.status ? (after.status === 'archived' ? 'archive' : 'restore') : 'update';
        await recordAudit(tx, caller, {
          action,
          entity: 'school',
          entityId: before.id,
          schoolId: before.id,
          changes: changedFields(auditable(before), auditable(after)),
        });
      });
      return { success: true as const, item: await schoolById(app.db, before.id) };
    },
  );

  app.delete(
    '/schools/:id',
    {
      config: panelOnly,
      schema: {
        tags: ['schools'],
        summary: 'Öğrencisi olmayan okulu şubeleri ve yöneticileriyle siler',
        params: idParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await schoolInScope(app.db, caller, request.params.id);
      const [{ n }] = await app.db.select({ n: count() }).from(students).where(eq(students.schoolId, row.id));
      // A school with students is never deleted by one click: archive it or empty it first.
      if (Number(n) > 0) throw new HttpError(409, t.hasStudents(Number(n)));
      await app.db.transaction(async (tx) => {
        await deleteSchoolTree(tx, row.id);
        await recordAudit(tx, caller, { action: 'delete', entity: 'school', entityId: row.id, schoolId: row.id, changes: { name: [row.name, null] } });
      });
      await removeImage(app.config.dataDir, 'school-logo', row.id);
      return { success: true as const };
    },
  );
}
