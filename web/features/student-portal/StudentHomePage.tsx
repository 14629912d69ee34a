/** The student's home: the deadline with its countdown, how many classmates it has written to, and the way to its event photos. */
import { Button, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { student } from '../../../common/tr/student';
import { daysUntil, useDeadline } from './deadline';
import { useStudentSession } from './session';

const p = student.portal;

export function StudentHomePage() {
  const user = useStudentSession((s) => s.user);
  const { deadline, open, line } = useDeadline();
  if (!user) return null;
  const { classmates, written } = user.statistics;
  return (
    <Stack>
      <Title order={2} size="h3">
        {p.home}
      </Title>
      <Card withBorder>
        <Text fw={600}>{line}</Text>
        {deadline && open ? (
          <Text size="xl" fw={700} c="blue" data-testid="countdown">
            {p.daysLeft(daysUntil(deadline))}
          </Text>
        ) : null}
      </Card>
      <Card withBorder>
        <Text fw={600} data-testid="progress">
          {p.progress(classmates, written)}
        </Text>
        <Progress value={classmates ? (written / classmates) * 100 : 0} mt="sm" aria-label={p.progress(classmates, written)} />
      </Card>
      <Button component={Link} to="/student/classmates" size="md">
        {p.classmates}
      </Button>
      <Button component={Link} to="/student/photos" size="md" variant="light" leftSection={<IconPhoto size={20} />}>
        {p.eventPhotos}
      </Button>
    </Stack>
  );
}
