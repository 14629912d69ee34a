/** What a screen shows while its data is on the way, and when it could not be loaded. */
import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { tr } from '../../common/tr';

export function Loading() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={tr.loading} />
    </Center>
  );
}

/** The call helper has already toasted the cause; this keeps the screen from looking empty. */
export function LoadFailed() {
  return (
    <Alert color="red" title={tr.error.title}>
      {tr.error.description}
    </Alert>
  );
}

/** A query's data, drawn by `children` once it is there; until then it loads, or tells that it failed. */
export function Loaded<D>(props: { query: { data?: D; isError: boolean }; children: (data: D) => ReactNode }) {
  const { data, isError } = props.query;
  if (isError) return <LoadFailed />;
  if (!data) return <Loading />;
  return props.children(data);
}
