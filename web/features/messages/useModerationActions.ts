/**
 * The moderation flow shared by student messages and nickname suggestions: approve or reject a
 * row (with undo), bulk moderation of a selection or of "all that match the filter", and delete.
 */
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { confirmAction } from '../../components/confirm';
import { toast } from '../../toast';
import type { Selection } from './moderation';
import { undoToast } from './undoToast';

type Status = 'approved' | 'rejected';

/** The status filter of the URL as the API takes it ('' → no filter). */
const STATUSES = ['pending', 'approved', 'rejected'] as const;
export const statusFilter = (value: string | undefined): (typeof STATUSES)[number] | undefined => STATUSES.find((status) => status === value);
type Action = 'approve' | 'reject';

export interface ModerationMutations<Match> {
  update: { mutateAsync(vars: { id: number; status: Status; note: string }): Promise<{ undoToken?: number | null }> };
  remove: { mutateAsync(id: number): Promise<unknown> };
  moderate: { mutateAsync(vars: { action: Action; note: string; ids?: number[]; match?: Match }): Promise<{ count: number; undoToken?: number | null }> };
  undo: { mutateAsync(token: number): Promise<unknown> };
}

export function useModerationActions<T extends { id: number }, Match>(
  mutations: ModerationMutations<Match>,
  selection: Selection,
  matchingFilter: () => Match,
) {
  const [busy, setBusy] = useState<{ id: number; action: string } | null>(null);
  const [rejecting, setRejecting] = useState<T | 'bulk' | null>(null);
  const undoer = (token: number | null | undefined) => (token ? () => mutations.undo.mutateAsync(token) : null);

  // Failed calls have already been toasted by the call helper; here they only end the busy state.
  const setStatus = async (row: T, status: Status, note = '') => {
    setBusy({ id: row.id, action: status === 'approved' ? 'approve' : 'reject' });
    try {
      const res = await mutations.update.mutateAsync({ id: row.id, status, note });
      undoToast(status === 'approved' ? tr.approved : tr.rejected, undoer(res.undoToken));
      setRejecting(null);
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };

  const bulk = async (action: Action, note = '') => {
    const target = selection.allMatching ? { match: matchingFilter() } : { ids: [...selection.ids] };
    try {
      const res = await mutations.moderate.mutateAsync({ action, note, ...target });
      selection.clear();
      setRejecting(null);
      undoToast(tr.messages.bulkDone(res.count, action === 'approve'), undoer(res.undoToken));
    } catch {
      /* toasted */
    }
  };

  const remove = async (row: T) => {
    if (!(await confirmAction({ message: tr.messages.deleteQuestion }))) return;
    setBusy({ id: row.id, action: 'delete' });
    try {
      await mutations.remove.mutateAsync(row.id);
      toast('success', tr.deleted);
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };

  return { busy, rejecting, setRejecting, setStatus, bulk, remove };
}
