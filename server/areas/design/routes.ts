/**
 * GET/PUT/DELETE {level}/design (?schoolId=), POST {level}/design/cover and
 * GET {level}/design/preview: the yearbook design of the studio and the schools' overrides.
 */
import { z } from 'zod';
import { designPutBody, designQuery, designResponse, designSettings, previewStudent, type DesignSettings } from '../../../common/schemas/design';
import { id } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { IMAGE_MAX_MB } from '../../../common/schemas/studio';
import { designs } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { callerOf, type Api } from '../../http/types';
import { fieldError, notFound } from '../../http/errors';
import { tr } from '../../../common/tr';
import { changedFields, recordAudit } from '../audit/record';
import { acceptUploads, normaliseImage, readUploadedFile, storeImage } from '../branding/images';
import { designRow, effectiveDesign, saveDesign } from './queries';
import { urlSigner } from '../files/signedUrl';
import { previewStudentFor } from './preview';
import { designSchoolToRead, designSchoolToWrite } from './rules';

const writers = { levels: ['panel', 'school'] as const };
const schoolQuery = z.object({ schoolId: id.optional() }).strict();

export async function designRoutes(app: Api) {
  const signer = urlSigner(app.config.fileUrlSecret, app.config.fileUrlTtlMinutes);
  const answer = async (studioId: number, schoolId: number | null) => ({
    success: true as const,
    schoolId,
    overridden: schoolId !== null && (await designRow(app.db, studioId, schoolId)) !== null,
    settings: await effectiveDesign(app.db, studioId, schoolId),
  });

  app.get(
    '/design',
    { schema: { tags: ['design'], summary: 'Yıllık tasarımı (stüdyo veya okul)', querystring: designQuery, response: { 200: designResponse } } },
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToRead(app.db, caller, request.query.schoolId);
      return answer(caller.studioId, schoolId);
    },
  );

  app.put(
    '/design',
    {
      config: writers,
      schema: {
        tags: ['design'],
        summary: 'Yıllık tasarımını kaydeder (schoolId ile okula özel)',
        body: designPutBody,
        response: { 200: designResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToWrite(app.db, caller, request.body.schoolId);
      const before = await effectiveDesign(app.db, caller.studioId, schoolId);
      // A cover comes only from an upload: the settings may keep the current one or drop it.
      const cover = request.body.settings.coverImageUrl;
      if (cover !== null && cover !== before.coverImageUrl) throw fieldError('settings.coverImageUrl', tr.design.coverUrlInvalid);
      await app.db.transaction(async (tx) => {
        const rowId = await saveDesign(tx, caller.studioId, schoolId, request.body.settings);
        await recordAudit(tx, caller, { action: 'update', entity: 'design', entityId: rowId, schoolId, changes: changedFields(before, request.body.settings) });
      });
      return answer(caller.studioId, schoolId);
    },
  );

  app.delete(
    '/design',
    {
      config: writers,
      schema: {
        tags: ['design'],
        summary: 'Okula özel tasarımı kaldırır (okul stüdyo tasarımına döner)',
        querystring: z.object({ schoolId: id }).strict(),
        response: { 200: designResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToWrite(app.db, caller, request.query.schoolId);
      const row = await designRow(app.db, caller.studioId, schoolId);
      if (!row) throw notFound();
      await app.db.transaction(async (tx) => {
        await tx.delete(designs).where(eq(designs.id, row.id));
        await recordAudit(tx, caller, { action: 'delete', entity: 'design', entityId: row.id, schoolId });
      });
      return answer(caller.studioId, schoolId);
    },
  );

  app.get(
    '/design/preview',
    {
      schema: {
        tags: ['design'],
        summary: 'Canlı önizleme için gerçek bir öğrenci ve onaylı mesajları',
        querystring: z.object({ schoolId: id.optional(), studentId: id.optional() }).strict(),
        response: { 200: z.object({ success: z.literal(true), student: previewStudent.nullable() }) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToRead(app.db, caller, request.query.schoolId);
      return { success: true as const, student: await previewStudentFor(app.db, caller, signer, schoolId, request.query.studentId) };
    },
  );

  await app.register(async (scope: Api) => {
    await acceptUploads(scope);
    scope.post(
      '/design/cover',
      {
        config: writers,
        schema: {
          tags: ['design'],
          summary: 'Kapak görseli yükler (form-data, alan: file; en fazla 5 MB; schoolId ile okula özel)',
          consumes: ['multipart/form-data'],
          querystring: schoolQuery,
          response: { 200: designResponse, 400: errorResponse },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const schoolId = await designSchoolToWrite(app.db, caller, request.query.schoolId ?? null);
        const bytes = await readUploadedFile(request, IMAGE_MAX_MB.cover * 1024 * 1024, IMAGE_MAX_MB.cover);
        const webp = await normaliseImage(bytes, 'design-cover');
        const current: DesignSettings = await effectiveDesign(app.db, caller.studioId, schoolId);
        await app.db.transaction(async (tx) => {
          const rowId = await saveDesign(tx, caller.studioId, schoolId, current);
          await storeImage(app.config.dataDir, 'design-cover', rowId, webp);
          const settings = designSettings.parse({ ...current, coverImageUrl: `/api/files/design-cover/${rowId}?v=${Date.now()}` });
          await saveDesign(tx, caller.studioId, schoolId, settings);
          await recordAudit(tx, caller, {
            action: 'upload-cover',
            entity: 'design',
            entityId: rowId,
            schoolId,
            changes: { coverImageUrl: [current.coverImageUrl, settings.coverImageUrl] },
          });
        });
        return answer(caller.studioId, schoolId);
      },
    );
  });
}
