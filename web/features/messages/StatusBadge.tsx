import { Badge } from '@mantine/core';
import type { ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';

const COLORS: Record<ModerationStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };

export function StatusBadge({ status }: { status: ModerationStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {tr.status[status]}
    </Badge>
  );
}

export const statusOptions = () => [
  { value: 'pending', label: tr.status.pending },
  { value: 'approved', label: tr.status.approved },
  { value: 'rejected', label: tr.status.rejected },
];
