/**
 * A dialog holding one form: its fields one under another, then "Vazgeç" and the submit button.
 * Enter in a field submits, as in any form; the submit runs the form's own validation first.
 * With edits in it, a click outside does nothing, and Escape, the close button and "Vazgeç"
 * ask before the edits are thrown away.
 */
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { tr } from '../../../common/tr';
import { confirmAction } from '../confirm';

/** Asks whether edits may be thrown away; true when the person says so. */
function confirmDiscard(): Promise<boolean> {
  return confirmAction({ title: tr.unsaved.title, message: tr.unsaved.message, confirmLabel: tr.unsaved.discard });
}

export function FormDialog({
  title,
  opened = true,
  onClose,
  onSubmit,
  busy,
  dirty = false,
  submitLabel = tr.words.save,
  cancelLabel = tr.words.cancel,
  actions,
  size,
  children,
}: {
  title: string;
  opened?: boolean;
  onClose(): void;
  onSubmit(): void;
  busy: boolean;
  /** The form holds edits not yet saved. */
  dirty?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  /** Buttons in place of the single submit button (e.g. "Taslak kaydet" and "Zamanla"); null for none. */
  actions?: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const close = async () => {
    if (!dirty) return onClose();
    if (asking) return;
    setAsking(true);
    const discard = await confirmDiscard();
    setAsking(false);
    if (discard) onClose();
  };
  return (
    <Modal opened={opened} onClose={() => void close()} title={title} size={size} closeOnClickOutside={!dirty} closeOnEscape={!asking}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="sm">{children}</Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => void close()}>
            {cancelLabel}
          </Button>
          {actions === undefined ? (
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          ) : (
            actions
          )}
        </Group>
      </form>
    </Modal>
  );
}
