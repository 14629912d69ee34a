/** Typed calls of the manager screens: school managers and branch managers share them. */
import type { Manager, ManagerCreateBody, ManagerUpdateBody } from '../../../common/schemas/organisation';
import { call } from '../../api';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export type ManagerKind = 'school' | 'branch';

/** Where a list of managers is exported from. */
export const exportPath = (kind: ManagerKind, ownerId: number) => (kind === 'school' ? `schools/${ownerId}/managers` : `branches/${ownerId}/managers`);
// The branches list shows each branch's manager, so a change of a branch manager refreshes it.
const changed = (kind: ManagerKind, ownerId: number) => (kind === 'branch' ? [keys.managers(kind, ownerId), keys.branches()] : [keys.managers(kind, ownerId)]);

export function useManagers(kind: ManagerKind, ownerId: number, query: Record<string, string | number>) {
  return useApiGet(
    keys.managers(kind, ownerId),
    kind === 'school' ? 'GET schools/:id/managers' : 'GET branches/:id/managers',
    { params: { id: ownerId }, query },
    { keepPrevious: true },
  );
}

export function useSaveManager(kind: ManagerKind, ownerId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: ManagerCreateBody | ManagerUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) => {
      if (id) {
        const args = { params: { id }, body: body as ManagerUpdateBody, onErrorBody };
        return kind === 'school' ? call('PUT school-managers/:id', args) : call('PUT branch-managers/:id', args);
      }
      const args = { params: { id: ownerId }, body: body as ManagerCreateBody };
      return kind === 'school' ? call('POST schools/:id/managers', args) : call('POST branches/:id/managers', args);
    },
    changed(kind, ownerId),
  );
}

export function useDeleteManager(kind: ManagerKind, ownerId: number) {
  return useApiMutation(
    (id: number) => (kind === 'school' ? call('DELETE school-managers/:id', { params: { id } }) : call('DELETE branch-managers/:id', { params: { id } })),
    changed(kind, ownerId),
  );
}

export const updateBodyOf = (m: Manager, changes: Partial<ManagerUpdateBody> = {}): ManagerUpdateBody => ({
  name: m.name,
  email: m.email,
  phone: m.phone,
  active: m.active,
  version: m.version,
  ...changes,
});

/** One account as stored now, from its owner's list (an edit form reloads it after someone else changed it). */
export async function readManager(kind: ManagerKind, ownerId: number, id: number) {
  const args = { params: { id: ownerId }, query: { perPage: 100 } };
  const res = await (kind === 'school' ? call('GET schools/:id/managers', args) : call('GET branches/:id/managers', args));
  return res && res.items.find((m) => m.id === id);
}
