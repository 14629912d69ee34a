/**
 * The digital yearbook's calls. A reader's two (the book, and its images behind signed links) are
 * mounted under any reader's prefix with the function that says who the reader is (readers.ts): a
 * student's under /api/student, a parent's under /api/veli. Staff (panel, the
 * school's managers) see the edition's state and ask for it to be made again.
 */
import { digitalEditionState, digitalFileParams, digitalYearbookResponse } from '../../../common/schemas/digitalYearbook';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { jobResponse, proofQuery } from '../../../common/schemas/yearbook';
import { tr } from '../../../common/tr';
import { schoolInScope } from '../../auth/access';
import { attachmentHeader } from '../../http/disposition';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { jobOf } from '../yearbook/queries';
import { proofUrlSigner, sendSignedImage } from '../yearbook/proofUrls';
import { digitalPageKey, digitalSpreadKey, downloadKey } from './job';
import { digitalYearbookOf, editionState } from './queries';
import type { ReaderOf } from './readers';
import { queueDigitalEdition } from './writes';

const docs = routeDocs('digital-yearbook');
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The reader's calls under the prefix of `level` (its API path segment), the reader found by `readerOf` from the signed-in request. */
export function digitalYearbookReaderRoutes(level: string, readerOf: ReaderOf) {
  return async (app: Api) => {
    const signer = proofUrlSigner(app.config.fileUrlSecret, app.config.fileUrlTtlMinutes);

    app.get(
      '/digital-yearbook',
      docs('Son hâline getirilmiş yıllığın dijital baskısı: sayfa görselleri, isim dizini, okuyanın kendi sayfaları', {
        response: { 200: digitalYearbookResponse, ...errors },
      }),
      async (request) => digitalYearbookOf(app.db, await readerOf(request, app.db), (jobId, kind, number) => signer.digitalUrl(level, jobId, kind, number)),
    );

    app.get(
      '/digital-yearbook/:id/:kind/:n',
      docs(
        'Dijital yıllığın bir görseli: sayfa, açılım ya da indirilecek sayfa (kısa ömürlü imzalı bağlantı)',
        { params: digitalFileParams, querystring: proofQuery },
        'public',
      ),
      async (request, reply) => {
        const { id, kind, n } = request.params;
        const { e, s } = request.query;
        const verdict = signer.verifyDigital(id, kind, n, e, s);
        if (kind === 'download') {
          reply.header('content-disposition', attachmentHeader(tr.digitalYearbook.fileName(n)));
          return sendSignedImage(reply, verdict, e, () => app.storage.photos.get(downloadKey(id, n)));
        }
        const key = kind === 'spread' || kind === 'spread-zoom' ? digitalSpreadKey(id, kind === 'spread' ? 'page' : 'zoom', n) : digitalPageKey(id, kind, n);
        return sendSignedImage(reply, verdict, e, () => app.storage.photos.get(key), 'image/webp');
      },
    );
  };
}

const staff = ['panel', 'school'] as const;

export async function digitalYearbookStaffRoutes(app: Api) {
  app.get(
    '/schools/:id/digital-yearbook',
    docs(
      'Okulun dijital yıllığının durumu: yıllık son hâlinde mi, son dijital baskı işi',
      { params: idParams, response: { 200: digitalEditionState, ...errors } },
      staff,
    ),
    async (request) => editionState(app.db, await schoolInScope(app.db, callerOf(request), request.params.id)),
  );

  app.post(
    '/schools/:id/digital-yearbook',
    docs(
      'Okulun dijital yıllığını yeniden oluşturur (arka planda iş; yalnızca son hâldeki yıllık)',
      { params: idParams, response: { 200: jobResponse, ...errors } },
      staff,
    ),
    async (request) => {
      const caller = callerOf(request);
      const job = await queueDigitalEdition(app.db, caller, await schoolInScope(app.db, caller, request.params.id));
      app.jobs.wake();
      return { success: true as const, job: jobOf(job) };
    },
  );
}
