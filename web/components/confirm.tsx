import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';
import { tr } from '../../common/tr';
import { attempt } from '../api/query';
import { toast } from '../toast';

/** Asks before a destructive action; resolves true when the person confirms. */
export function confirmAction(options: { title?: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title ?? tr.areYouSure,
      children: (
        <Text size="sm" className="pre-wrap">
          {options.message}
        </Text>
      ),
      labels: { confirm: options.confirmLabel ?? tr.words.delete, cancel: tr.words.cancel },
      confirmProps: { color: options.danger === false ? undefined : 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * Asks, and deletes only once the person confirms; "Silindi." follows a call that worked (a failure
 * is toasted by the call helper). With a `refusal` (e.g. the school still holds students) nothing
 * is asked or deleted: the refusal shows as a warning.
 */
export async function deleteAfterConfirm(message: string, remove: () => Promise<unknown>, refusal?: string): Promise<void> {
  if (refusal) toast('warning', refusal);
  else if (await confirmAction({ message })) await attempt(remove, tr.deleted);
}
