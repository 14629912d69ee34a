import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { tr } from '../../common/tr';

/** A screen's title (also the document title), what it belongs to (e.g. the school), and its actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${tr.appName}`;
  }, [title]);
  return (
    <Stack gap={4} mb="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{title}</Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
