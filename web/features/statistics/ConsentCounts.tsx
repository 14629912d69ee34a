/** Home's parents' consent figures: per purpose, how many of the caller's students are given, refused, not answered. */
import { Paper, Table, Text } from '@mantine/core';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

export function ConsentCounts({ counts }: { counts: Dashboard['consents'] }) {
  const c = tr.consent;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id="consent-counts-title">
        {c.counts.title}
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table aria-labelledby="consent-counts-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.counts.purpose}</Table.Th>
              <Table.Th ta="right">{c.states.yes}</Table.Th>
              <Table.Th ta="right">{c.states.no}</Table.Th>
              <Table.Th ta="right">{c.states.none}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {counts.map((row) => (
              <Table.Tr key={row.purpose}>
                <Table.Th scope="row" fw={400}>
                  {c.purposes[row.purpose]}
                </Table.Th>
                <Table.Td ta="right">{row.yes}</Table.Td>
                <Table.Td ta="right">{row.no}</Table.Td>
                <Table.Td ta="right">{row.none}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
