/**
 * A table drawn from column definitions: one definition gives each column its header, its cells
 * and, where the list can be sorted by it, a sort button in the header. Wide tables scroll
 * sideways inside their box at phone width, never the page.
 */
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  /** The server's sort key when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

/** How the rows are sorted, and what choosing another column does. */
export interface TableSort {
  by: string;
  order: 'asc' | 'desc';
  onSort(key: string): void;
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

export function RecordTable<T>(props: {
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  caption: string;
  sort?: TableSort;
  /** Newer rows are on the way: the ones shown are dimmed. */
  busy?: boolean;
  minWidth?: number;
}) {
  const { columns, sort, busy } = props;
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy ? 'true' : 'false'}>
        <caption className="visually-hidden">{props.caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const sortKey = sort ? c.sortKey : undefined;
              return (
                <Table.Th
                  key={c.key}
                  style={{ width: c.width, textAlign: c.align }}
                  aria-sort={sortKey && sort?.by === sortKey ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {sort && sortKey ? (
                    <SortHeader label={c.header} active={sort.by === sortKey} order={sort.order} onClick={() => sort.onSort(sortKey)} />
                  ) : (
                    c.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: busy ? 0.6 : 1 }}>
          {props.rows.map((row) => (
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
