/** The first students without a portrait or without a message, each a link to their class's list where they are searched for. */
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

type List = Dashboard['withoutPhoto'];

export function StudentsToChase({ id, title, list, none, showSchool }: { id: string; title: string; list: List; none: string; showSchool: boolean }) {
  const d = tr.dashboard;
  const more = list.total - list.items.length;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id={id}>
        {`${title} (${list.total})`}
      </Text>
      {list.total === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-labelledby={id} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.items.map((s) => (
            <li key={s.id}>
              <Anchor component={Link} to={`/students/${s.branchId}?q=${encodeURIComponent(s.schoolNumber)}`} size="sm" aria-label={d.openStudent(s.name)}>
                {s.name}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {` · ${s.branchName}${showSchool ? ` · ${s.schoolName}` : ''}`}
              </Text>
            </li>
          ))}
          {more > 0 ? (
            <Text component="li" size="xs" c="dimmed">
              {d.andMore(more)}
            </Text>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
