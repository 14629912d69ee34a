/**
 * The table of every server-paged list: one column definition drives headers, cells and
 * sorting; loading, empty and error states; page and page-size controls. Wide tables scroll
 * sideways at phone width.
 */
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tr } from '../../../common/tr';
import { EmptyState } from '../EmptyState';
import { LoadFailed, Loading } from '../QueryState';
import { ListPager } from './ListPager';
import type { ListControl } from './useListState';

export interface Column<T> {
  key: string;
  header: string;
  /** The server's sort key when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

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

export interface DataTableProps<T> {
  columns: Column<T>[];
  list: ListControl;
  result: ListQuery<T>;
  rowKey(row: T): string | number;
  caption: string;
  /** What a list with no rows at all says. */
  empty?: EmptyText;
  /** What it says once a search or filter finds nothing; "Kayıt bulunamadı." unless given. */
  filteredEmpty?: EmptyText;
  minWidth?: number;
}

function SortHeader({ label, active, order, onClick }: { label: string; active: boolean; order: 'asc' | 'desc'; onClick(): void }) {
  const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={onClick} aria-label={`${label}: sırala`}>
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, list, result } = props;
  const { state } = list;
  const rows = result.data?.items;
  const loading = result.isFetching;

  const sortBy = (key: string) => list.update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });

  let body: ReactNode;
  if (result.isError && !rows) {
    body = <LoadFailed />;
  } else if (!rows) {
    body = <Loading />;
  } else if (rows.length === 0) {
    const empty = list.filtered ? { title: tr.noRecords, ...props.filteredEmpty } : props.empty;
    body = <EmptyState title={empty?.title} description={empty?.description} />;
  } else {
    body = (
      <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading ? 'true' : 'false'}>
          <caption className="visually-hidden">{props.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c.key}
                  style={{ width: c.width, textAlign: c.align }}
                  aria-sort={c.sortKey && state.sort === c.sortKey ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.sortKey ? (
                    <SortHeader label={c.header} active={state.sort === c.sortKey} order={state.order} onClick={() => sortBy(c.sortKey!)} />
                  ) : (
                    c.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: loading ? 0.6 : 1 }}>
            {rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: c.align }}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <div>
      {body}
      {rows && rows.length > 0 ? <ListPager list={list} total={result.data?.total ?? 0} /> : null}
    </div>
  );
}
