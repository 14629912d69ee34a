/** Typed calls of the branches screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { Branch, BranchBody, BranchRangeBody, BranchUpdateBody } from '../../../common/schemas/organisation';
import { api } from '../../api';
import type { CallOptions } from '../../api/client';
import { useApiGet, useApiMutation } from '../../api/query';

const key = (schoolId: number) => ['branches', schoolId] as const;
// The schools list counts branches.
const schools = ['schools'];

export function useBranches(schoolId: number, query: Record<string, string | number>) {
  return useApiGet<ListResult<Branch>>(key(schoolId), `schools/${schoolId}/branches`, query, { keepPrevious: true });
}

export function useBranch(id: number | null) {
  return useApiGet<{ item: Branch }>(['branch', id], id ? `branches/${id}` : null);
}

/** Reads one branch as stored now (an edit form reloads it after someone else changed it). */
export const readBranch = async (id: number) => {
  const res = await api.get<{ item: Branch }>(`branches/${id}`);
  return res && res.item;
};

export function useSaveBranch(schoolId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: BranchBody | BranchUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? api.put<{ item: Branch }>(`branches/${id}`, body, { onErrorBody }) : api.post<{ item: Branch }>(`schools/${schoolId}/branches`, body),
    [key(schoolId), schools],
  );
}

export function useCreateRange(schoolId: number) {
  return useApiMutation(
    (body: BranchRangeBody) => api.post<{ created: Branch[]; skipped: string[] }>(`schools/${schoolId}/branches/range`, body),
    [key(schoolId), schools],
  );
}

export function useDeleteBranch(schoolId: number) {
  return useApiMutation((id: number) => api.del(`branches/${id}`), [key(schoolId), schools]);
}
