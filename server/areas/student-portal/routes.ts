/**
 * The student's API (/api/student/…): sign-in with school code, school number and access code;
 * its user info, classmates, messages, nicknames, quote, portrait pick and notifications. Every
 * id is checked by the access module (404 outside the student's reach) and every write is
 * refused after the school's deadline.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../common/schemas/fields';
import { errorResponse, okResponse } from '../../../common/schemas/list';
import { photoSizes } from '../../../common/schemas/students';
import * as schemas from '../../../common/schemas/student';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import { classmateInScope, ownMessageInScope, ownNicknameInScope, ownPhotoInScope, type StudentRow } from '../../auth/access';
import type { StudentCaller } from '../../auth/caller';
import { HttpError, notFound, unauthorized } from '../../core/errors';
import type { Db } from '../../db/client';
import { listAnswer } from '../../http/list';
import { routeDocs, type Api } from '../../http/types';
import { listCities } from '../cities/queries';
import { createStudentMessage, deleteOwnMessage, editOwnMessage } from '../messages/writes';
import { createNickname, editOwnNickname } from '../nicknames/writes';
import { effectiveDesign } from '../design/queries';
import { photoById, photoFile } from '../photos/queries';
import { studioInfo } from '../studio/queries';
import { codeSessionRoutes } from './login';
import { consentedStudentIds } from '../consents/records';
import { albumPhotoFileRoute } from '../albums/routes';
import { taggedPhotosOf } from '../event-pages/queries';
import { statesOf } from '../consents/staffQueries';
import { myEventPhotosAnswer, myEventPhotosQuery } from '../../../common/schemas/eventPages';
import { assertOpen, classmatesOf, deadlineOf, myMessageOf, myNicknameOf, notificationsOf, placeOf, profileOf, progressOf } from './queries';
import { pickPortrait, writeQuote } from './writes';

const docs = routeDocs('student');

function studentOf(request: FastifyRequest): StudentCaller {
  if (!request.student) throw unauthorized();
  return request.student;
}

export async function studentPortalRoutes(app: Api) {
  const { db, config } = app;
  const across = config.messagesAcrossBranches;

  codeSessionRoutes(app, {
    holder: 'student',
    body: schemas.studentLoginBody,
    code: 'accessCode',
    docs,
    summaries: {
      login: 'Öğrenci girişi: okul kodu, okul numarası ve giriş kodu ile oturum açar, bir token döner',
      logout: 'Öğrenci çıkışı: token’ı geçersiz kılar',
    },
    callerOf: studentOf,
  });

  app.get('/user', docs('Oturumdaki öğrencinin bilgileri (level: student)', { response: { 200: schemas.studentUserResponse } }), async (request) => {
    const me = studentOf(request);
    const place = await placeOf(db, me);
    const [design, cities, studio, progress, writing] = await Promise.all([
      effectiveDesign(db, me.studioId, me.schoolId),
      listCities(db),
      studioInfo(db, me.studioId),
      progressOf(db, me, across),
      deadlineOf(db, me),
    ]);
    return {
      success: true as const,
      userInfo: { id: me.studentId, name: me.name, level: 'student' as const, schoolNumber: place.schoolNumber },
      design,
      cities,
      studio,
      school: { id: place.schoolId, name: place.schoolName, code: place.code, messageDeadline: place.messageDeadline },
      branch: { id: me.branchId, schoolId: me.schoolId, name: branchName(place) },
      statistics: { ...progress, ...writing },
      level: 'student' as const,
    };
  });

  app.get(
    '/classmates',
    docs('Mesaj yazılabilecek sınıf arkadaşları ve onlara yazdıklarının durumu', { response: { 200: schemas.classmatesResponse } }),
    async (request) => ({
      success: true as const,
      items: await classmatesOf(db, studentOf(request), across, app.photoUrls),
    }),
  );

  /*
   * What a student writes to a classmate (a memory message, a nickname suggestion): a new one to a
   * classmate in its reach, or an edit of its own; either only while the school's deadline is open.
   */
  const textAnswers = <T extends z.ZodType>(answer: T) => ({ 200: answer, 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse });
  type Pair = { from: { id: number }; to: StudentRow };
  type OwnRequest = FastifyRequest & { params: { id: number } };
  type Own<Row> = (db: Db, me: StudentCaller, id: number) => Promise<Row>;
  /** The student's own text under the path's id, while the deadline is open. */
  const ownWhileOpen = async <Row>(request: OwnRequest, own: Own<Row>) => {
    const me = studentOf(request);
    const before = await own(db, me, request.params.id);
    await assertOpen(db, me);
    return { me, before };
  };
  /** POST {path}: a new text to a classmate in the student's reach; PUT {path}/:id: an edit of its own. */
  const classmateTextRoutes = <Row, T, New extends z.ZodType<{ toStudentId: number }>, Edit extends z.ZodType>(
    path: string,
    answer: z.ZodType,
    create: { summary: string; body: New; write: (me: StudentCaller, pair: Pair, body: z.output<New>) => Promise<T> },
    edit: { summary: string; body: Edit; own: Own<Row>; write: (me: StudentCaller, before: Row, body: z.output<Edit>) => Promise<T> },
  ) => {
    // The schemas have checked the bodies; the provider's type of a generic schema stays unresolved.
    app.post(path, docs(create.summary, { body: create.body, response: textAnswers(answer) }), async (request) => {
      const body = request.body as z.output<New>;
      const me = studentOf(request);
      const to = await classmateInScope(db, me, body.toStudentId, across);
      await assertOpen(db, me);
      return { success: true as const, item: await create.write(me, { from: { id: me.studentId }, to }, body) };
    });
    app.put(`${path}/:id`, docs(edit.summary, { params: idParams, body: edit.body, response: textAnswers(answer) }), async (request) => {
      const { me, before } = await ownWhileOpen(request, edit.own);
      return { success: true as const, item: await edit.write(me, before, request.body as z.output<Edit>) };
    });
  };

  classmateTextRoutes(
    '/messages',
    schemas.messageResponse,
    {
      summary: 'Sınıf arkadaşına anı mesajı yazar (onay bekler)',
      body: schemas.studentMessageInput,
      write: async (me, pair, body) => myMessageOf(await createStudentMessage(db, me, pair, body.body, config.studentMessagesPerClassmate)),
    },
    {
      summary: 'Onay bekleyen kendi mesajını düzenler',
      body: schemas.studentMessageEdit,
      own: ownMessageInScope,
      write: async (me, before, body) => myMessageOf(await editOwnMessage(db, me, before, body.body)),
    },
  );

  app.delete(
    '/messages/:id',
    docs('Onay bekleyen kendi mesajını siler', { params: idParams, response: { 200: okResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse } }),
    async (request) => {
      const { me, before } = await ownWhileOpen(request, ownMessageInScope);
      await deleteOwnMessage(db, me, before);
      return { success: true as const };
    },
  );

  classmateTextRoutes(
    '/nicknames',
    schemas.nicknameResponse,
    {
      summary: 'Sınıf arkadaşına lakap önerir (arkadaş başına bir öneri)',
      body: schemas.studentNicknameInput,
      write: async (me, pair, body) => myNicknameOf(await createNickname(db, me, pair, body.text)),
    },
    {
      summary: 'Onaylanmamış lakap önerisini düzenler',
      body: schemas.studentNicknameEdit,
      own: ownNicknameInScope,
      write: async (me, before, body) => myNicknameOf(await editOwnNickname(db, me, before, body.text)),
    },
  );

  app.get(
    '/profile',
    docs('Öğrencinin kendi sayfası: söz, lakap, fotoğraflar (izinle), onaylı gelen mesajlar', { response: { 200: schemas.profileResponse } }),
    async (request) => ({
      success: true as const,
      ...(await profileOf(db, studentOf(request), app.photoUrls)),
    }),
  );

  app.put(
    '/quote',
    docs('Kendi yıllık sözünü yazar (onay bekler)', { body: schemas.quoteInput, response: { 200: okResponse, 400: errorResponse, 403: errorResponse } }),
    async (request) => {
      const me = studentOf(request);
      await assertOpen(db, me);
      await writeQuote(db, me, request.body.text);
      return { success: true as const };
    },
  );

  app.put(
    '/portrait',
    docs('Kendi çekim fotoğraflarından vesikalığını seçer (velinin basılı yıllıkta fotoğraf onayı gerekir)', {
      body: schemas.portraitInput,
      response: { 200: okResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
    }),
    async (request) => {
      const me = studentOf(request);
      const photo = await ownPhotoInScope(db, me, request.body.photoId);
      // The pick is for the printed book: without that consent the student's photos do not exist for it.
      if (!(await consentedStudentIds(db, 'print-photo', [me.studentId])).size) throw notFound();
      await assertOpen(db, me);
      await pickPortrait(db, me, photo);
      return { success: true as const };
    },
  );

  app.get('/notifications', docs('Öğrenciye ulaşan bildirimler', { response: { 200: schemas.studentNotificationsResponse } }), async (request) => ({
    success: true as const,
    items: await notificationsOf(db, studentOf(request)),
  }));

  app.get(
    '/event-photos',
    docs('Öğrencinin etiketlendiği onaylı etkinlik fotoğrafları, sayfa sayfa (velinin dijital fotoğraf onayı varsa)', {
      querystring: myEventPhotosQuery,
      response: { 200: myEventPhotosAnswer, 400: errorResponse },
    }),
    async (request) => {
      const me = studentOf(request);
      const consented = (await statesOf(db, [me.studentId])).get(me.studentId)?.['digital-photo'] === 'yes';
      const { items, total } = await taggedPhotosOf(db, me.studentId, consented, request.query, app.photoUrls);
      return { ...listAnswer(items, total, request.query), consented };
    },
  );

  albumPhotoFileRoute(app);

  app.get(
    '/photo-files/:id/:size',
    docs(
      'Fotoğraf dosyası (kısa ömürlü imzalı bağlantı; yalnızca yetkili yanıtlarda verilir)',
      {
        params: z.object({ id: idParams.shape.id, size: z.enum(photoSizes) }),
        querystring: z.object({ e: z.coerce.number().int().positive(), s: z.string().min(10).max(100) }),
      },
      'public',
    ),
    async (request, reply) => {
      const { id, size } = request.params;
      const verdict = app.photoUrls.verify(id, size, request.query.e, request.query.s);
      if (verdict === 'bad') throw notFound();
      if (verdict === 'expired') throw new HttpError(403, tr.students.photos.linkExpired);
      const data = await photoFile(app.storage.photos, await photoById(db, id), size);
      reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(request.query.e - Date.now() / 1000))}`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('image/jpeg').send(data);
    },
  );
}
