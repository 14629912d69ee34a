/**
 * A table drawn from column definitions: one definition gives each column its header, its cells
 * and, where the list can be sorted by it, a sort button in the header. Below 768 px the same
 * rows are cards, one under the other, each column a labelled line and the row's actions last,
 * full width, within a thumb's reach: nothing scrolls sideways on a phone.
 */
import { Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  /** The server's sort key when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** What a phone's card shows for the column instead of its cell; false leaves it out. */
  card?: ((row: T) => ReactNode) | false;
}

type RowKey = string | number;

/** What every table of rows is given. */
export interface TableProps<T> {
  columns: Column<T>[];
  caption: string;
  /** What tells the rows apart; rows without an id must give it, the others are told apart by their id. */
  rowKey?(row: T): RowKey;
  minWidth?: number;
  /** The row keyboard shortcuts act on. */
  activeKey?: RowKey | null;
}

/** The key a table tells its rows apart by: the one it is given, else the row's id. */
function keyOf<T>(props: TableProps<T>): (row: T) => RowKey {
  return props.rowKey ?? ((row: T) => (row as { id: RowKey }).id);
}

/** Below Mantine's `sm` breakpoint (48em, 768 px) lists are cards. */
const PHONE = '(max-width: 47.99em)';

/** Whether the screen is phone-narrow, known already at the first render (no table flashes first). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE, typeof window !== 'undefined' && window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
}

/** The row a keyboard user is on: outlined, and told to screen readers as the current one. */
const activeProps = (active: boolean) =>
  active
    ? { 'data-active': 'true', 'aria-current': 'true' as const, style: { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 } }
    : {};

function RecordCards<T>(props: { columns: Column<T>[]; rows: T[]; rowKey(row: T): RowKey; caption: string; busy?: boolean; activeKey?: RowKey | null }) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={props.caption}
      aria-busy={props.busy ? 'true' : 'false'}
      style={{ listStyle: 'none', padding: 0, margin: 0, opacity: props.busy ? 0.6 : 1 }}
    >
      {props.rows.map((row) => (
        <Paper
          component="li"
          key={props.rowKey(row)}
          withBorder
          p="sm"
          radius="md"
          data-testid="record-card"
          {...activeProps(props.rowKey(row) === props.activeKey)}
        >
          <Stack gap={6}>
            {props.columns.map((c) => {
              if (c.card === false) return null;
              const content = (c.card ?? c.render)(row);
              // A column without a header (a tick box) and the row's actions take the card's whole width.
              return c.header && c.key !== 'actions' ? (
                <Group key={c.key} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.header}
                  </Text>
                  <div style={{ minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>{content}</div>
                </Group>
              ) : (
                <div key={c.key}>{content}</div>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A body row and its cells are plain elements with the Table's own classes and the attributes
 * Table.Tr would set (striped, hover, row border), not Table.Tr and Table.Td: a hundred rows of
 * seven cells are seven hundred Mantine components less to draw. The native scroll container
 * spares the custom scroll area's measuring of the whole table after each drawing.
 */
const rowLook = { 'data-striped': 'odd', 'data-hover': true, 'data-with-row-border': true } as const;
/**
 * The row's actions (the column keyed `actions`) stay at the table's right edge, in sight, while
 * a table wider than its column scrolls its other columns under them (styles.css).
 */
const actionsCell = `${Table.classes.td} record-actions`;
/** A cell's alignment, one style object per alignment for every cell to share. */
const alignLook = { left: { textAlign: 'left' }, right: { textAlign: 'right' }, center: { textAlign: 'center' } } as const;

/**
 * One body row. Memoised: the table drawn again with the same row object and columns (dimmed
 * while newer rows load, a dialog opened on the screen, the keyboard's current row moved) leaves
 * the row as it is; lists keep their columns the same objects between drawings for that.
 */
const TableRow = memo(function TableRow<T>({ row, columns, active }: { row: T; columns: Column<T>[]; active: boolean }) {
  return (
    <tr className={Table.classes.tr} {...rowLook} {...activeProps(active)}>
      {columns.map((c) => (
        <td key={c.key} className={c.key === 'actions' ? actionsCell : Table.classes.td} style={c.align ? alignLook[c.align] : undefined}>
          {c.render(row)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: { row: T; columns: Column<T>[]; active: boolean }) => ReactNode;

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

export function RecordTable<T>(
  props: TableProps<T> & {
    rows: T[];
    sort?: TableSort;
    /** Newer rows are on the way: the ones shown are dimmed. */
    busy?: boolean;
  },
) {
  const { columns, sort, busy } = props;
  const rowKey = keyOf(props);
  const phone = usePhoneLayout();
  if (phone) return <RecordCards columns={columns} rows={props.rows} rowKey={rowKey} caption={props.caption} busy={busy} activeKey={props.activeKey} />;
  return (
    <Table.ScrollContainer type="native" minWidth={props.minWidth ?? 640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy ? 'true' : 'false'}>
        <caption className="visually-hidden">{props.caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => {
              const sortKey = sort ? c.sortKey : undefined;
              return (
                <Table.Th
                  key={c.key}
                  className={c.key === 'actions' ? 'record-actions' : undefined}
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
          {props.rows.map((row) => {
            const key = rowKey(row);
            return <TableRow key={key} row={row} columns={columns} active={key === props.activeKey} />;
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
