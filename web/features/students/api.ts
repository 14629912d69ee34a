/** Typed calls of the students screen (views never fetch directly). */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ImportMapping, StudentBody, StudentUpdateBody } from '../../../common/schemas/students';
import { call, upload } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';
import { sendPhoto } from '../../components/photos/sendPhoto';

// The branches and schools lists count students: a student added, moved or deleted changes them.
const counted = [keys.branches(), keys.schools()];
/** What a change of students makes stale: the branch's list and the lists that count students. */
const studentsChanged = (branchId: number) => [keys.students(branchId), ...counted];

export function useStudents(branchId: number, query: Record<string, string | number>) {
  return useApiGet(keys.studentList(branchId), 'GET branches/:id/students', { params: { id: branchId }, query }, { keepPrevious: true });
}

/** One student (a link into its photos may name a student of another page of the list). */
export function useStudent(id: number | null) {
  return useApiGet(keys.student(id), 'GET students/:id', id ? { params: { id } } : null);
}

export function useSiblings(branchId: number) {
  return useApiGet(keys.siblings(branchId), 'GET branches/:id/siblings', { params: { id: branchId } });
}

type ErrorBody = { message?: string; errors?: Record<string, string> };
/** Reads one student as stored now (an edit form reloads it after someone else changed it). */
export const readStudent = async (id: number) => {
  const res = await call('GET students/:id', { params: { id } });
  return res && res.item;
};

export function useSaveStudent(branchId: number) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: StudentBody | StudentUpdateBody; onErrorBody(body: ErrorBody): void }) =>
      id
        ? call('PUT students/:id', { params: { id }, body: body as StudentUpdateBody, onErrorBody })
        : call('POST branches/:id/students', { params: { id: branchId }, body, onErrorBody }),
    studentsChanged(branchId),
  );
}

export function useDeleteStudent(branchId: number) {
  return useApiMutation((id: number) => call('DELETE students/:id', { params: { id } }), studentsChanged(branchId));
}

export function useBulkMove(branchId: number) {
  return useApiMutation(
    ({ studentIds, target }: { studentIds: number[]; target: number }) =>
      call('POST branches/:id/students/move', { params: { id: branchId }, body: { studentIds, branchId: target } }),
    [keys.students(branchId), keys.students(), ...counted],
  );
}

/** Deletes the picked students; `keepalive` when the page is closing while their undo window is still open. */
export const deleteStudentsInBulk = (branchId: number, studentIds: number[], keepalive = false) =>
  call('POST branches/:id/students/delete', { params: { id: branchId }, body: { studentIds }, keepalive });

export function useMoveStudent(branchId: number) {
  return useApiMutation(
    ({ id, target }: { id: number; target: number }) => call('POST students/:id/move', { params: { id }, body: { branchId: target } }),
    [keys.students(branchId), keys.students(), ...counted],
  );
}

export function useStudentPhotos(studentId: number | null) {
  return useApiGet(keys.photos(studentId ?? 0), 'GET students/:id/photos', studentId ? { params: { id: studentId } } : null);
}

export function usePhotoAction(branchId: number, studentId: number) {
  return useApiMutation(
    ({ id, action }: { id: number; action: 'portrait' | 'delete' }) =>
      action === 'portrait' ? call('PUT photos/:id/portrait', { params: { id } }) : call('DELETE photos/:id', { params: { id } }),
    [keys.photos(studentId), keys.students(branchId)],
  );
}

/**
 * What the students screen refreshes after the writes that do not run as a mutation: uploads
 * that show their progress, and a delete sent after its undo window.
 */
export function useStudentsRefresh() {
  const client = useQueryClient();
  // One object per cache, so a callback that uses it stays the same between renders.
  return useMemo(() => {
    const refresh = (...stale: QueryKey[]) => Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
    return {
      photosSent: (branchId: number, studentId: number) => refresh(keys.photos(studentId), keys.students(branchId)),
      shootMatched: () => refresh(keys.students()),
      deleted: (branchId: number) => refresh(...studentsChanged(branchId)),
      imported: async () => {
        await refresh(keys.students());
        await refresh(keys.siblings());
        // An import may add branches, and changes the branches' student counts.
        await refresh(keys.branches());
      },
    };
  }, [client]);
}

export const sendStudentPhoto = (studentId: number, file: File, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto((form, onError) => upload('POST students/:id/photos', { id: studentId }, form, onProgress, { signal, onError }), file, {});

export const sendShootPhoto = (branchId: number, file: File, index: File | null, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto((form, onError) => upload('POST branches/:id/photos/bulk', { id: branchId }, form, onProgress, { signal, onError }), file, index ? { index } : {});

function importForm(file: File, mapping?: ImportMapping, skipInvalid = false) {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (skipInvalid) form.append('skipInvalid', 'true');
  form.append('file', file, file.name);
  return form;
}

/** Where an import goes: one branch, or the whole school (rows name their branches). */
export type ImportTarget = { schoolId: number } | { branchId: number };

export const previewImport = (target: ImportTarget, file: File, mapping: ImportMapping | undefined, onProgress: (f: number) => void, signal: AbortSignal) =>
  'schoolId' in target
    ? upload('POST schools/:id/students/import/preview', { id: target.schoolId }, importForm(file, mapping), onProgress, { signal })
    : upload('POST branches/:id/students/import/preview', { id: target.branchId }, importForm(file, mapping), onProgress, { signal });

export const commitImport = (
  target: ImportTarget,
  file: File,
  options: { mapping: ImportMapping; skipInvalid: boolean },
  onProgress: (f: number) => void,
  signal: AbortSignal,
) => {
  const form = importForm(file, options.mapping, options.skipInvalid);
  return 'schoolId' in target
    ? upload('POST schools/:id/students/import', { id: target.schoolId }, form, onProgress, { signal })
    : upload('POST branches/:id/students/import', { id: target.branchId }, form, onProgress, { signal });
};
