/**
 * The table of every server-paged list: one column definition drives headers, cells and
 * sorting; loading, empty and error states; page and page-size controls. Wide tables scroll
 * sideways at phone width.
 */
import { Alert, Center, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tr } from '../../../common/tr';
import { EmptyState } from '../EmptyState';
import { ListPager } from './ListPager';
import type { ListState } from './useListState';

export interface Column<T> {
  key: string;
  header: string;
  /** The server's sort key when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  state: ListState;
  onChange(changes: Partial<ListState>): void;
  rowKey(row: T): string | number;
  loading?: boolean;
  error?: boolean;
  caption: string;
  emptyTitle?: string;
  emptyDescription?: string;
  emptyAction?: ReactNode;
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
  const { columns, rows, total, state, onChange, loading, error } = props;

  const sortBy = (key: string) => onChange({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });

  let body: ReactNode;
  if (error && !rows) {
    body = (
      <Alert color="red" title={tr.error.title}>
        {tr.error.description}
      </Alert>
    );
  } else if (!rows) {
    body = (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={tr.loading} />
      </Center>
    );
  } else if (rows.length === 0) {
    body = <EmptyState title={props.emptyTitle} description={props.emptyDescription} action={props.emptyAction} />;
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
      {rows && rows.length > 0 ? <ListPager total={total} state={state} onChange={onChange} /> : null}
    </div>
  );
}
