/**
 * A list's state (page, perPage, q, sort, order and its filters) kept in the URL, so reload
 * and back/forward keep it. Changing anything but the page goes back to page 1.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE } from '../../../common/schemas/list';

export interface ListState {
  page: number;
  perPage: number;
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  filters: Record<string, string>;
}

export function useListState(defaults: { sort: string; order?: 'asc' | 'desc'; perPage?: number; filters?: string[] }) {
  const [params, setParams] = useSearchParams();
  // The address this list asked for last. A navigation takes a moment to reach the URL, and a
  // change made meanwhile (a search typed just after "Filtreleri temizle") must build on it, not
  // on the address it replaces. A change from outside (back, a link) is the truth again.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const go = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );
  const { sort: defaultSort, order: defaultOrder = 'asc', perPage: defaultPerPage } = defaults;
  const filterKey = (defaults.filters ?? []).join(',');

  const state: ListState = useMemo(() => {
    const filters: Record<string, string> = {};
    for (const name of filterKey ? filterKey.split(',') : []) filters[name] = params.get(name) ?? '';
    return {
      page: Math.max(1, Number(params.get('page')) || 1),
      perPage: Number(params.get('perPage')) || defaultPerPage || DEFAULT_PER_PAGE,
      q: params.get('q') ?? '',
      sort: params.get('sort') ?? defaultSort,
      order: params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : defaultOrder,
      filters,
    };
  }, [params, defaultSort, defaultOrder, defaultPerPage, filterKey]);

  const update = useCallback(
    (changes: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> }, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(latest.current);
      const set = (key: string, value: string | number | undefined) => {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      };
      if (changes.q !== undefined) set('q', changes.q);
      if (changes.sort !== undefined) set('sort', changes.sort);
      if (changes.order !== undefined) set('order', changes.order);
      if (changes.perPage !== undefined) set('perPage', changes.perPage);
      for (const [key, value] of Object.entries(changes.filters ?? {})) set(key, value);
      set('page', changes.page !== undefined && changes.page > 1 ? changes.page : undefined);
      go(next, options?.replace ?? changes.page === undefined);
    },
    [go],
  );

  /** The query the server's list call takes. */
  const query = useMemo(() => ({ page: state.page, perPage: state.perPage, q: state.q, sort: state.sort, order: state.order, ...state.filters }), [state]);

  const clear = useCallback(() => go(new URLSearchParams(), true), [go]);
  const filtered = state.q !== '' || Object.values(state.filters).some((v) => v !== '');
  return { state, query, update, clear, filtered };
}

/** What a list screen holds of its state: the values, the server's query, and the ways to change them. */
export type ListControl = ReturnType<typeof useListState>;
