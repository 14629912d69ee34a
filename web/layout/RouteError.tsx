import { Button, Center, Stack, Text, Title } from '@mantine/core';
// Only the texts it shows: this module is part of the first load (the login page).
import { core } from '../../common/tr/core';
import { frame } from '../../common/tr/frame';

const tr = { ...core, ...frame } as const;

/** Shown when a route's code or loader fails unexpectedly. */
export function RouteError() {
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={2}>{tr.error.title}</Title>
        <Text c="dimmed">{tr.error.description}</Text>
        <Button onClick={() => window.location.reload()}>{tr.words.retry}</Button>
      </Stack>
    </Center>
  );
}
