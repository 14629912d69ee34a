/** Typed calls of the schools screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { School, SchoolBody, SchoolUpdateBody } from '../../../common/schemas/organisation';
import type { CallOptions } from '../../api/client';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

const schoolsKey = ['schools'] as const;

export function useSchools(query: Record<string, string | number>) {
  return useApiGet<ListResult<School>>(schoolsKey, 'schools', query, { keepPrevious: true });
}

/** One school's row (panel, or the school's own manager), for page subtitles. */
export function useSchool(id: number | null) {
  return useApiGet<{ item: School }>([...schoolsKey, 'one', id], id ? `schools/${id}` : null);
}

/** Reads one school as stored now (an edit form reloads it after someone else changed it). */
export const readSchool = async (id: number) => {
  const res = await api.get<{ item: School }>(`schools/${id}`);
  return res && res.item;
};

export function useSaveSchool() {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: SchoolBody | SchoolUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? api.put<{ item: School }>(`schools/${id}`, body, { onErrorBody }) : api.post<{ item: School }>('schools', body),
    [schoolsKey],
  );
}

export function useDeleteSchool() {
  return useApiMutation((id: number) => api.del(`schools/${id}`), [schoolsKey]);
}

/** The body that writes a row back unchanged but for `changes` (archive and restore). */
export function bodyOf(row: School, changes: Partial<SchoolBody> = {}): SchoolUpdateBody {
  return {
    version: row.version,
    name: row.name,
    cityId: row.cityId ?? 0,
    district: row.district,
    address: row.address,
    phone: row.phone,
    email: row.email,
    academicYear: row.academicYear,
    messageDeadline: row.messageDeadline,
    code: row.code,
    status: row.status,
    ...changes,
  };
}
