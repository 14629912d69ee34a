/** Typed calls of İşlem geçmişi. */
import { useApiGet } from '../../api/query';

export interface AuditEntry {
  id: number;
  userName: string;
  action: string;
  createdAt: string;
  /** { field: [before, after] } for edits; { field: value } for some creations and removals. */
  changes: Record<string, unknown> | null;
}

/** The latest entries of one record, always read fresh (a write may have just added one). */
export const useAuditLog = (entity: string, entityId: number) =>
  useApiGet<{ items: AuditEntry[] }>(['audit', entity, entityId], 'audit', { entity, entityId, page: 1, perPage: 50 }, { alwaysFresh: true });
