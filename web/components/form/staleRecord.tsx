/**
 * An edit form's guard against lost updates: the form keeps the version of the record it loaded
 * and sends it with its save. When the server answers that someone else changed the record
 * meanwhile (409 naming `version`), the form shows a notice offering to load the current record.
 * Loading it keeps every value the person typed, takes the new version, and names the fields
 * that changed on the server, so the next save is a deliberate one.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';

type ErrorBody = { message?: string; errors?: Record<string, string> };

export interface StaleGuard<T> {
  /** The version to send with the next save. */
  version: number;
  /** A form that stays open after a save takes the saved record as its new starting point. */
  saved(record: T): void;
  /** Pass to the save call: notices a refusal because the record changed meanwhile. */
  onErrorBody(body: ErrorBody): void;
  /** The notice to show in the form (null while nothing is amiss). */
  notice: React.ReactNode;
}

/**
 * `loaded`: the record the form was opened with (null for a new one); `loadCurrent`: reads it
 * again; `labels`: the fields to compare, with the names the form shows them under; `adopt`: lets
 * the form take the server's values into the fields the person has not touched.
 */
export function useStaleGuard<T extends { version: number }>(
  loaded: T | null,
  loadCurrent: () => Promise<T | false | undefined>,
  labels: Partial<Record<keyof T & string, string>>,
  adopt?: (current: T) => void,
): StaleGuard<T> {
  const [base, setBase] = useState(loaded);
  const [state, setState] = useState<'fresh' | 'stale' | 'reloaded'>('fresh');
  const [changed, setChanged] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  const reload = async () => {
    setLoading(true);
    try {
      const current = await loadCurrent();
      if (!current) return;
      const differs = (key: string) =>
        JSON.stringify((current as Record<string, unknown>)[key]) !== JSON.stringify((base as Record<string, unknown> | null)?.[key]);
      setChanged(Object.entries(labels).flatMap(([key, label]) => (differs(key) && typeof label === 'string' ? [label] : [])));
      setBase(current);
      adopt?.(current);
      setState('reloaded');
    } finally {
      setLoading(false);
    }
  };

  const notice =
    state === 'fresh' ? null : state === 'stale' ? (
      <Alert color="orange" title={tr.stale.title} data-testid="stale-notice">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{tr.staleRecord}</Text>
          <Button size="xs" variant="light" color="orange" loading={loading} onClick={reload}>
            {tr.stale.reload}
          </Button>
        </Stack>
      </Alert>
    ) : (
      <Alert color="blue" data-testid="stale-notice">
        <Text size="sm">{tr.stale.kept}</Text>
        {changed.length ? <Text size="sm">{tr.stale.changedFields(changed.join(', '))}</Text> : null}
      </Alert>
    );

  return {
    version: base?.version ?? 0,
    saved: (record) => {
      setBase(record);
      setState('fresh');
    },
    onErrorBody: (body) => {
      if (body.errors?.version) setState('stale');
    },
    notice,
  };
}
