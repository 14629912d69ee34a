import { Badge, rem } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A status in a list row, looking exactly like Mantine's light Badge with the theme's settings (it
 * never cuts its text): a plain <div> and <span> with the Badge's classes and colour variables. A
 * hundred rows of Badge components each ran the props and styles machinery to draw one word.
 */
export function RowBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <div className={rootClass} data-variant="light" style={lightVars(color)}>
      <span className={labelClass} style={labelLook}>
        {children}
      </span>
    </div>
  );
}

const rootClass = `${Badge.classes.root} mantine-Badge-root`;
const labelClass = `${Badge.classes.label} mantine-Badge-label`;

/** The theme's Badge styles (web/theme.ts): the badge keeps its width and shows all its text. */
const rootLook = { flexShrink: 0, maxWidth: 'none', overflow: 'visible' } as const;
const labelLook: CSSProperties = { overflow: 'visible', textOverflow: 'clip' };

/** The light variant's colour variables, one style object per colour for every row to share. */
const byColour = new Map<string, CSSProperties>();
function lightVars(color: string): CSSProperties {
  let vars = byColour.get(color);
  if (!vars) {
    vars = {
      '--badge-bg': `var(--mantine-color-${color}-light)`,
      '--badge-color': `var(--mantine-color-${color}-light-color)`,
      '--badge-bd': `${rem(1)} solid transparent`,
      ...rootLook,
    } as CSSProperties;
    byColour.set(color, vars);
  }
  return vars;
}
