/** The notifications that reached the student. */
import { Card, Text } from '@mantine/core';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { useNotifications } from './api';
import { PortalPage } from './PortalPage';

export function NotificationsPage() {
  return (
    <PortalPage title={tr.student.portal.notifications} query={useNotifications()}>
      {(notifications) =>
        notifications.length === 0 ? (
          <Text c="dimmed">{tr.student.portal.noNotifications}</Text>
        ) : (
          notifications.map((n) => (
            <Card key={n.id} withBorder component="article" aria-label={n.title}>
              <Text fw={600}>{n.title}</Text>
              <Text size="xs" c="dimmed">
                {displayDate(n.sentAt)}
              </Text>
              <Text mt="xs" className="pre-wrap">
                {n.body}
              </Text>
            </Card>
          ))
        )
      }
    </PortalPage>
  );
}
