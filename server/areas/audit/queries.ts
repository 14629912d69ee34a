/** The audit log of the caller's scope, newest first, optionally of one kind of row or one row. */
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditListQuery } from '../../../common/schemas/organisation';
import { auditWhere } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { pagedList } from '../../http/list';

export async function listAudit(db: Db, caller: Caller, query: z.infer<typeof auditListQuery>) {
  const where = and(
    auditWhere(caller),
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
  );
  const { rows, total } = await pagedList(db, auditLog, where, query, true, (page) =>
    db
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
      .limit(page.limit)
      .offset(page.offset),
  );
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}
