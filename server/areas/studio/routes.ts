/** GET/PUT {level}/studio and POST {level}/studio/logo (level panel): the studio profile. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { studioInfo as studioInfoSchema } from '../../../common/schemas/auth';
import { errorResponse } from '../../../common/schemas/list';
import { IMAGE_MAX_MB, studioBody } from '../../../common/schemas/studio';
import { studios } from '../../db/schema';
import { callerOf, type Api } from '../../http/types';
import { changedFields, recordAudit } from '../audit/record';
import { acceptUploads, normaliseImage, readUploadedFile, storeImage } from '../branding/images';
import { studioInfo } from './queries';

const studioAnswer = z.object({ success: z.literal(true), studio: studioInfoSchema });
const panelOnly = { levels: ['panel'] as const };

export async function studioRoutes(app: Api) {
  app.get('/studio', { config: panelOnly, schema: { tags: ['studio'], summary: 'Stüdyo bilgileri', response: { 200: studioAnswer } } }, async (request) => ({
    success: true as const,
    studio: await studioInfo(app.db, callerOf(request).studioId),
  }));

  app.put(
    '/studio',
    {
      config: panelOnly,
      schema: { tags: ['studio'], summary: 'Stüdyo bilgilerini günceller', body: studioBody, response: { 200: studioAnswer, 400: errorResponse } },
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await studioInfo(app.db, caller.studioId);
      await app.db.transaction(async (tx) => {
        await tx
          .update(studios)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(studios.id, caller.studioId));
        await recordAudit(tx, caller, {
          action: 'update',
          entity: 'studio',
          entityId: caller.studioId,
          schoolId: null,
          changes: changedFields(before, request.body),
        });
      });
      return { success: true as const, studio: await studioInfo(app.db, caller.studioId) };
    },
  );

  // Form-data routes live in their own scope so the multipart parser stays local to them.
  await app.register(async (scope: Api) => {
    await acceptUploads(scope);
    scope.post(
      '/studio/logo',
      {
        config: panelOnly,
        schema: {
          tags: ['studio'],
          summary: 'Stüdyo logosunu yükler (form-data, alan: file; PNG/JPEG/WebP, en fazla 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: studioAnswer, 400: errorResponse },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const bytes = await readUploadedFile(request, IMAGE_MAX_MB.logo * 1024 * 1024, IMAGE_MAX_MB.logo);
        const webp = await normaliseImage(bytes, 'studio-logo');
        const key = await storeImage(app.config.dataDir, 'studio-logo', caller.studioId, webp);
        await app.db.transaction(async (tx) => {
          await tx.update(studios).set({ logoPath: key, updatedAt: new Date() }).where(eq(studios.id, caller.studioId));
          await recordAudit(tx, caller, {
            action: 'upload-logo',
            entity: 'studio',
            entityId: caller.studioId,
            schoolId: null,
            changes: { bytes: webp.length },
          });
        });
        return { success: true as const, studio: await studioInfo(app.db, caller.studioId) };
      },
    );
  });
}
