/**
 * A dialog holding one form: its fields one under another, then "Vazgeç" and the submit button.
 * Enter in a field submits, as in any form; the submit runs the form's own validation first.
 */
import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { tr } from '../../../common/tr';

export function FormDialog({
  title,
  opened = true,
  onClose,
  onSubmit,
  busy,
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
  submitLabel?: string;
  cancelLabel?: string;
  /** Buttons in place of the single submit button (e.g. "Taslak kaydet" and "Zamanla"); null for none. */
  actions?: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="sm">{children}</Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose}>
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
