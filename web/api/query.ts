/**
 * Typed hooks over the api client for TanStack Query. The client has already shown the error
 * toast when it returns false; here that becomes a query error so screens show their error state.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { call } from './index';
import { pathOf, type CallArgs, type StaffCalls } from './calls';
import { toast } from '../toast';

class ApiCallFailed extends Error {
  constructor() {
    super('api call failed');
  }
}

/**
 * Runs a write from a screen: answers its result, or undefined when the call failed — the api
 * client has toasted that already, so there is nothing more to say. With `success`,
 * a success toast follows a call that worked. Any other error is a bug and is thrown on.
 */
export async function attempt<T>(call: () => Promise<T>, success?: string): Promise<T | undefined> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (error instanceof ApiCallFailed) return undefined;
    throw error;
  }
  if (success) toast('success', success);
  return result;
}

async function unwrap<T>(result: Promise<T | false>): Promise<T> {
  const value = await result;
  if (value === false) throw new ApiCallFailed();
  return value;
}

/** A read of a staff call for a screen; `args` null waits (nothing to ask yet). */
export function useApiGet<K extends keyof StaffCalls & string, T extends StaffCalls[K]['response'] = StaffCalls[K]['response']>(
  key: QueryKey,
  name: K,
  args: CallArgs<StaffCalls[K], K> | null,
  options?: {
    keepPrevious?: boolean;
    alwaysFresh?: boolean;
    /** Asks again after this many ms while the answer says so (progress). */ pollMs?: (data: T | undefined) => number | false;
  },
) {
  const path = args ? pathOf(name, args.params) : null;
  return useQuery({
    queryKey: [...key, name, args],
    // The args were checked against the call above; the signal is the client's own option.
    queryFn: ({ signal }) => unwrap((call as (name: K, args: object) => Promise<T | false>)(name, { ...args, signal })),
    enabled: path !== null,
    placeholderData: options?.keepPrevious ? keepPreviousData : undefined,
    // Only a screen that must always ask again says so: an explicit `staleTime: undefined`
    // would replace the client's default and make every screen refetch on each visit.
    ...(options?.alwaysFresh ? { staleTime: 0 } : {}),
    ...(options?.pollMs ? { refetchInterval: (q: { state: { data: T | undefined } }) => options.pollMs!(q.state.data) } : {}),
  });
}

/** A write: runs the call, then refreshes the given query keys. */
export function useApiMutation<TVars, TResult = { success: true }>(run: (vars: TVars) => Promise<TResult | false>, invalidate: QueryKey[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => unwrap(run(vars)),
    onSuccess: async () => {
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
