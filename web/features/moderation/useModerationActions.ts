/**
 * What the moderated list does: approve or reject a row (with undo), decide a selection or "all
 * that match the filter", and delete.
 */
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { deleteAfterConfirm } from '../../components/confirm';
import type { Decision, ModerationCalls } from './api';
import type { Selection } from '../../components/list/selection';
import { undoToast } from './undoToast';

type Action = 'approve' | 'reject';

export function useModerationActions<Row extends { id: number; version: number }, Match>(
  calls: ModerationCalls<Row, Match>,
  selection: Selection,
  matching: () => Match,
) {
  const [busy, setBusy] = useState<{ id: number; action: string } | null>(null);
  const [rejecting, setRejecting] = useState<Row | 'bulk' | null>(null);
  const undoer = (token: number | null | undefined) => (token ? () => calls.undo.mutateAsync(token) : null);

  // The row shows which of its buttons runs until the call has answered, whatever it answered.
  const busyWith = async <T>(row: Row, action: string, call: () => Promise<T>) => {
    setBusy({ id: row.id, action });
    try {
      return await call();
    } finally {
      setBusy(null);
    }
  };

  // A failed call has already been toasted by the call helper: nothing changes then.
  const setStatus = async (row: Row, status: Decision, note = '') => {
    const res = await attempt(() =>
      busyWith(row, status === 'approved' ? 'approve' : 'reject', () => calls.update.mutateAsync({ id: row.id, version: row.version, status, note })),
    );
    if (!res) return;
    undoToast(status === 'approved' ? tr.approved : tr.rejected, undoer(res.undoToken));
    setRejecting(null);
  };

  const bulk = async (action: Action, note = '') => {
    const target = selection.allMatching ? { match: matching() } : { ids: [...selection.ids] };
    const res = await attempt(() => calls.moderate.mutateAsync({ action, note, ...target }));
    if (!res) return;
    selection.clear();
    setRejecting(null);
    undoToast(tr.messages.bulkDone(res.count, action === 'approve'), undoer(res.undoToken));
  };

  const remove = (row: Row) => deleteAfterConfirm(tr.messages.deleteQuestion, () => busyWith(row, 'delete', () => calls.remove.mutateAsync(row.id)));

  return { busy, rejecting, setRejecting, setStatus, bulk, remove };
}
