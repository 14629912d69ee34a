/**
 * A code portal's slim header (students, parents): whose page it is, their school and class, and
 * the way out. The portal's frame shows it, so it also registers what a 401 while signed in does:
 * clear the session and go back to the portal's sign-in, as signing out does.
 */
import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { PortalExit } from '../api/portalSession';

interface Props {
  name: string | undefined;
  place: string;
  signOutLabel: string;
  exit: PortalExit;
}

export function PortalHeader({ name, place, signOutLabel, exit }: Props) {
  const navigate = useNavigate();

  useEffect(() => {
    exit.onSessionEnded(() => {
      exit.clear();
      navigate(exit.loginPath);
    });
  }, [exit, navigate]);

  const signOut = async () => {
    await exit.signOut();
    navigate(exit.loginPath);
  };

  return (
    <Group justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <div style={{ minWidth: 0 }}>
        <Text fw={700} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {place}
        </Text>
      </div>
      {/* Whole beside a long school name: the names give way, not the button. */}
      <Button variant="subtle" size="compact-sm" onClick={() => void signOut()} style={{ flexShrink: 0 }}>
        {signOutLabel}
      </Button>
    </Group>
  );
}
