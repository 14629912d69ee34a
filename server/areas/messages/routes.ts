/** Message calls (design.md §3): staff messages, student messages, moderation, undo, overviews. */
import { z } from 'zod';
import { id } from '../../../common/schemas/fields';
import { listQuery, listResponse, okResponse } from '../../../common/schemas/list';
import {
  bulkModeration,
  message,
  messageCountQuery,
  messageListQuery,
  messageListType,
  messageUpdate,
  moderationAnswer,
  scopeChoice,
  staffMessageBody,
  studentCount,
  studentMessageBody,
  studentOption,
  undoBody,
} from '../../../common/schemas/messages';
import { callerOf, type Api } from '../../http/types';
import { listAnswer } from '../../http/list';
import { notFound } from '../../http/errors';
import { listStaffMessages, listStudentMessages, messageById } from './queries';
import { scopeChoices, studentCounts, studentOptions } from './overview';
import { branchInScope, schoolInScope } from '../../auth/access';
import { createStaffMessage, createStudentMessage, deleteMessage, moderateMessages, undoMessageModeration, updateMessage } from './writes';

// Not strict: the path's {level} is a parameter too.
const idParams = z.object({ id });
const tags = ['messages'];
const oneMessage = z.object({ success: z.literal(true), item: message, undoToken: z.number().nullable().optional() });
const staffListQuery = listQuery.extend({ sort: z.enum(['date']).optional(), order: z.enum(['asc', 'desc']).default('desc') });

export async function messagesRoutes(app: Api) {
  const found = async (caller: Parameters<typeof messageById>[1], messageId: number) => {
    const item = await messageById(app.db, caller, messageId);
    if (!item) throw notFound();
    return item;
  };

  app.get(
    '/schools/:id/messages',
    {
      config: { levels: ['panel', 'school'] },
      schema: { tags, summary: 'Okul mesajları', params: idParams, querystring: staffListQuery, response: { 200: listResponse(message) } },
    },
    async (request) => {
      const caller = callerOf(request);
      await schoolInScope(app.db, caller, request.params.id);
      const { items, total } = await listStaffMessages(app.db, caller, 'school', request.params.id, request.query);
      return listAnswer(items, total, request.query);
    },
  );
  app.post(
    '/schools/:id/messages',
    {
      config: { levels: ['panel', 'school'] },
      schema: { tags, summary: 'Okul mesajı yaz', params: idParams, body: staffMessageBody, response: { 200: oneMessage } },
    },
    async (request) => {
      const caller = callerOf(request);
      const school = await schoolInScope(app.db, caller, request.params.id);
      const newId = await createStaffMessage(app.db, caller, { kind: 'school', schoolId: school.id, branchId: null }, request.body.body);
      return { success: true as const, item: await found(caller, newId) };
    },
  );
  app.get(
    '/branches/:id/messages',
    { schema: { tags, summary: 'Şube mesajları', params: idParams, querystring: staffListQuery, response: { 200: listResponse(message) } } },
    async (request) => {
      const caller = callerOf(request);
      await branchInScope(app.db, caller, request.params.id);
      const { items, total } = await listStaffMessages(app.db, caller, 'branch', request.params.id, request.query);
      return listAnswer(items, total, request.query);
    },
  );
  app.post(
    '/branches/:id/messages',
    { schema: { tags, summary: 'Şube mesajı yaz', params: idParams, body: staffMessageBody, response: { 200: oneMessage } } },
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      const newId = await createStaffMessage(app.db, caller, { kind: 'branch', schoolId: branch.schoolId, branchId: branch.id }, request.body.body);
      return { success: true as const, item: await found(caller, newId) };
    },
  );

  app.get(
    '/messages/:type/:id',
    {
      schema: {
        tags,
        summary: 'Öğrenci mesajları (okul, şube, yazan veya alan öğrenci)',
        params: z.object({ type: messageListType, id }),
        querystring: messageListQuery,
        response: { 200: listResponse(message) },
      },
    },
    async (request) => {
      const { items, total } = await listStudentMessages(app.db, callerOf(request), request.params.type, request.params.id, request.query);
      return listAnswer(items, total, request.query);
    },
  );
  app.post('/messages', { schema: { tags, summary: 'Öğrenci adına mesaj gir', body: studentMessageBody, response: { 200: oneMessage } } }, async (request) => {
    const caller = callerOf(request);
    const newId = await createStudentMessage(app.db, caller, request.body, app.config.messagesAcrossBranches);
    return { success: true as const, item: await found(caller, newId) };
  });
  app.put(
    '/messages/:id',
    { schema: { tags, summary: 'Mesajı düzenle, onayla veya reddet', params: idParams, body: messageUpdate, response: { 200: oneMessage } } },
    async (request) => {
      const caller = callerOf(request);
      const undoToken = await updateMessage(app.db, caller, request.params.id, request.body);
      return { success: true as const, item: await found(caller, request.params.id), undoToken };
    },
  );
  app.delete('/messages/:id', { schema: { tags, summary: 'Mesajı sil', params: idParams, response: { 200: okResponse } } }, async (request) => {
    await deleteMessage(app.db, callerOf(request), request.params.id);
    return { success: true as const };
  });
  app.post(
    '/messages/moderate',
    { schema: { tags, summary: 'Toplu onay / ret (seçilenler veya filtreye uyanların tümü)', body: bulkModeration, response: { 200: moderationAnswer } } },
    async (request) => ({ success: true as const, ...(await moderateMessages(app.db, callerOf(request), request.body)) }),
  );
  app.post(
    '/messages/undo',
    {
      schema: {
        tags,
        summary: 'Son onay / ret işlemini geri al',
        body: undoBody,
        response: { 200: z.object({ success: z.literal(true), count: z.number() }) },
      },
    },
    async (request) => ({ success: true as const, count: await undoMessageModeration(app.db, callerOf(request), request.body.token) }),
  );

  for (const direction of ['from', 'to'] as const) {
    app.get(
      `/message-${direction}`,
      {
        schema: {
          tags,
          summary: direction === 'from' ? 'Öğrenci başına yazılan mesaj sayıları' : 'Öğrenci başına alınan mesaj sayıları',
          querystring: messageCountQuery,
          response: { 200: listResponse(studentCount) },
        },
      },
      async (request) => {
        const { items, total } = await studentCounts(app.db, callerOf(request), direction, request.query);
        return listAnswer(items, total, request.query);
      },
    );
  }
  app.get(
    '/message-students',
    {
      schema: {
        tags,
        summary: 'Mesaj ve lakap formları için öğrenci seçenekleri',
        querystring: z.object({ branchId: id.optional(), schoolId: id.optional(), q: z.string().trim().max(100).default('') }).strict(),
        response: { 200: z.object({ success: z.literal(true), items: z.array(studentOption) }) },
      },
    },
    async (request) => ({ success: true as const, items: await studentOptions(app.db, callerOf(request), request.query) }),
  );
  app.get(
    '/message-scopes',
    {
      schema: {
        tags,
        summary: 'Filtreler için kapsamdaki okullar ve şubeler',
        response: { 200: z.object({ success: z.literal(true), items: z.array(scopeChoice), acrossBranches: z.boolean() }) },
      },
    },
    async (request) => ({ success: true as const, items: await scopeChoices(app.db, callerOf(request)), acrossBranches: app.config.messagesAcrossBranches }),
  );
}
