/** Progress per school (panel) or branch: students who wrote, received, and have a photo. */
import { Anchor, Group, Paper, Progress, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HeadRow } from '../../components/list/HeadRow';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

function Share({ value, of, label }: { value: number; of: number; label: string }) {
  const percent = of ? Math.round((value / of) * 100) : 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" w={56}>
        {value}/{of}
      </Text>
      <Progress value={percent} w={70} aria-label={`${label} ${tr.dashboard.percent(percent)}`} />
    </Group>
  );
}

export function ProgressTable({ board }: { board: Dashboard }) {
  const d = tr.dashboard;
  const type = board.progressBy;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        {type === 'school' ? d.progressBySchool : d.progressByBranch}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={type === 'school' ? d.progressBySchool : d.progressByBranch}>
          <HeadRow
            labels={[type === 'school' ? tr.dashboard.unit : tr.notifications.branch, d.studentsCol, d.wrote, d.received, d.withPhoto, tr.home.pendingMessages]}
          />
          <Table.Tbody>
            {board.progress.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={type === 'school' ? `/branches/${row.id}` : `/students/${row.id}`} size="sm">
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.students}</Table.Td>
                <Table.Td>
                  <Share value={row.wrote} of={row.students} label={`${row.name} ${d.wrote}`} />
                </Table.Td>
                <Table.Td>
                  <Share value={row.received} of={row.students} label={`${row.name} ${d.received}`} />
                </Table.Td>
                <Table.Td>
                  <Share value={row.withPhoto} of={row.students} label={`${row.name} ${d.withPhoto}`} />
                </Table.Td>
                <Table.Td>
                  {row.pendingMessages ? (
                    <Anchor component={Link} to={`/messages/${type}/${row.id}`} size="sm">
                      {row.pendingMessages}
                    </Anchor>
                  ) : (
                    0
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
