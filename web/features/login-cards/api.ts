/** Staff's calls of the student portal: access codes, login cards, quote decisions, reminders. */
import { tr } from '../../../common/tr';
import { call } from '../../api';
import { downloadName } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiMutation } from '../../api/query';
import { useSession } from '../../session/store';

/** New codes with what the cards print: for the picked students alone, or without a pick for the whole branch. */
export const useBranchCodes = () =>
  useApiMutation(({ branchId, studentIds }: { branchId: number; studentIds?: number[] }) =>
    call('POST branches/:id/access-codes', { params: { id: branchId }, body: studentIds ? { studentIds } : undefined }),
  );

export const useStudentCode = () => useApiMutation((studentId: number) => call('POST students/:id/access-code', { params: { id: studentId } }));

export const useQuoteDecision = (branchId: number) =>
  useApiMutation(
    ({ studentId, action }: { studentId: number; action: 'approve' | 'reject' }) =>
      call('POST students/:id/quote', { params: { id: studentId }, body: { action } }),
    [keys.students(branchId)],
  );

/** What a reminder would do now, read fresh when staff ask for it (recipients change as students write). */
export const readReminder = async (branchId: number) => {
  const res = await call('GET branches/:id/remind-unwritten', { params: { id: branchId } });
  return res || null;
};

export const useRemindUnwritten = () => useApiMutation((branchId: number) => call('POST branches/:id/remind-unwritten', { params: { id: branchId } }));

/**
 * A printed sheet that issues new codes (login cards, parents' consent letters) is a POST, which
 * the client's download (GET) does not make: fetched here with the session's token and saved
 * under the server's file name. Answers true, or the Turkish message to show.
 */
export async function downloadCodesPdf(path: string, fallbackName: string, studentIds?: number[]): Promise<true | string> {
  const { level, token } = useSession.getState();
  const response = await fetch(`/api/${level}/${path}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(studentIds ? { 'content-type': 'application/json' } : {}) },
    body: studentIds ? JSON.stringify({ studentIds }) : undefined,
  }).catch(() => null);
  // A refusal's Turkish message (e.g. too many students) is what the person reads.
  if (!response?.ok) return ((await response?.json().catch(() => null)) as { message?: string } | null)?.message ?? tr.genericError;
  const blob = await response.blob();
  const name = downloadName(response, fallbackName);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
  return true;
}

export const downloadCardsPdf = (branchId: number, studentIds?: number[]) =>
  downloadCodesPdf(`branches/${branchId}/login-cards.pdf`, 'giris-kartlari.pdf', studentIds);
