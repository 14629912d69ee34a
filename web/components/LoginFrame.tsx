/** The card a sign-in form stands in, alone in the middle of the screen; staff and students sign in through one. */
import { Center, Paper, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

export function LoginFrame(props: { padding: MantineSpacing; onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p={props.padding} radius="md" w="100%" maw={420}>
        <form onSubmit={props.onSubmit} noValidate>
          <Stack>{props.children}</Stack>
        </form>
      </Paper>
    </Center>
  );
}
