/**
 * A book's check before print on its job card: errors (red) and warnings (yellow), each naming the
 * page, the student or item, and what is wrong. A long list shows its first few entries of each
 * kind and opens the rest on request, so a school's card stays short on a phone.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Preflight, PreflightEntry } from '../../../common/schemas/yearbook';
import { tr } from '../../../common/tr';

const t = tr.yearbook.preflight;
/** Entries of a kind shown before "Tümünü göster". */
const FIRST = 5;

export function PreflightList({ preflight }: { preflight: Preflight | null }) {
  if (!preflight) {
    return (
      <Text size="xs" c="dimmed" mt="xs">
        {t.notChecked}
      </Text>
    );
  }
  const { errors, warnings } = preflight;
  return (
    <Stack gap={6} mt="xs" role="region" aria-label={t.title} data-testid="preflight">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t.title}
        </Text>
        <Badge color={errors.length ? 'red' : warnings.length ? 'yellow' : 'green'} variant="light">
          {t.counts(errors.length, warnings.length)}
        </Badge>
      </Group>
      {errors.length || warnings.length ? null : (
        <Text size="xs" c="green.9">
          {t.clean}
        </Text>
      )}
      <Entries title={t.errors} list={errors} color="red" />
      <Entries title={t.warnings} list={warnings} color="yellow" />
    </Stack>
  );
}

function Entries({ title, list, color }: { title: string; list: PreflightEntry[]; color: 'red' | 'yellow' }) {
  const [all, setAll] = useState(false);
  if (!list.length) return null;
  const shown = all ? list : list.slice(0, FIRST);
  return (
    <Stack gap={4} role="group" aria-label={`${title} (${list.length})`}>
      {/* Mantine's darkest yellow is too light for text on white (contrast 3:1): the warnings' heading stays in the text colour. */}
      <Text size="xs" fw={600} c={color === 'red' ? 'red.8' : undefined}>
        {`${title} (${list.length})`}
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((entry, i) => (
          <Text
            key={i}
            component="li"
            size="xs"
            px={8}
            py={4}
            bg={color === 'red' ? 'red.0' : 'yellow.0'}
            style={{ borderLeft: `3px solid var(--mantine-color-${color}-6)`, overflowWrap: 'anywhere' }}
            data-code={entry.code}
          >
            <Text span fw={600} size="xs">
              {`${entry.page === null ? t.noPage : t.page(entry.page)} · ${entry.item}`}
            </Text>
            {` — ${entry.message}`}
          </Text>
        ))}
      </Stack>
      {list.length > FIRST ? (
        <Group>
          <Button size="compact-xs" variant="subtle" onClick={() => setAll(!all)}>
            {all ? t.showLess : t.showAll(list.length)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
