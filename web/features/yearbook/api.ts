/** Typed calls of the yearbook screen. */
import type { YearbookJob } from '../../../common/schemas/yearbook';
import { api, call } from '../../api';
import { saveDownload } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';
import { useTargets } from '../notifications/api';

const STATE = keys.yearbookState();
const DIGITAL = keys.digitalEdition();
/** While a book is being made, its progress is asked for every second. */
const POLL_MS = 1_000;

export const isActive = (job: Pick<YearbookJob, 'status'>) => job.status === 'queued' || job.status === 'running';

export const useYearbookState = (schoolId: number | null) =>
  useApiGet(STATE, 'GET schools/:id/yearbook', schoolId ? { params: { id: schoolId } } : null, {
    pollMs: (data) => (data?.jobs.some(isActive) ? POLL_MS : false),
  });

/** The schools the panel can choose: the same list the notification targets use. */
export const useYearbookSchools = (enabled: boolean) => useTargets(null, enabled);

export const useStartBook = () =>
  useApiMutation(
    (target: { branchId: number } | { schoolId: number }) =>
      'branchId' in target
        ? call('POST branches/:id/yearbook', { params: { id: target.branchId } })
        : call('POST schools/:id/yearbook', { params: { id: target.schoolId } }),
    [STATE],
  );

export const useCancelBook = () => useApiMutation((jobId: number) => call('POST yearbook-jobs/:id/cancel', { params: { id: jobId } }), [STATE]);

export const useApprove = () =>
  useApiMutation(
    ({ branchId, jobId }: { branchId: number; jobId: number }) => call('POST branches/:id/yearbook/approval', { params: { id: branchId }, body: { jobId } }),
    [STATE],
  );

export const useUnlock = () => useApiMutation((branchId: number) => call('DELETE branches/:id/yearbook/approval', { params: { id: branchId } }), [STATE]);

/** Marks the book final (or takes the mark back); a book with preflight errors needs the studio's written reason. */
export const useSetFinal = () =>
  useApiMutation(
    ({ schoolId, final, overrideReason }: { schoolId: number; final: boolean; overrideReason?: string }) =>
      call('PUT schools/:id/yearbook/final', { params: { id: schoolId }, body: overrideReason === undefined ? { final } : { final, overrideReason } }),
    // The mark queues the digital edition.
    [STATE, DIGITAL],
  );

/** The school's digital edition: whether the book is final and its latest job, asked again while it is being made. */
export const useDigitalEdition = (schoolId: number) =>
  useApiGet(
    DIGITAL,
    'GET schools/:id/digital-yearbook',
    { params: { id: schoolId } },
    { pollMs: (data) => (data?.job && isActive(data.job) ? POLL_MS : false) },
  );

export const useRebuildDigital = () => useApiMutation((schoolId: number) => call('POST schools/:id/digital-yearbook', { params: { id: schoolId } }), [DIGITAL]);

/** Saves a finished book's interior PDF, or its cover's, with the session's token. */
export async function downloadBook(jobId: number, which: 'file' | 'cover' = 'file'): Promise<void> {
  const file = await api.download(`yearbook-jobs/${jobId}/${which}`);
  if (file) saveDownload(file);
}
