import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from './RecordTable';

type PageLink = { to: string; label: string };

/** A row's name (a link itself where the row has a page of its own), and under it the pages that belong to the row. */
function NameWithLinks({
  name,
  page,
  links,
}: {
  name: string;
  /** The row's own page, and the link's accessible name. */
  page?: PageLink;
  links: PageLink[];
}) {
  return (
    // Wide enough that a long school name takes two or three lines, not one word a line.
    <Stack gap={2} miw="12rem">
      {page ? (
        <Anchor component={Link} to={page.to} fw={600} size="sm" aria-label={page.label}>
          {name}
        </Anchor>
      ) : (
        <Text fw={600} size="sm">
          {name}
        </Text>
      )}
      <Group gap="xs">
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} size="xs">
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** The pages every school and branch has, their addresses named after the unit's kind: its managers and its messages. */
export function unitLinks(kind: 'school' | 'branch', id: number, text: { managers: string; messages: string }): PageLink[] {
  return [
    { to: `/${kind}-managers/${id}`, label: text.managers },
    { to: `/${kind}-messages/${id}`, label: text.messages },
  ];
}

/** The first column of a list of named records: the name, sorted by name, with the record's pages under it. */
export function nameColumn<T extends { name: string }>(header: string, links: (row: T) => PageLink[], page?: (row: T) => PageLink): Column<T> {
  return { key: 'name', header, sortKey: 'name', render: (row) => <NameWithLinks name={row.name} page={page?.(row)} links={links(row)} /> };
}
