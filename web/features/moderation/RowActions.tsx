import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import type { ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';

/** Approve, reject, edit, delete on one row; the one running shows busy. */
export function RowActions(props: { status: ModerationStatus; busy: string | null; onApprove(): void; onReject(): void; onEdit(): void; onDelete(): void }) {
  const items = [
    { key: 'approve', label: tr.words.approve, color: 'teal', icon: IconCheck, run: props.onApprove, hidden: props.status === 'approved' },
    { key: 'reject', label: tr.words.reject, color: 'red', icon: IconX, run: props.onReject, hidden: props.status === 'rejected' },
    { key: 'edit', label: tr.words.edit, color: 'blue', icon: IconEdit, run: props.onEdit, hidden: false },
    { key: 'delete', label: tr.words.delete, color: 'gray', icon: IconTrash, run: props.onDelete, hidden: false },
  ];
  return (
    <Group gap={2} wrap="nowrap">
      {items
        .filter((i) => !i.hidden)
        .map((i) => (
          <Tooltip key={i.key} label={i.label} withinPortal>
            <ActionIcon
              variant="subtle"
              color={i.color}
              aria-label={i.label}
              loading={props.busy === i.key}
              disabled={props.busy !== null && props.busy !== i.key}
              onClick={i.run}
            >
              <i.icon size={18} />
            </ActionIcon>
          </Tooltip>
        ))}
    </Group>
  );
}
