import type { ModerationStatus } from '../../../common/schemas/messages';
import { tr } from '../../../common/tr';
import { optionsOf } from '../../components/SelectField';
import { RowBadge } from '../../components/list/RowBadge';

const COLORS: Record<ModerationStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };
const STATUSES = Object.keys(COLORS) as ModerationStatus[];

export function StatusBadge({ status }: { status: ModerationStatus }) {
  return <RowBadge color={COLORS[status]}>{tr.status[status]}</RowBadge>;
}

export const statusOptions = () => optionsOf(tr.status, STATUSES);

/** The status filter of the URL as the API takes it ('' → no filter). */
export const statusFilter = (value: string | undefined): ModerationStatus | undefined => STATUSES.find((status) => status === value);
