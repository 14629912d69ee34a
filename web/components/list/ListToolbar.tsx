/**
 * The bar above every list: the search box, the list's select filters and "Filtreleri temizle".
 * Everything it changes goes through the list's state, so filters live in the URL (reload, back
 * and shared links keep them) and a change goes back to page 1. On a phone every control takes a
 * whole line, so nothing scrolls sideways.
 */
import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { tr } from '../../../common/tr';
import { SelectField } from '../SelectField';
import { SearchBox } from './SearchBox';
import type { ListControl } from './useListState';

export interface ListFilter {
  /** The filter's key in the URL and in the server's query. */
  name: string;
  /** The field's accessible name. */
  label: string;
  /** What the field shows while it filters nothing ("Tüm durumlar"). */
  placeholder: string;
  options: Array<{ value: string; label: string }>;
  /** Filters that stop making sense when this one changes (a school's branches). */
  resets?: string[];
  width?: number;
}

export function ListToolbar({
  list,
  searchPlaceholder,
  filters = [],
  children,
}: {
  list: ListControl;
  searchPlaceholder?: string;
  /** `false` leaves a filter out (e.g. a school filter for someone who sees one school). */
  filters?: Array<ListFilter | false>;
  /** Controls of the screen's own, after the filters (e.g. list or gallery). */
  children?: ReactNode;
}) {
  const shown = filters.filter((filter): filter is ListFilter => filter !== false);
  // Clearing starts the search box again, so a search still waiting to be told cannot come back.
  const [clears, setClears] = useState(0);
  const clear = () => {
    setClears((n) => n + 1);
    list.clear();
  };
  const choose = (filter: ListFilter, value: string | null) => {
    const changes: Record<string, string> = { [filter.name]: value ?? '' };
    for (const name of filter.resets ?? []) changes[name] = '';
    list.update({ filters: changes });
  };
  return (
    <Group className="list-toolbar" gap="sm" wrap="wrap" align="flex-end">
      <SearchBox key={clears} value={list.state.q} onChange={(q) => list.update({ q })} placeholder={searchPlaceholder} />
      {shown.map((filter) => (
        <SelectField
          key={filter.name}
          aria-label={filter.label}
          placeholder={filter.placeholder}
          data={filter.options}
          value={list.state.filters[filter.name] || null}
          onChange={(value) => choose(filter, value)}
          clearable
          w={filter.width ?? 200}
        />
      ))}
      {/* A search alone has its own clear button in the box. */}
      {shown.length > 0 && list.filtered ? (
        <Button variant="subtle" onClick={clear}>
          {tr.words.clearFilters}
        </Button>
      ) : null}
      {children}
    </Group>
  );
}
