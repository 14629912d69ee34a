import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { api } from '../../api';
import { saveDownload } from '../../api/client';

/** "Dışa aktar" → CSV or XLSX of the current list with its filters (GET <list>/export?format=…). */
export function ExportMenu({ path, query }: { path: string; query: Record<string, string | number | undefined> }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    const { page: _page, perPage: _perPage, ...filters } = query;
    const file = await api.download(`${path}/export`, { ...filters, format });
    setBusy(false);
    if (file) saveDownload(file);
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          {tr.words.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>CSV (Excel, ;)</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>XLSX</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
