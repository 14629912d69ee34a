/** The classmates a student may write to, with their photo (when allowed) and the state of its message to each. */
import { Avatar, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WriteStatus } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { useClassmates } from './api';
import { CardList, PortalPage } from './PortalPage';
import { RowBadge } from '../../components/list/RowBadge';

const COLORS: Record<WriteStatus, string> = { none: 'gray', pending: 'yellow', approved: 'teal', rejected: 'red' };

export function StatusBadge({ status }: { status: WriteStatus }) {
  return <RowBadge color={COLORS[status]}>{tr.student.statuses[status]}</RowBadge>;
}

export function ClassmatesPage() {
  return (
    <PortalPage title={tr.student.portal.classmates} query={useClassmates()}>
      {(classmates) => (
        <CardList>
          {classmates.map((c) => (
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
        </CardList>
      )}
    </PortalPage>
  );
}
