/** A list page's button that opens the form for a new record. */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick}>
      {label}
    </Button>
  );
}
