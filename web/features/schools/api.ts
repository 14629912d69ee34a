/** Typed calls of the schools screen. */
import type { ListResult } from '../../../common/schemas/list';
import type { School, SchoolBody } from '../../../common/schemas/organisation';
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

export function useSaveSchool() {
  return useApiMutation(
    ({ id, body }: { id?: number; body: SchoolBody }) => (id ? api.put<{ item: School }>(`schools/${id}`, body) : api.post<{ item: School }>('schools', body)),
    [schoolsKey],
  );
}

export function useDeleteSchool() {
  return useApiMutation((id: number) => api.del(`schools/${id}`), [schoolsKey]);
}

/** The body that writes a row back unchanged but for `changes` (archive and restore). */
export function bodyOf(row: School, changes: Partial<SchoolBody> = {}): SchoolBody {
  return {
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
