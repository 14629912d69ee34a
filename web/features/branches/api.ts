/** Typed calls of the branches screen. */
import type { BranchBody, BranchRangeBody, BranchUpdateBody } from '../../../common/schemas/organisation';
import { call } from '../../api';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

// The schools list counts branches.
const changed = (schoolId: number) => [keys.branches(schoolId), keys.schools()];

export function useBranches(schoolId: number, query: Record<string, string | number>) {
  return useApiGet(keys.branches(schoolId), 'GET schools/:id/branches', { params: { id: schoolId }, query }, { keepPrevious: true });
}

export function useBranch(id: number | null) {
  return useApiGet(keys.branch(id), 'GET branches/:id', id ? { params: { id } } : null);
}

/** Reads one branch as stored now (an edit form reloads it after someone else changed it). */
export const readBranch = async (id: number) => {
  const res = await call('GET branches/:id', { params: { id } });
  return res && res.item;
};

export function useSaveBranch(schoolId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: BranchBody | BranchUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id
        ? call('PUT branches/:id', { params: { id }, body: body as BranchUpdateBody, onErrorBody })
        : call('POST schools/:id/branches', { params: { id: schoolId }, body }),
    changed(schoolId),
  );
}

export function useCreateRange(schoolId: number) {
  return useApiMutation((body: BranchRangeBody) => call('POST schools/:id/branches/range', { params: { id: schoolId }, body }), changed(schoolId));
}

export function useDeleteBranch(schoolId: number) {
  return useApiMutation((id: number) => call('DELETE branches/:id', { params: { id } }), changed(schoolId));
}
