import { Button, SimpleGrid } from '@mantine/core';
import { IconCheck, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import type { ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { RowActionGroup } from '../../components/list/RowActionGroup';
import { RowIconButton } from '../../components/list/RowIconButton';

/**
 * Approve, reject, edit, delete on one row; the one running shows busy. Each button's name also
 * names its row ("Onayla: Ayşe Yılmaz'ın mesajı"). On a phone's card they are large buttons with
 * their words, approve and reject first, side by side under the thumb.
 */
export function RowActions(props: {
  status: ModerationStatus;
  row: string;
  large?: boolean;
  busy: string | null;
  onApprove(): void;
  onReject(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const items = [
    { key: 'approve', label: tr.words.approve, color: 'teal', icon: IconCheck, run: props.onApprove, hidden: props.status === 'approved' },
    { key: 'reject', label: tr.words.reject, color: 'red', icon: IconX, run: props.onReject, hidden: props.status === 'rejected' },
    { key: 'edit', label: tr.words.edit, color: 'blue', icon: IconEdit, run: props.onEdit, hidden: false },
    { key: 'delete', label: tr.words.delete, color: 'gray', icon: IconTrash, run: props.onDelete, hidden: false },
  ].filter((i) => !i.hidden);
  const common = (i: (typeof items)[number]) => ({
    color: i.color,
    loading: props.busy === i.key,
    disabled: props.busy !== null && props.busy !== i.key,
    onClick: i.run,
  });
  if (props.large) {
    return (
      <SimpleGrid cols={2} spacing="xs">
        {items.map((i) => (
          <Button
            key={i.key}
            size="md"
            variant={i.key === 'approve' || i.key === 'reject' ? 'filled' : 'default'}
            leftSection={<i.icon size={18} />}
            aria-label={`${i.label}: ${props.row}`}
            {...common(i)}
          >
            {i.label}
          </Button>
        ))}
      </SimpleGrid>
    );
  }
  // A plain title instead of a Tooltip: a tooltip per button of every row costs a long list its speed.
  return (
    <RowActionGroup gap={2}>
      {items.map((i) => (
        <RowIconButton key={i.key} icon={i.icon} label={`${i.label}: ${props.row}`} {...common(i)} />
      ))}
    </RowActionGroup>
  );
}
