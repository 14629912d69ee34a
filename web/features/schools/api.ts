/** Typed calls of the schools screen. */
import type { School, SchoolBody, SchoolUpdateBody } from '../../../common/schemas/organisation';
import type { CallOptions } from '../../api/client';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export function useSchools(query: Record<string, string | number>) {
  return useApiGet(keys.schools(), 'GET schools', { query }, { keepPrevious: true });
}

/** One school's row (panel, or the school's own manager), for page subtitles. */
export function useSchool(id: number | null) {
  return useApiGet(keys.school(id), 'GET schools/:id', id ? { params: { id } } : null);
}

/** Reads one school as stored now (an edit form reloads it after someone else changed it). */
export const readSchool = async (id: number) => {
  const res = await call('GET schools/:id', { params: { id } });
  return res && res.item;
};

export function useSaveSchool() {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: SchoolBody | SchoolUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) =>
      id ? call('PUT schools/:id', { params: { id }, body: body as SchoolUpdateBody, onErrorBody }) : call('POST schools', { body }),
    [keys.schools()],
  );
}

export function useDeleteSchool() {
  return useApiMutation((id: number) => call('DELETE schools/:id', { params: { id } }), [keys.schools()]);
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
    deliveryDate: row.deliveryDate,
    code: row.code,
    status: row.status,
    ...changes,
  };
}
