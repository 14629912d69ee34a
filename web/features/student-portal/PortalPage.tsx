/** The frame of a student page that shows what one query loaded. */
import { Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '../../components/QueryState';

/** The page's title, then what `query` loaded once it has (or that it is loading, or failed). */
export function PortalPage<T>({ title, query, children }: { title: string; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <Stack>
      <Title order={2} size="h3">
        {title}
      </Title>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadFailed /> : null}
      {query.data ? children(query.data) : null}
    </Stack>
  );
}

/** A list of cards, one under the other, read out as a list. */
export function CardList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}
