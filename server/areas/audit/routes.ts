/** GET {level}/audit?entity=&entityId=: the audit log of the caller's scope, newest first. */
import { errorResponse, listResponse } from '../../../common/schemas/list';
import { auditEntry, auditListQuery } from '../../../common/schemas/organisation';
import { listAnswer } from '../../http/list';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { listAudit } from './queries';

const docs = routeDocs('audit');

export async function auditRoutes(app: Api) {
  app.get(
    '/audit',
    docs('İşlem geçmişi: kim, ne zaman, neyi değiştirdi', { querystring: auditListQuery, response: { 200: listResponse(auditEntry), 403: errorResponse } }, [
      'panel',
      'school',
    ]),
    async (request) => {
      const { items, total } = await listAudit(app.db, callerOf(request), request.query);
      return listAnswer(items, total, request.query);
    },
  );
}
