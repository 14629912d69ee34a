import { Button } from '@mantine/core';

/** A text button in a list row. Its accessible name also names the row ("Sil: 12/A"), so each row's is found on its own. */
export function RowButton({ label, row, color, loading, onClick }: { label: string; row: string; color?: 'red' | 'gray'; loading?: boolean; onClick(): void }) {
  return (
    <Button size="compact-sm" variant="subtle" color={color} loading={loading} onClick={onClick} aria-label={`${label}: ${row}`}>
      {label}
    </Button>
  );
}
