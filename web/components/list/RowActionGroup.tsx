import { Group, rem } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A row's action buttons side by side, on one line: a plain <div> with the Group's class and
 * variables rather than a Group, one component less in each of a hundred rows.
 */
export function RowActionGroup({ gap = 4, justify = 'flex-start', children }: { gap?: number; justify?: 'flex-start' | 'flex-end'; children: ReactNode }) {
  return (
    <div className={groupClass} style={groupVars(gap, justify)}>
      {children}
    </div>
  );
}

const groupClass = `${Group.classes.root} mantine-Group-root`;

/** One style object per spacing and alignment, shared by every row. */
const looks = new Map<string, CSSProperties>();
function groupVars(gap: number, justify: string): CSSProperties {
  const key = `${gap} ${justify}`;
  let vars = looks.get(key);
  if (!vars) {
    vars = { '--group-gap': rem(gap), '--group-align': 'center', '--group-justify': justify, '--group-wrap': 'nowrap' } as CSSProperties;
    looks.set(key, vars);
  }
  return vars;
}
