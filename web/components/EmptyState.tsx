import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { tr } from '../../common/tr';

export function EmptyState({ title = tr.empty.title, description = tr.empty.description }: { title?: string; description?: string }) {
  return (
    <Center py="xl" data-empty-state>
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconInbox size={28} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {description}
        </Text>
      </Stack>
    </Center>
  );
}
