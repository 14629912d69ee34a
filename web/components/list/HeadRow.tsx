import { Table } from '@mantine/core';

/** The header of a plain table (no sorting, no widths): one cell per label, in order. */
export function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label) => (
          <Table.Th key={label}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
