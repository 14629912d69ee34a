/**
 * The yearbook's production: branches/{id}/yearbook and schools/{id}/yearbook queue a book (a
 * background job), yearbook-jobs/{id} answers its progress and its check before print, /file the
 * interior's PDF, /cover the cover's, /pages/{n} a page proof, /spreads/{n} a two-page spread and
 * /cover-proof the cover's (signed URLs), /cancel stops it; a school approves a branch's proof (its
 * content locks), the studio unlocks it and marks the book final (refused while the book has
 * preflight errors, unless overridden with a reason). Panel and the school's managers only.
 */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { approvalBody, finalBody, jobDetailResponse, jobResponse, proofParams, proofQuery, yearbookState } from '../../../common/schemas/yearbook';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope } from '../../auth/access';
import { attachmentHeader } from '../../http/disposition';
import { HttpError, notFound } from '../../core/errors';
import type { Caller } from '../../auth/caller';
import { recordCalls } from '../../http/recordRoutes';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { branches } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { composeSpread } from '../../typesetting/spreads';
import { coverProofKey, proofKey } from './job';
import { bookFileName, jobDetail, jobInScope, jobOf, preflightOf, resultOf, yearbookState as stateOf } from './queries';
import { proofUrlSigner, sendSignedImage, type ProofKind } from './proofUrls';
import { approveBranch, cancelBook, setFinal, startBook, unlockBranch } from './writes';

