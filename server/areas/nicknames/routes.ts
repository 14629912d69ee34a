/** Nickname suggestion calls: nicknames, nicknames/{id}, bulk moderation, undo. */
import { listResponse } from '../../../common/schemas/list';
import { nickname, nicknameBody, nicknameBulk, nicknameListQuery, nicknameUpdate } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { nicknameInScope } from '../../auth/access';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { moderatedRoutes } from '../messages/moderatedRoutes';
import { listNicknames, nicknameById } from './queries';
import { createNickname, deleteNickname, moderateNicknames, undoNicknameModeration, updateNickname } from './writes';

const docs = routeDocs('nicknames');

export async function nicknamesRoutes(app: Api) {
  app.get('/nicknames', docs('Lakap önerileri', { querystring: nicknameListQuery, response: { 200: listResponse(nickname) } }), async (request) => {
    const { items, total } = await listNicknames(app.db, callerOf(request), request.query);
    return listAnswer(items, total, request.query);
  });
  moderatedRoutes(app, {
    path: '/nicknames',
    docs,
    item: nickname,
    byId: nicknameById,
    inScope: nicknameInScope,
    summaries: {
      entry: 'Öğrenci adına lakap önerisi gir',
      update: 'Lakap önerisini düzenle, onayla veya reddet',
      remove: 'Lakap önerisini sil',
      moderate: 'Toplu onay / ret',
    },
    entry: {
      body: nicknameBody,
      sameStudent: tr.messages.sameStudentNickname,
      write: (db, caller, pair, input) => createNickname(db, caller, pair, input.text),
    },
    update: { body: nicknameUpdate, write: updateNickname },
    remove: deleteNickname,
    moderate: { body: nicknameBulk, write: moderateNicknames },
    undo: undoNicknameModeration,
  });
}
