/** Days left to each school's message deadline (nearest first). */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { displayDate } from '../../../common/dates';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

export function DeadlineList({ deadlines }: { deadlines: Dashboard['deadlines'] }) {
  const d = tr.dashboard;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id="deadlines-title">
        {d.deadlines}
      </Text>
      <Stack gap="xs" component="ul" aria-labelledby="deadlines-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {deadlines.map((s) => (
          <Group component="li" key={s.schoolId} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {s.name}
              </Text>
              <Text size="xs" c="dimmed">
                {s.deadline ? `${d.deadline}: ${displayDate(s.deadline)}` : d.noDeadline}
              </Text>
            </Stack>
            {s.daysLeft !== null ? (
              // A passed deadline is the one to act on: red and filled; a near one orange.
              <Badge
                color={s.daysLeft < 0 ? 'red' : s.daysLeft <= 7 ? 'orange' : 'blue'}
                variant={s.daysLeft < 0 ? 'filled' : 'light'}
                data-overdue={s.daysLeft < 0 ? 'true' : undefined}
              >
                {d.daysLeft(s.daysLeft)}
              </Badge>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
