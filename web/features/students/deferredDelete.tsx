/**
 * Deleting picked students with a way back. Nothing is deleted at once: the rows leave the list
 * and a toast says "N öğrenci silindi" with "Geri al" for a few seconds. "Geri al" brings the rows
 * back, and the server never heard of it; when the toast goes by itself, the delete is sent (one
 * request, one transaction). Should the tab close inside the window, the delete is sent as it
 * closes (a keepalive request), so what the person saw is what happens. Deleting this way keeps
 * the server's data model without a soft-deleted state every query would have to leave out.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { tr } from '../../../common/tr';
import { toast } from '../../toast';
import { deleteStudentsInBulk, useStudentsRefresh } from './api';

const t = tr.students.bulk;

/** How long "Geri al" is offered before the delete is sent. */
const UNDO_MS = 8_000;

export function useDeferredDelete(branchId: number) {
  const refresh = useStudentsRefresh();
  // The rows waiting for their delete (or its undo): hidden from the list meanwhile.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const show = useCallback((ids: number[]) => setHidden((old) => new Set([...old].filter((id) => !ids.includes(id)))), []);

  const schedule = useCallback(
    (ids: number[]) => {
      setHidden((old) => new Set([...old, ...ids]));
      let settled = false;
      const onPageHide = () => {
        if (settled) return;
        settled = true;
        void deleteStudentsInBulk(branchId, ids, true);
      };
      const settle = () => {
        settled = true;
        window.removeEventListener('pagehide', onPageHide);
      };
      const send = async () => {
        if (settled) return;
        settle();
        // A refusal is toasted by the call helper; the rows then come back, as they are still there.
        await deleteStudentsInBulk(branchId, ids);
        await refresh.deleted(branchId);
        show(ids);
      };
      const undo = () => {
        settle();
        notifications.hide(id);
        show(ids);
        toast('info', t.undone);
      };
      window.addEventListener('pagehide', onPageHide);
      const id = notifications.show({
        color: 'teal',
        withBorder: true,
        autoClose: UNDO_MS,
        className: 'toast toast-success',
        onClose: () => void send(),
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t.deleted(ids.length)}</Text>
            <Button size="compact-sm" variant="light" onClick={undo}>
              {tr.words.undo}
            </Button>
          </Group>
        ),
      });
    },
    [branchId, refresh, show],
  );
  return { hidden, schedule };
}
