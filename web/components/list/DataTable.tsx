/**
 * The table of every server-paged list: its rows as a record table sorted by the list's state;
 * loading, empty and error states; page and page-size controls.
 */
import { useEffect, type ReactNode } from 'react';
import { tr } from '../../../common/tr';
import { EmptyState } from '../EmptyState';
import { LoadFailed, Loading } from '../QueryState';
import { ListPager } from './ListPager';
import { RecordTable, type TableProps } from './RecordTable';
import type { ListControl } from './useListState';

export type { Column } from './RecordTable';

/** What a list's query hook answers: a page of rows and the total, and whether it is loading or failed. */
export interface ListQuery<T> {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  isError: boolean;
}

interface EmptyText {
  title?: string;
  description?: string;
}

export type DataTableProps<T> = TableProps<T> & {
  list: ListControl;
  result: ListQuery<T>;
  /** What a list with no rows at all says. */
  empty?: EmptyText;
  /** What it says once a search or filter finds nothing; "Kayıt bulunamadı." unless given. */
  filteredEmpty?: EmptyText;
};

export function DataTable<T>(props: DataTableProps<T>) {
  const { list, result } = props;
  const { state } = list;
  const rows = result.data?.items;
  const total = result.data?.total ?? 0;
  // A page past the end (an old link, the last row of the last page deleted) goes to the last page.
  const lastPage = Math.max(1, Math.ceil(total / state.perPage));
  const pastTheEnd = rows !== undefined && rows.length === 0 && total > 0 && state.page > lastPage;
  useEffect(() => {
    // In place of the address: going back must not lead past the end again.
    if (pastTheEnd) list.update({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, list]);

  let body: ReactNode;
  if (result.isError && !rows) {
    body = <LoadFailed />;
  } else if (!rows) {
    body = <Loading />;
  } else if (rows.length === 0) {
    const empty = list.filtered ? { title: tr.noRecords, ...props.filteredEmpty } : props.empty;
    body = <EmptyState title={empty?.title} description={empty?.description} />;
  } else {
    const onSort = (key: string) => list.update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });
    // The table's own props go through as they are; the list's it leaves aside.
    const table: TableProps<T> = props;
    body = <RecordTable {...table} rows={rows} sort={{ by: state.sort, order: state.order, onSort }} busy={result.isFetching} />;
  }

  return (
    <div>
      {body}
      {rows && (rows.length > 0 || total > 0) ? <ListPager list={list} total={total} /> : null}
    </div>
  );
}
