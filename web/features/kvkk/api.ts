/** Typed calls of a student's personal data: the export download and the erasure. */
import { api, call } from '../../api';
import { saveDownload } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiMutation } from '../../api/query';

/** Downloads the student's data as a zip; answers whether it arrived (a failure is toasted by the client). */
export async function downloadStudentData(studentId: number): Promise<boolean> {
  const file = await api.download(`students/${studentId}/export`);
  if (file) saveDownload(file);
  return Boolean(file);
}

/** Erases a student; the branch's list and the lists that count students are stale after it. */
export function useEraseStudent(branchId: number) {
  return useApiMutation((id: number) => call('POST students/:id/erase', { params: { id } }), [keys.students(branchId), keys.branches(), keys.schools()]);
}