const docs = routeDocs('yearbook');
const staff = ['panel', 'school'] as const;
const studio = ['panel'] as const;
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export async function yearbookRoutes(app: Api) {
  const proofs = proofUrlSigner(app.config.fileUrlSecret, app.config.fileUrlTtlMinutes);
  const staffCall = recordCalls(app, docs, { errors, callers: staff });
  const studioCall = recordCalls(app, docs, { errors, callers: studio });

  /** A book is made for one branch (its proof) or for the whole school. */
  for (const scope of [
    {
      path: '/branches/:id/yearbook',
      summary: 'Şubenin yıllık provasını hazırlatır (arka planda iş)',
      place: async (caller: Caller, id: number) => {
        const branch = await branchInScope(app.db, caller, id);
        return { school: await schoolInScope(app.db, caller, branch.schoolId), branch };
      },
    },
    {
      path: '/schools/:id/yearbook',
      summary: 'Okulun tüm yıllığını hazırlatır (arka planda iş)',
      place: async (caller: Caller, id: number) => ({ school: await schoolInScope(app.db, caller, id), branch: null }),
    },
  ]) {
    app.post(scope.path, docs(scope.summary, { params: idParams, response: { 200: jobResponse, ...errors } }, staff), async (request, reply) => {
      const caller = callerOf(request);
      const { school, branch } = await scope.place(caller, request.params.id);
      const job = await startBook(app.db, caller, school, branch);
      app.jobs.wake();
      return reply.code(200).send({ success: true as const, job: jobOf(job) });
    });
  }

  staffCall('GET', '/schools/:id/yearbook', schoolInScope, {
    summary: 'Okulun yıllık durumu: şube onayları, son hâl, son hazırlanan yıllıklar',
    answer: yearbookState,
    handle: (caller, school) => stateOf(app.db, school, (jobId, kind, number) => proofs.url(caller.level, jobId, number, kind)),
  });

  staffCall('GET', '/yearbook-jobs/:id', jobInScope, {
    summary: 'Yıllık işinin durumu (sayfa ilerlemesi, baskı öncesi kontrol)',
    answer: jobDetailResponse,
    handle: async (caller, job) => {
      const [branch] = job.branchId ? await app.db.select().from(branches).where(eq(branches.id, job.branchId)) : [];
      const url = (kind: ProofKind, number: number) => proofs.url(caller.level, job.id, number, kind);
      return { success: true as const, job: { ...jobOf(job), preflight: preflightOf(job) }, detail: jobDetail(job, branch ?? null, url) };
    },
  });

  staffCall('POST', '/yearbook-jobs/:id/cancel', jobInScope, {
    summary: 'Yıllık işini iptal eder',
    answer: jobResponse,
    handle: async (caller, job) => ({ success: true as const, job: jobOf(await cancelBook(app.db, caller, job)) }),
  });

  app.get('/yearbook-jobs/:id/file', docs('Hazırlanan yıllığın PDF dosyası (application/pdf)', { params: idParams }, staff), async (request, reply) => {
    const job = await jobInScope(app.db, callerOf(request), request.params.id);
    const result = resultOf(job);
    if (!result) throw new HttpError(409, tr.yearbook.jobNotDone);
    const pdf = await app.storage.photos.stream(result.file);
    if (!pdf) throw notFound();
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', attachmentHeader(await bookFileName(app.db, job)));
    return reply.type('application/pdf').send(pdf);
  });

  app.get(
    '/yearbook-jobs/:id/cover',
    docs('Hazırlanan yıllığın kapak PDF dosyası: arka kapak, sırt ve ön kapak tek sayfada (application/pdf)', { params: idParams }, staff),
    async (request, reply) => {
      const job = await jobInScope(app.db, callerOf(request), request.params.id);
      const result = resultOf(job);
      if (!result) throw new HttpError(409, tr.yearbook.jobNotDone);
      const pdf = result.cover ? await app.storage.photos.stream(result.cover.file) : null;
      if (!pdf) throw new HttpError(404, tr.yearbook.noCover);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', attachmentHeader(await bookFileName(app.db, job, 'cover')));
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.get(
    '/yearbook-jobs/:id/cover-proof',
    docs('Kapak provasının görseli (kısa ömürlü imzalı bağlantı)', { params: idParams, querystring: proofQuery }, 'public'),
    async (request, reply) => {
      const { id } = request.params;
      const verdict = proofs.verifyCover(id, request.query.e, request.query.s);
      return sendSignedImage(reply, verdict, request.query.e, () => app.storage.photos.get(coverProofKey(id)));
    },
  );

  app.get(
    '/yearbook-jobs/:id/pages/:page',
    docs('Prova sayfasının görseli (kısa ömürlü imzalı bağlantı)', { params: proofParams, querystring: proofQuery }, 'public'),
    async (request, reply) => {
      const { id, page } = request.params;
      const verdict = proofs.verify(id, page, request.query.e, request.query.s);
      return sendSignedImage(reply, verdict, request.query.e, () => app.storage.photos.get(proofKey(id, page)));
    },
  );

  app.get(
    '/yearbook-jobs/:id/spreads/:page',
    docs('Provanın iki sayfalık açılımının görseli (kısa ömürlü imzalı bağlantı)', { params: proofParams, querystring: proofQuery }, 'public'),
    async (request, reply) => {
      const { id, page: spread } = request.params;
      const verdict = proofs.verify(id, spread, request.query.e, request.query.s, 'spreads');
      return sendSignedImage(reply, verdict, request.query.e, async () => {
        // Spread 1 is page 1 alone on the right; spread n pairs pages 2n−2 (left) and 2n−1 (right).
        const left = spread > 1 ? await app.storage.photos.get(proofKey(id, 2 * spread - 2)) : null;
        const right = await app.storage.photos.get(proofKey(id, 2 * spread - 1));
        return left || right ? composeSpread(left, right) : null;
      });
    },
  );

  staffCall('POST', '/branches/:id/yearbook/approval', branchInScope, {
    summary: 'Şubenin provasını onaylar; şubenin içeriği kilitlenir',
    body: approvalBody,
    answer: okResponse,
    handle: async (caller, branch, { jobId }) => {
      await approveBranch(app.db, caller, branch, await jobInScope(app.db, caller, jobId));
      return { success: true as const };
    },
  });

  studioCall('DELETE', '/branches/:id/yearbook/approval', branchInScope, {
    summary: 'Şubenin onayını kaldırır ve kilidini açar (stüdyo)',
    answer: okResponse,
    handle: async (caller, branch) => {
      await unlockBranch(app.db, caller, branch);
      return { success: true as const };
    },
  });

  studioCall('PUT', '/schools/:id/yearbook/final', schoolInScope, {
    summary: 'Yıllığı son hâli olarak işaretler ya da işareti kaldırır (stüdyo)',
    body: finalBody,
    answer: okResponse,
    handle: async (caller, school, { final, overrideReason }) => {
      await setFinal(app.db, caller, school, final, overrideReason ?? null);
      if (final) app.jobs.wake();
      return { success: true as const };
    },
  });
}
