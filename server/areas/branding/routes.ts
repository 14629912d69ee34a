/**
 * The white label: the public image files (studio and school logos, yearbook covers — not sensitive, the
 * logo is shown on the login page) and GET {level}/branding for the login page.
 */
import { z } from 'zod';
import { idParams } from '../../../common/schemas/fields';
import { brandingResponse } from '../../../common/schemas/studio';
import { routeDocs, type Api } from '../../http/types';
import { IMAGE_KINDS } from '../../images/branding';
import { brandingImage, loginBranding } from './queries';

const docs = routeDocs('studio');

const fileParams = idParams.extend({ kind: z.enum(IMAGE_KINDS) });

/** Under /api/files (outside the level prefix): GET /{kind}/{id}. */
export async function brandingFiles(app: Api) {
  app.get('/:kind/:id', docs('Stüdyo veya okul logosu ya da kapak görseli (herkese açık)', { params: fileParams }), async (request, reply) => {
    const bytes = await brandingImage(app.storage.images, request.params.kind, request.params.id);
    // The URL carries ?v=<updated time>, so a changed image gets a new URL.
    return reply.header('cache-control', 'public, max-age=86400').type('image/webp').send(bytes);
  });
}

/** GET {level}/branding: the studio name, logo and colour for the login page. */
export async function brandingRoutes(app: Api) {
  app.get('/branding', docs('Giriş sayfası için stüdyo adı, logosu ve rengi', { response: { 200: brandingResponse } }, 'public'), async () => ({
    success: true as const,
    ...(await loginBranding(app.db)),
  }));
}
