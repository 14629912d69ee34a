/** The moderated list's bar that decides its selection. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { tr } from '../../../common/tr';
import type { Selection } from '../../components/list/selection';

/** Appears once something is selected: how many, "all that match", approve / reject them. */
export function BulkBar(props: { selection: Selection; total: number; pageIds: number[]; busy: boolean; onApprove(): void; onReject(): void }) {
  const { selection, total, pageIds } = props;
  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0) return null;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  return (
    <Paper withBorder p="sm" role="region" aria-label={tr.messages.bulkRegion}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {selection.allMatching ? tr.messages.allMatchingSelected(total) : tr.messages.selected(count)}
          </Text>
          {!selection.allMatching && wholePage && total > selection.ids.size ? (
            <Button size="compact-sm" variant="subtle" onClick={selection.selectAllMatching}>
              {tr.messages.selectAllMatching(total)}
            </Button>
          ) : null}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear}>
            {tr.words.cancel}
          </Button>
        </Group>
        <Group gap="xs">
          <Button size="compact-md" color="teal" onClick={props.onApprove} loading={props.busy}>
            {tr.messages.approveSelected}
          </Button>
          <Button size="compact-md" color="red" variant="light" onClick={props.onReject} loading={props.busy}>
            {tr.messages.rejectSelected}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
