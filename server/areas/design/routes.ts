/**
 * GET/PUT/DELETE {level}/design (?schoolId=), POST {level}/design/cover, POST panel/design/print-profile
 * and GET {level}/design/preview: the yearbook design of the studio and the schools' overrides.
 */
import { z } from 'zod';
import { PRINT_PROFILE_MAX_MB, designPutBody, designQuery, designResponse, previewStudent } from '../../../common/schemas/design';
import { id } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { tr } from '../../../common/tr';
import { IMAGE_MAX_MB } from '../../../common/schemas/studio';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { imageUpload } from '../../images/branding';
import { readOneFile } from '../../storage/uploads';
import { previewStudentFor } from './preview';
import { designRow, effectiveDesign } from './queries';
import { designSchoolToRead, designSchoolToWrite } from './rules';
import { removeDesignOverride, saveDesign, setCover, setPrintProfile } from './writes';

const docs = routeDocs('design');

const writers = ['panel', 'school'] as const;
const schoolQuery = z.object({ schoolId: id.optional() }).strict();

export async function designRoutes(app: Api) {
  const answer = async (studioId: number, schoolId: number | null) => {
    const own = await designRow(app.db, studioId, schoolId);
    return {
      success: true as const,
      schoolId,
      overridden: schoolId !== null && own !== null,
      settings: await effectiveDesign(app.db, studioId, schoolId),
      version: own?.version ?? 0,
    };
  };

  app.get('/design', docs('Yıllık tasarımı (stüdyo veya okul)', { querystring: designQuery, response: { 200: designResponse } }), async (request) => {
    const caller = callerOf(request);
    const schoolId = await designSchoolToRead(app.db, caller, request.query.schoolId);
    return answer(caller.studioId, schoolId);
  });

  app.put(
    '/design',
    docs(
      'Yıllık tasarımını kaydeder (schoolId ile okula özel; version: okunan sürüm, eskiyse 409)',
      { body: designPutBody, response: { 200: designResponse, 400: errorResponse, 409: errorResponse } },
      writers,
    ),
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToWrite(app.db, caller, request.body.schoolId);
      await saveDesign(app.db, app.storage.images, caller, schoolId, request.body.settings, request.body.version);
      return answer(caller.studioId, schoolId);
    },
  );

  app.delete(
    '/design',
    docs(
      'Okula özel tasarımı kaldırır (okul stüdyo tasarımına döner)',
      { querystring: z.object({ schoolId: id }).strict(), response: { 200: designResponse } },
      writers,
    ),
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToWrite(app.db, caller, request.query.schoolId);
      await removeDesignOverride(app.db, caller, schoolId);
      return answer(caller.studioId, schoolId);
    },
  );

  app.get(
    '/design/preview',
    docs('Canlı önizleme için gerçek bir öğrenci ve onaylı mesajları', {
      querystring: z.object({ schoolId: id.optional(), studentId: id.optional() }).strict(),
      response: { 200: z.object({ success: z.literal(true), student: previewStudent.nullable() }) },
    }),
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToRead(app.db, caller, request.query.schoolId);
      return { success: true as const, student: await previewStudentFor(app.db, caller, app.photoUrls, schoolId, request.query.studentId) };
    },
  );

  app.post(
    '/design/cover',
    docs(
      'Kapak görseli yükler (form-data, alan: file; en fazla 5 MB; schoolId ile okula özel)',
      { consumes: ['multipart/form-data'], querystring: schoolQuery, response: { 200: designResponse, 400: errorResponse, 413: errorResponse } },
      writers,
    ),
    async (request) => {
      const caller = callerOf(request);
      const schoolId = await designSchoolToWrite(app.db, caller, request.query.schoolId ?? null);
      const file = await readOneFile(request, imageUpload(IMAGE_MAX_MB.cover));
      await setCover(app.db, app.storage.images, caller, schoolId, file.data);
      return answer(caller.studioId, schoolId);
    },
  );

  app.post(
    '/design/print-profile',
    docs(
      `Stüdyonun baskı (CMYK çıktı) renk profilini yükler (form-data, alan: file; ICC, en fazla ${PRINT_PROFILE_MAX_MB} MB); FOGRA51 baskı dosyalarına gömülür`,
      { consumes: ['multipart/form-data'], response: { 200: designResponse, 400: errorResponse, 413: errorResponse } },
      ['panel'],
    ),
    async (request) => {
      const caller = callerOf(request);
      const file = await readOneFile(request, {
        maxFileBytes: PRINT_PROFILE_MAX_MB * 1024 * 1024,
        tooLarge: tr.design.printProfileTooLarge(PRINT_PROFILE_MAX_MB),
        noFile: tr.design.printProfileNoFile,
      });
      await setPrintProfile(app.db, app.storage.images, caller, file.data);
      return answer(caller.studioId, null);
    },
  );
}
