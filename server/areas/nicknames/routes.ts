/** Nickname suggestion calls: nicknames, nicknames/{id}, bulk moderation, undo. */
import { z } from 'zod';
import { id } from '../../../common/schemas/fields';
import { listResponse, okResponse } from '../../../common/schemas/list';
import { moderationAnswer, nickname, nicknameBody, nicknameBulk, nicknameListQuery, nicknameUpdate, undoBody } from '../../../common/schemas/messages';
import { countAnswer, moderatedAnswer } from '../../../common/schemas/answers';
import { tr } from '../../../common/tr';
import { nicknameInScope } from '../../auth/access';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { studentPair } from '../messages/queries';
import { listNicknames, nicknameById } from './queries';
import { createNickname, deleteNickname, moderateNicknames, undoNicknameModeration, updateNickname } from './writes';

const docs = routeDocs('nicknames');

// Not strict: the path's {level} is a parameter too.
const idParams = z.object({ id });
const oneNickname = moderatedAnswer(nickname);

export async function nicknamesRoutes(app: Api) {
  app.get('/nicknames', docs('Lakap önerileri', { querystring: nicknameListQuery, response: { 200: listResponse(nickname) } }), async (request) => {
    const { items, total } = await listNicknames(app.db, callerOf(request), request.query);
    return listAnswer(items, total, request.query);
  });
  app.post('/nicknames', docs('Öğrenci adına lakap önerisi gir', { body: nicknameBody, response: { 200: oneNickname } }), async (request) => {
    const caller = callerOf(request);
    const { fromStudentId, toStudentId, text } = request.body;
    const pair = await studentPair(app.db, caller, fromStudentId, toStudentId, app.config.messagesAcrossBranches, tr.messages.sameStudentNickname);
    const { id } = await createNickname(app.db, caller, pair, text);
    return { success: true as const, item: await nicknameById(app.db, caller, id) };
  });
  app.put(
    '/nicknames/:id',
    docs('Lakap önerisini düzenle, onayla veya reddet', { params: idParams, body: nicknameUpdate, response: { 200: oneNickname } }),
    async (request) => {
      const caller = callerOf(request);
      const undoToken = await updateNickname(app.db, caller, await nicknameInScope(app.db, caller, request.params.id), request.body);
      return { success: true as const, item: await nicknameById(app.db, caller, request.params.id), undoToken };
    },
  );
  app.delete('/nicknames/:id', docs('Lakap önerisini sil', { params: idParams, response: { 200: okResponse } }), async (request) => {
    const caller = callerOf(request);
    await deleteNickname(app.db, caller, await nicknameInScope(app.db, caller, request.params.id));
    return { success: true as const };
  });
  app.post('/nicknames/moderate', docs('Toplu onay / ret', { body: nicknameBulk, response: { 200: moderationAnswer } }), async (request) => ({
    success: true as const,
    ...(await moderateNicknames(app.db, callerOf(request), request.body)),
  }));
  app.post('/nicknames/undo', docs('Son onay / ret işlemini geri al', { body: undoBody, response: { 200: countAnswer } }), async (request) => ({
    success: true as const,
    count: await undoNicknameModeration(app.db, callerOf(request), request.body.token),
  }));
}
