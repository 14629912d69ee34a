/**
 * The plain row elements must draw exactly what the Mantine components they stand in for draw under
 * the panel's theme: the same element, classes, data attributes and style declarations.
 */
import { ActionIcon, Badge, Group, MantineProvider } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { themeOf } from '../../theme';
import { RowActionGroup } from './RowActionGroup';
import { RowBadge } from './RowBadge';
import { RowIconButton } from './RowIconButton';

/** An element's markup with each tag's attributes and style declarations in a fixed order. */
function normalised(node: ReactNode): string {
  const html = renderToStaticMarkup(<MantineProvider theme={themeOf('#1c7ed6')}>{node}</MantineProvider>).replace(/<style[^>]*>.*?<\/style>/gs, '');
  return html.replace(/<(\w+)([^>]*)>/g, (_, tag: string, attrs: string) => {
    const pairs = [...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value = '']) => {
      if (name === 'class') value = value.split(/\s+/).filter(Boolean).sort().join(' ');
      if (name === 'style')
        value = value
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .sort()
          .join(';');
      return `${name}="${value}"`;
    });
    return `<${tag} ${pairs.sort().join(' ')}>`;
  });
}

describe('plain row elements', () => {
  it.each(['green', 'gray', 'yellow', 'teal', 'red'])('a %s RowBadge is a light Badge', (color) => {
    const plain = normalised(<RowBadge color={color}>Onay bekliyor</RowBadge>);
    expect(plain).toContain('Onay bekliyor');
    expect(plain).toBe(
      normalised(
        <Badge color={color} variant="light">
          Onay bekliyor
        </Badge>,
      ),
    );
  });

  it.each([undefined, 'red'])('a RowIconButton (colour %s) is a subtle ActionIcon with a row-naming label, its tooltip’s text too', (color) => {
    const plain = normalised(<RowIconButton icon={IconEdit} label="Düzenle: Ayşe Yılmaz" color={color} onClick={() => undefined} />);
    expect(plain).toContain('aria-label="Düzenle: Ayşe Yılmaz"');
    expect(plain).toContain('data-row-tip="Düzenle: Ayşe Yılmaz"');
    const mantine = normalised(
      <ActionIcon variant="subtle" color={color} data-row-tip="Düzenle: Ayşe Yılmaz" aria-label="Düzenle: Ayşe Yılmaz">
        <IconEdit size={18} />
      </ActionIcon>,
    );
    // Without a colour the plain button names the primary colour's variables, which the theme sets
    // to the brand colour's; the ActionIcon names the brand colour's own.
    expect(plain.replaceAll('--mantine-primary-color-', '--mantine-color-brand-')).toBe(mantine);
  });

  it.each(['flex-start', 'flex-end'] as const)('a RowActionGroup (%s) is a one-line Group', (justify) => {
    const plain = normalised(
      <RowActionGroup justify={justify}>
        <span>Sil</span>
      </RowActionGroup>,
    );
    expect(plain).toContain('<span >Sil</span>');
    expect(plain).toBe(
      normalised(
        <Group gap={4} justify={justify} wrap="nowrap">
          <span>Sil</span>
        </Group>,
      ),
    );
  });
});
