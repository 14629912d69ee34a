/** GET {level}/audit?entity=&entityId=: the audit log of the caller's scope, newest first. */
import { and, count, desc, eq } from 'drizzle-orm';
import { errorResponse, listResponse } from '../../../common/schemas/list';
import { auditEntry, auditListQuery } from '../../../common/schemas/organisation';
import { auditLog } from '../../db/schema';
import { listAnswer, pageOf } from '../../http/list';
import { callerOf, type Api } from '../../http/types';

export async function auditRoutes(app: Api) {
  app.get(
    '/audit',
    {
      config: { levels: ['panel', 'school'] },
      schema: {
        tags: ['audit'],
        summary: 'İşlem geçmişi: kim, ne zaman, neyi değiştirdi',
        querystring: auditListQuery,
        response: { 200: listResponse(auditEntry), 403: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const query = request.query;
      const where = and(
        eq(auditLog.studioId, caller.studioId),
        caller.level === 'school' ? eq(auditLog.schoolId, caller.schoolId ?? -1) : undefined,
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
      );
      const { limit, offset } = pageOf(query);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: auditLog.id,
            userName: auditLog.userName,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            changes: auditLog.changes,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return listAnswer(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        Number(total.n),
        query,
      );
    },
  );
}
