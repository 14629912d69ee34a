/** The footer of a server-paged list: the total, the page size and the pages (tables and galleries alike). */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { PER_PAGE_CHOICES } from '../../../common/schemas/list';
import { tr } from '../../../common/tr';
import type { ListControl } from './useListState';

const t = tr.pager;

export function ListPager({ list, total }: { list: ListControl; total: number }) {
  const { state, update } = list;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t.total(total)}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={t.perPage}
          data={PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: t.perPageChoice(n) }))}
          value={String(state.perPage)}
          onChange={(v) => v && update({ perPage: Number(v), page: 1 })}
          w={130}
          allowDeselect={false}
        />
        <Pagination
          total={pages}
          value={Math.min(state.page, pages)}
          onChange={(page) => update({ page })}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'next' ? t.next : control === 'previous' ? t.previous : control })}
          getItemProps={(page) => ({ 'aria-label': t.page(page) })}
        />
      </Group>
    </Group>
  );
}
