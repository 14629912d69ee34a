/** Moderation waiting for the caller, linked straight to the screens where it is done. */
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Statistics } from '../../../common/schemas/auth';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

export function PendingWork({ statistics, board }: { statistics: Statistics; board: Dashboard }) {
  const d = tr.dashboard;
  // Student messages are moderated per school or branch: go to the first unit that has some waiting.
  const firstPending = board.progress.find((row) => row.pendingMessages > 0);
  const messagesPath = firstPending ? `/messages/${board.progressBy}/${firstPending.id}` : null;
  const nothing = statistics.messages.pending === 0 && statistics.nicknames.pending === 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id="pending-title">
        {d.pendingWork}
      </Text>
      <Stack gap={6} aria-labelledby="pending-title">
        {nothing ? (
          <Text size="sm" c="dimmed">
            {d.nothingPending}
          </Text>
        ) : null}
        {statistics.messages.pending > 0 ? (
          messagesPath ? (
            <Anchor component={Link} to={messagesPath}>
              {d.reviewMessages(statistics.messages.pending)}
            </Anchor>
          ) : (
            <Text size="sm">{d.reviewMessages(statistics.messages.pending)}</Text>
          )
        ) : null}
        {statistics.nicknames.pending > 0 ? (
          <Anchor component={Link} to="/nickname-messages">
            {d.reviewNicknames(statistics.nicknames.pending)}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
