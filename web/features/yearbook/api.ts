/** Typed calls of the yearbook screen. */
import type { YearbookJob, YearbookState } from '../../../common/schemas/yearbook';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';
import { useTargets } from '../notifications/api';

const STATE = ['yearbook-state'];
/** While a book is being made, its progress is asked for every second. */
const POLL_MS = 1_000;

export const isActive = (job: Pick<YearbookJob, 'status'>) => job.status === 'queued' || job.status === 'running';

export const useYearbookState = (schoolId: number | null) =>
  useApiGet<YearbookState>(STATE, schoolId ? `schools/${schoolId}/yearbook` : null, undefined, {
    pollMs: (data) => (data?.jobs.some(isActive) ? POLL_MS : false),
  });

/** The schools the panel can choose: the same list the notification targets use. */
export const useYearbookSchools = (enabled: boolean) => useTargets(null, enabled);

type JobAnswer = { success: true; job: YearbookJob };

export const useStartBook = () =>
  useApiMutation(
    (target: { branchId: number } | { schoolId: number }) =>
      'branchId' in target ? api.post<JobAnswer>(`branches/${target.branchId}/yearbook`) : api.post<JobAnswer>(`schools/${target.schoolId}/yearbook`),
    [STATE],
  );

export const useCancelBook = () => useApiMutation((jobId: number) => api.post<JobAnswer>(`yearbook-jobs/${jobId}/cancel`), [STATE]);

export const useApprove = () =>
  useApiMutation(({ branchId, jobId }: { branchId: number; jobId: number }) => api.post(`branches/${branchId}/yearbook/approval`, { jobId }), [STATE]);

export const useUnlock = () => useApiMutation((branchId: number) => api.del(`branches/${branchId}/yearbook/approval`), [STATE]);

export const useSetFinal = () =>
  useApiMutation(({ schoolId, final }: { schoolId: number; final: boolean }) => api.put(`schools/${schoolId}/yearbook/final`, { final }), [STATE]);

/** Saves a finished book's PDF with the session's token. */
export async function downloadBook(jobId: number): Promise<void> {
  const file = await api.download(`yearbook-jobs/${jobId}/file`);
  if (!file) return;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
