/**
 * The white label: the public image files (studio and school logos, yearbook covers — not sensitive, the
 * logo is shown on the login page) and GET {level}/branding for the login page.
 */
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { brandingResponse } from '../../../common/schemas/studio';
import { studios } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Api } from '../../http/types';
import { effectiveDesign } from '../design/queries';
import { studioInfo } from '../studio/queries';
import { readImage, type ImageKind } from './images';

const fileParams = z.object({ kind: z.enum(['studio-logo', 'school-logo', 'design-cover']), id: z.coerce.number().int().positive() });

/** Under /api/files (outside the level prefix): GET /{kind}/{id}. */
export async function brandingFiles(app: Api) {
  app.get(
    '/:kind/:id',
    { schema: { tags: ['studio'], summary: 'Stüdyo veya okul logosu ya da kapak görseli (herkese açık)', params: fileParams } },
    async (request, reply) => {
      const bytes = await readImage(app.config.dataDir, request.params.kind as ImageKind, request.params.id);
      if (!bytes) throw notFound();
      // The URL carries ?v=<updated time>, so a changed image gets a new URL.
      return reply.header('cache-control', 'public, max-age=86400').type('image/webp').send(bytes);
    },
  );
}

/** GET {level}/branding: the studio name, logo and colour for the login page (one studio per deployment). */
export async function brandingRoutes(app: Api) {
  app.get(
    '/branding',
    {
      config: { public: true },
      schema: { tags: ['studio'], summary: 'Giriş sayfası için stüdyo adı, logosu ve rengi', response: { 200: brandingResponse } },
    },
    async () => {
      const [first] = await app.db.select({ id: studios.id }).from(studios).orderBy(asc(studios.id)).limit(1);
      if (!first) throw notFound();
      const [studio, design] = await Promise.all([studioInfo(app.db, first.id), effectiveDesign(app.db, first.id, null)]);
      return { success: true as const, name: studio.name, logoUrl: studio.logoUrl, primaryColor: design.primaryColor };
    },
  );
}
