/** Message calls: staff messages, student messages, moderation, undo, overviews. */
import { z } from 'zod';
import { id } from '../../../common/schemas/fields';
import { listQuery, listResponse } from '../../../common/schemas/list';
import { itemsAnswer, moderatedAnswer } from '../../../common/schemas/answers';
import * as schemas from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { branchInScope, messageInScope, schoolInScope } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { scopeChoices, studentCounts, studentOptions, STUDENT_OPTIONS_MAX } from './overview';
import { moderatedRoutes } from './moderatedRoutes';
import { listStaffMessages, listStudentMessages, messageById } from './queries';
import { createStaffMessage, createStudentMessage, deleteMessage, moderateMessages, undoMessageModeration, updateMessage } from './writes';

const docs = routeDocs('messages');

// Not strict: the path's {level} is a parameter too.
const idParams = z.object({ id });
const oneMessage = moderatedAnswer(schemas.message);
const staffListQuery = listQuery.extend({ sort: z.enum(['date']).optional(), order: z.enum(['asc', 'desc']).default('desc') });

export async function messagesRoutes(app: Api) {
  /** A school's and a branch's own messages, written by staff: the school's for panel and its managers only. */
  for (const owner of [
    { kind: 'school' as const, path: '/schools/:id/messages', levels: ['panel', 'school'] as const, name: 'Okul' },
    { kind: 'branch' as const, path: '/branches/:id/messages', levels: ['panel', 'school', 'branch'] as const, name: 'Şube' },
  ]) {
    const ownerOf = async (caller: Caller, id: number) => {
      if (owner.kind === 'school') return { kind: owner.kind, schoolId: (await schoolInScope(app.db, caller, id)).id, branchId: null };
      const branch = await branchInScope(app.db, caller, id);
      return { kind: owner.kind, schoolId: branch.schoolId, branchId: branch.id };
    };
    app.get(
      owner.path,
      docs(`${owner.name} mesajları`, { params: idParams, querystring: staffListQuery, response: { 200: listResponse(schemas.message) } }, owner.levels),
      async (request) => {
        const caller = callerOf(request);
        await ownerOf(caller, request.params.id);
        const { items, total } = await listStaffMessages(app.db, caller, owner.kind, request.params.id, request.query);
        return listAnswer(items, total, request.query);
      },
    );
    app.post(
      owner.path,
      docs(`${owner.name} mesajı yaz`, { params: idParams, body: schemas.staffMessageBody, response: { 200: oneMessage } }, owner.levels),
      async (request) => {
        const caller = callerOf(request);
        const id = await createStaffMessage(app.db, caller, await ownerOf(caller, request.params.id), request.body.body);
        return { success: true as const, item: await messageById(app.db, caller, id) };
      },
    );
  }

  app.get(
    '/messages/:type/:id',
    docs('Öğrenci mesajları (okul, şube, yazan veya alan öğrenci)', {
      params: z.object({ type: schemas.messageListType, id }),
      querystring: schemas.messageListQuery,
      response: { 200: listResponse(schemas.message) },
    }),
    async (request) => {
      const { items, total } = await listStudentMessages(app.db, callerOf(request), request.params.type, request.params.id, request.query);
      return listAnswer(items, total, request.query);
    },
  );
  moderatedRoutes(app, {
    path: '/messages',
    docs,
    item: schemas.message,
    byId: messageById,
    inScope: messageInScope,
    summaries: {
      entry: 'Öğrenci adına mesaj gir',
      update: 'Mesajı düzenle, onayla veya reddet',
      remove: 'Mesajı sil',
      moderate: 'Toplu onay / ret (seçilenler veya filtreye uyanların tümü)',
    },
    entry: {
      body: schemas.studentMessageBody,
      sameStudent: tr.messages.sameStudent,
      write: (db, caller, pair, input) => createStudentMessage(db, caller, pair, input.body),
    },
    update: { body: schemas.messageUpdate, write: updateMessage },
    remove: deleteMessage,
    moderate: { body: schemas.bulkModeration, write: moderateMessages },
    undo: undoMessageModeration,
  });

  for (const direction of ['from', 'to'] as const) {
    app.get(
      `/message-${direction}`,
      docs(direction === 'from' ? 'Öğrenci başına yazılan mesaj sayıları' : 'Öğrenci başına alınan mesaj sayıları', {
        querystring: schemas.messageCountQuery,
        response: { 200: listResponse(schemas.studentCount) },
      }),
      async (request) => {
        const { items, total } = await studentCounts(app.db, callerOf(request), direction, request.query);
        return listAnswer(items, total, request.query);
      },
    );
  }
  app.get(
    '/message-students',
    docs('Mesaj ve lakap formları için öğrenci seçenekleri', {
      querystring: z
        .object({
          branchId: id.optional(),
          schoolId: id.optional(),
          q: z.string().trim().max(100).default(''),
          // A picker that searches as it is typed in asks for a few; a select without search takes them all up to the cap.
          limit: z.coerce.number().int().min(1).max(STUDENT_OPTIONS_MAX).default(STUDENT_OPTIONS_MAX),
        })
        .strict(),
      response: { 200: itemsAnswer(schemas.studentOption) },
    }),
    async (request) => ({ success: true as const, items: await studentOptions(app.db, callerOf(request), request.query) }),
  );
  app.get(
    '/message-scopes',
    docs('Filtreler için kapsamdaki okullar ve şubeler', {
      response: { 200: schemas.scopeChoicesAnswer },
    }),
    async (request) => ({ success: true as const, items: await scopeChoices(app.db, callerOf(request)), acrossBranches: app.config.messagesAcrossBranches }),
  );
}
