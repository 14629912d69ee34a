import { SegmentedControl } from '@mantine/core';
import { tr } from '../../common/tr';

/** How a book's pages are shown: one page at a time, or as facing pages. */
export type PageView = 'pages' | 'spreads';

/** The switch between single pages and spreads, the same for the studio's proofs and the reader. */
export function PageViewSwitch({ value, onChange, label, size }: { value: PageView; onChange(view: PageView): void; label: string; size?: 'xs' }) {
  return (
    <SegmentedControl
      size={size}
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next === 'spreads' ? 'spreads' : 'pages')}
      data={[
        { value: 'pages', label: tr.yearbook.singlePage },
        { value: 'spreads', label: tr.yearbook.spread },
      ]}
    />
  );
}
