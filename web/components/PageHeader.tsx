import { Group, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { tr } from '../../common/tr';

/** A screen's title (also the document title) and its actions. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${tr.appName}`;
  }, [title]);
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={2}>{title}</Title>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
