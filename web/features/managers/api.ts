/** Typed calls of the manager screens: school managers and branch managers share them. */
import type { ListResult } from '../../../common/schemas/list';
import type { Manager, ManagerCreateBody, ManagerUpdateBody } from '../../../common/schemas/organisation';
import { api } from '../../api';
import type { CallOptions } from '../../api/client';
import { useApiGet, useApiMutation } from '../../api/query';

export type ManagerKind = 'school' | 'branch';

export const paths = (kind: ManagerKind, ownerId: number) => ({
  list: kind === 'school' ? `schools/${ownerId}/managers` : `branches/${ownerId}/managers`,
  item: (id: number) => (kind === 'school' ? `school-managers/${id}` : `branch-managers/${id}`),
});
const key = (kind: ManagerKind, ownerId: number) => ['managers', kind, ownerId] as const;
// The branches list shows each branch's manager, so a change of a branch manager refreshes it.
const shownIn = (kind: ManagerKind) => (kind === 'branch' ? [['branches']] : []);

export interface Saved {
  item: Manager;
  generatedPassword?: string;
}

export function useManagers(kind: ManagerKind, ownerId: number, query: Record<string, string | number>) {
  return useApiGet<ListResult<Manager>>(key(kind, ownerId), paths(kind, ownerId).list, query, { keepPrevious: true });
}

export function useSaveManager(kind: ManagerKind, ownerId: number) {
  const p = paths(kind, ownerId);
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: ManagerCreateBody | ManagerUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? api.put<Saved>(p.item(id), body, { onErrorBody }) : api.post<Saved>(p.list, body),
    [key(kind, ownerId), ...shownIn(kind)],
  );
}

export function useDeleteManager(kind: ManagerKind, ownerId: number) {
  return useApiMutation((id: number) => api.del(paths(kind, ownerId).item(id)), [key(kind, ownerId), ...shownIn(kind)]);
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
  const res = await api.get<ListResult<Manager>>(paths(kind, ownerId).list, { perPage: 100 });
  return res && res.items.find((m) => m.id === id);
}
