import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Breadcrumbs, documentTitle, usePlace } from '../layout/place';

/**
 * A screen's title, what it belongs to (e.g. the school), and its actions. Above it the
 * breadcrumbs of a screen inside a school or a branch; the document's title names them too.
 */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const place = usePlace();
  const fullTitle = documentTitle(title, place);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
  return (
    <Stack gap={4} mb="md">
      {place ? <Breadcrumbs place={place} /> : null}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{title}</Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
  );
}
