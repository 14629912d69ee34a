/** Typed calls of İşlem geçmişi. */
import type { StaffCalls } from '../../api/calls';
import { keys } from '../../api/keys';
import { useApiGet } from '../../api/query';

export type AuditEntry = StaffCalls['GET audit']['response']['items'][number];

/** The latest entries of one record, always read fresh (a write may have just added one). */
export const useAuditLog = (entity: string, entityId: number) =>
  useApiGet(keys.audit(entity, entityId), 'GET audit', { query: { entity, entityId, page: 1, perPage: 50 } }, { alwaysFresh: true });
