/** Typed calls of the manager screens: school managers and branch managers share them. */
import type { ListResult } from '../../../common/schemas/list';
import type { Manager, ManagerCreateBody, ManagerUpdateBody } from '../../../common/schemas/organisation';
import { api } from '../../api';
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
    ({ id, body }: { id?: number; body: ManagerCreateBody | ManagerUpdateBody }) => (id ? api.put<Saved>(p.item(id), body) : api.post<Saved>(p.list, body)),
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
  ...changes,
});
