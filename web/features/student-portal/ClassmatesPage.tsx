/** The classmates a student may write to, with their photo (when allowed) and the state of its message to each. */
import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WriteStatus } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { LoadFailed, Loading } from '../../components/QueryState';
import { useClassmates } from './api';
import { RowBadge } from '../../components/list/RowBadge';

const COLORS: Record<WriteStatus, string> = { none: 'gray', pending: 'yellow', approved: 'teal', rejected: 'red' };

export function StatusBadge({ status }: { status: WriteStatus }) {
  return <RowBadge color={COLORS[status]}>{tr.student.statuses[status]}</RowBadge>;
}

export function ClassmatesPage() {
  const classmates = useClassmates();
  return (
    <Stack>
      <Title order={2} size="h3">
        {tr.student.portal.classmates}
      </Title>
      {classmates.isPending ? <Loading /> : null}
      {classmates.isError ? <LoadFailed /> : null}
      {classmates.data ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {classmates.data.map((c) => (
            <li key={c.id}>
              <Card withBorder padding="sm" component={Link} to={`/student/write/${c.id}`} aria-label={`${c.name}: ${tr.student.statuses[c.messageStatus]}`}>
                <Group wrap="nowrap">
                  <Avatar src={c.thumbUrl} alt="" radius="xl" size={44}>
                    {c.name.charAt(0)}
                  </Avatar>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.branchName}
                    </Text>
                  </div>
                  <StatusBadge status={c.messageStatus} />
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
