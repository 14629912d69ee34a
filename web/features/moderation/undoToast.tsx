import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { tr } from '../../../common/tr';
import { toast } from '../../toast';

/** Long enough to reach the button; the server accepts the undo for longer (UNDO_WINDOW_SECONDS). */
const UNDO_TOAST_MS = 6_000;

/** A success toast offering "Geri al" for a few seconds after a moderation action. */
export function undoToast(message: string, undo: (() => Promise<unknown>) | null): void {
  if (!undo) {
    toast('success', message);
    return;
  }
  const id = notifications.show({
    color: 'teal',
    withBorder: true,
    autoClose: UNDO_TOAST_MS,
    className: 'toast toast-success',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={async () => {
            notifications.hide(id);
            try {
              await undo();
              toast('info', tr.messages.undone);
            } catch {
              // The call helper has already shown the error toast.
            }
          }}
        >
          {tr.words.undo}
        </Button>
      </Group>
    ),
  });
}
