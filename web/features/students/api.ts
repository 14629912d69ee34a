/** Typed calls of the students screen (views never fetch directly). */
import type { ListResult } from '../../../common/schemas/list';
import type { BulkPhotoResult, ImportMapping, ImportPreview, ImportResult, PhotoItem, StudentBody, StudentItem } from '../../../common/schemas/students';
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
export function useSaveStudent(branchId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: StudentBody; onErrorBody(body: ErrorBody): void }) =>
      id
        ? api.put<{ success: true; item: StudentItem }>(`students/${id}`, body, { onErrorBody })
        : api.post<{ success: true; item: StudentItem }>(`branches/${branchId}/students`, body, { onErrorBody }),
    [studentsKey(branchId), ...counted],
  );
}

export function useDeleteStudent(branchId: number) {
  return useApiMutation((id: number) => api.del(`students/${id}`), [studentsKey(branchId), ...counted]);
}

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

export const uploadStudentPhotos = (studentId: number, form: FormData, onProgress: (f: number) => void) =>
  api.uploadWithProgress<{ success: true; items: PhotoItem[] }>(`students/${studentId}/photos`, form, onProgress);

export const uploadBulkPhotos = (path: string, form: FormData, onProgress: (f: number) => void) =>
  api.uploadWithProgress<BulkPhotoResult>(path, form, onProgress);

function importForm(file: File, mapping?: ImportMapping) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

export const previewImport = (base: string, file: File, mapping: ImportMapping | undefined, onProgress: (f: number) => void) =>
  api.uploadWithProgress<ImportPreview>(`${base}/preview`, importForm(file, mapping), onProgress);
export const commitImport = (base: string, file: File, mapping: ImportMapping, onProgress: (f: number) => void) =>
  api.uploadWithProgress<ImportResult>(base, importForm(file, mapping), onProgress);
