/** Typed calls of the students screen (views never fetch directly). */
import type { ListResult } from '../../../common/schemas/list';
import type {
  BulkPhotoResult,
  ImportMapping,
  ImportPreview,
  ImportResult,
  PhotoItem,
  StudentBody,
  StudentItem,
  StudentUpdateBody,
} from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

export const studentsKey = (branchId: number) => ['students', branchId] as const;
export const photosKey = (studentId: number) => ['student-photos', studentId] as const;
// The branches and schools lists count students: a student added, moved or deleted changes them.
const counted = [['branches'], ['schools']];

export function useStudents(branchId: number, query: Record<string, string | number>) {
  return useApiGet<ListResult<StudentItem>>([...studentsKey(branchId), 'list'], `branches/${branchId}/students`, query, { keepPrevious: true });
}

/** One student (a link into its photos may name a student of another page of the list). */
export function useStudent(id: number | null) {
  return useApiGet<{ success: true; item: StudentItem }>(['students', 'one', id], id ? `students/${id}` : null);
}

export function useSiblings(branchId: number) {
  return useApiGet<{ success: true; schoolId: number; branchName: string; items: Array<{ id: number; name: string }> }>(
    ['branch-siblings', branchId],
    `branches/${branchId}/siblings`,
  );
}

type ErrorBody = { message?: string; errors?: Record<string, string> };
/** Reads one student as stored now (an edit form reloads it after someone else changed it). */
export const readStudent = async (id: number) => {
  const res = await api.get<{ item: StudentItem }>(`students/${id}`);
  return res && res.item;
};

export function useSaveStudent(branchId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: StudentBody | StudentUpdateBody; onErrorBody(body: ErrorBody): void }) =>
      id
        ? api.put<{ success: true; item: StudentItem }>(`students/${id}`, body, { onErrorBody })
        : api.post<{ success: true; item: StudentItem }>(`branches/${branchId}/students`, body, { onErrorBody }),
    [studentsKey(branchId), ...counted],
  );
}

export function useDeleteStudent(branchId: number) {
  return useApiMutation((id: number) => api.del(`students/${id}`), [studentsKey(branchId), ...counted]);
}

/** Photo consent recorded (or withdrawn) for the students picked on the list. */
export function useBulkConsent(branchId: number) {
  return useApiMutation(
    (body: { studentIds: number[]; photoConsent: boolean; photoConsentDate: string | null }) =>
      api.post<{ success: true; count: number }>(`branches/${branchId}/students/consent`, body),
    [studentsKey(branchId)],
  );
}

export function useBulkMove(branchId: number) {
  return useApiMutation(
    ({ studentIds, target }: { studentIds: number[]; target: number }) =>
      api.post<{ success: true; count: number }>(`branches/${branchId}/students/move`, { studentIds, branchId: target }),
    [studentsKey(branchId), ['students'], ...counted],
  );
}

/** Deletes the picked students; `keepalive` when the page is closing while their undo window is still open. */
export const deleteStudentsInBulk = (branchId: number, studentIds: number[], keepalive = false) =>
  api.post<{ success: true; count: number }>(`branches/${branchId}/students/delete`, { studentIds }, { keepalive });

/** What a change of students makes stale: the branch's list and the lists that count students. */
export const studentsChanged = (branchId: number) => [studentsKey(branchId), ...counted];

export function useMoveStudent(branchId: number) {
  return useApiMutation(
    ({ id, target }: { id: number; target: number }) => api.post(`students/${id}/move`, { branchId: target }),
    [studentsKey(branchId), ['students'], ...counted],
  );
}

export function useStudentPhotos(studentId: number | null) {
  return useApiGet<{ success: true; items: PhotoItem[] }>(photosKey(studentId ?? 0), studentId ? `students/${studentId}/photos` : null);
}

export function usePhotoAction(branchId: number, studentId: number) {
  return useApiMutation(
    ({ id, action }: { id: number; action: 'portrait' | 'delete' }) => (action === 'portrait' ? api.put(`photos/${id}/portrait`) : api.del(`photos/${id}`)),
    [photosKey(studentId), studentsKey(branchId)],
  );
}

/** One photo file in its own request; a failure says whether trying again may help (network, time limit, server trouble). */
async function sendPhoto<T>(
  path: string,
  file: File,
  extra: Record<string, File>,
  onProgress: (f: number) => void,
  signal: AbortSignal,
): Promise<{ ok: true; answer: T } | { ok: false; message: string; retry: boolean }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value, value.name);
  form.append('files', file, file.name);
  let failure: { message: string; status: number } = { message: tr.genericError, status: 0 };
  const answer = await api.uploadWithProgress<T>(path, form, onProgress, { signal, onError: (message, status) => (failure = { message, status }) });
  if (answer) return { ok: true, answer };
  return { ok: false, message: failure.message, retry: failure.status === 0 || failure.status === 429 || failure.status >= 500 };
}

export const sendStudentPhoto = (studentId: number, file: File, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto<{ success: true; items: PhotoItem[] }>(`students/${studentId}/photos`, file, {}, onProgress, signal);

export const sendShootPhoto = (path: string, file: File, index: File | null, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto<BulkPhotoResult>(path, file, index ? { index } : {}, onProgress, signal);

function importForm(file: File, mapping?: ImportMapping, skipInvalid = false) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (skipInvalid) form.append('skipInvalid', 'true');
  form.append('file', file, file.name);
  return form;
}

export const previewImport = (base: string, file: File, mapping: ImportMapping | undefined, onProgress: (f: number) => void, signal: AbortSignal) =>
  api.uploadWithProgress<ImportPreview>(`${base}/preview`, importForm(file, mapping), onProgress, { signal });
export const commitImport = (
  base: string,
  file: File,
  options: { mapping: ImportMapping; skipInvalid: boolean },
  onProgress: (f: number) => void,
  signal: AbortSignal,
) => api.uploadWithProgress<ImportResult>(base, importForm(file, options.mapping, options.skipInvalid), onProgress, { signal });
