/** The moderated list's selection: the ticks of a page or of everything that matches, and the bar that decides them. */
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';

/** The ids ticked on the list, or "all that match the filter" (across pages). */
export function useSelection(resetKey: string) {
  const [ids, setIds] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Another filter is another list: the ticks go, decided while rendering rather than in an effect.
  const [keyOfTicks, setKeyOfTicks] = useState(resetKey);
  if (keyOfTicks !== resetKey) {
    setKeyOfTicks(resetKey);
    setIds(new Set());
    setAllMatching(false);
  }
  return {
    ids,
    allMatching,
    toggle(id: number) {
      setAllMatching(false);
      setIds((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    },
    setPage(pageIds: number[], on: boolean) {
      setAllMatching(false);
      setIds((old) => {
        const next = new Set(old);
        for (const id of pageIds) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    selectAllMatching: () => setAllMatching(true),
    clear() {
      setIds(new Set());
      setAllMatching(false);
    },
  };
}
export type Selection = ReturnType<typeof useSelection>;

export function PageCheckbox({ selection, pageIds }: { selection: Selection; pageIds: number[] }) {
  const ticked = pageIds.filter((id) => selection.ids.has(id)).length;
  return (
    <Checkbox
      aria-label={tr.messages.selectPage}
      checked={selection.allMatching || (pageIds.length > 0 && ticked === pageIds.length)}
      indeterminate={!selection.allMatching && ticked > 0 && ticked < pageIds.length}
      onChange={(e) => selection.setPage(pageIds, e.currentTarget.checked)}
    />
  );
}

export function RowCheckbox({ selection, id, label }: { selection: Selection; id: number; label: string }) {
  return <Checkbox aria-label={tr.messages.selectRow(label)} checked={selection.allMatching || selection.ids.has(id)} onChange={() => selection.toggle(id)} />;
}

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
