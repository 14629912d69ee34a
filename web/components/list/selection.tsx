/** A list's selection: rows ticked one by one or a page at a time, or (where the list offers it) everything that matches. */
import { Checkbox } from '@mantine/core';
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
