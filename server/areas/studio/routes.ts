/** GET/PUT {level}/studio and POST {level}/studio/logo (level panel): the studio profile. */
import type { FastifyRequest } from 'fastify';
import { errorResponse } from '../../../common/schemas/list';
import { IMAGE_MAX_MB, studioAnswer, studioUpdateBody } from '../../../common/schemas/studio';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { imageUpload } from '../../images/branding';
import { readOneFile } from '../../storage/uploads';
import { studioInfo } from './queries';
import { setStudioLogo, updateStudio } from './writes';

const docs = routeDocs('studio');

const panelOnly = ['panel'] as const;

export async function studioRoutes(app: Api) {
  /** The caller's studio, as every call here answers it. */
  const answer = async (request: FastifyRequest) => ({ success: true as const, studio: await studioInfo(app.db, callerOf(request).studioId) });

  app.get('/studio', docs('Stüdyo bilgileri', { response: { 200: studioAnswer } }, panelOnly), answer);

  app.put(
    '/studio',
    docs(
      'Stüdyo bilgilerini günceller (version: okunan sürüm, eskiyse 409)',
      { body: studioUpdateBody, response: { 200: studioAnswer, 400: errorResponse, 409: errorResponse } },
      panelOnly,
    ),
    async (request) => {
      await updateStudio(app.db, callerOf(request), request.body);
      return answer(request);
    },
  );

  app.post(
    '/studio/logo',
    docs(
      'Stüdyo logosunu yükler (form-data, alan: file; PNG/JPEG/WebP, en fazla 2 MB)',
      { consumes: ['multipart/form-data'], response: { 200: studioAnswer, 400: errorResponse, 413: errorResponse } },
      panelOnly,
    ),
    async (request) => {
      const caller = callerOf(request);
      const file = await readOneFile(request, imageUpload(IMAGE_MAX_MB.logo));
      await setStudioLogo(app.db, app.storage.images, caller, file.data);
      return answer(request);
    },
  );
}
