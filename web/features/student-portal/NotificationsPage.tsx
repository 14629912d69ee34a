/** The notifications that reached the student. */
import { Card, Stack, Text, Title } from '@mantine/core';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { LoadFailed, Loading } from '../../components/QueryState';
import { useNotifications } from './api';

export function NotificationsPage() {
  const notifications = useNotifications();
  return (
    <Stack>
      <Title order={2} size="h3">
        {tr.student.portal.notifications}
      </Title>
      {notifications.isPending ? <Loading /> : null}
      {notifications.isError ? <LoadFailed /> : null}
      {notifications.data?.length === 0 ? <Text c="dimmed">{tr.student.portal.noNotifications}</Text> : null}
      {notifications.data?.map((n) => (
        <Card key={n.id} withBorder component="article" aria-label={n.title}>
          <Text fw={600}>{n.title}</Text>
          <Text size="xs" c="dimmed">
            {displayDate(n.sentAt)}
          </Text>
          <Text mt="xs" className="pre-wrap">
            {n.body}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
