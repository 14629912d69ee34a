/** A parent's calls as TanStack Query hooks over the parents' api client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentAnswer, ConsentPurpose, ParentRelation } from '../../../common/schemas/consents';
import type { ParentConsents } from '../../../common/schemas/parent';
import { keys } from '../../api/keys';
import { parentCall } from './session';

/** A parent's call's answer, or a failure the client has already toasted (the page shows its error state). */
async function loaded<T>(call: Promise<T | false>): Promise<T> {
  const result = await call;
  if (result === false) throw new Error('api call failed');
  return result;
}

export const useParentConsents = () => useQuery({ queryKey: keys.parentConsents(), queryFn: () => loaded(parentCall('GET consents')) });

/** The digital yearbook, asked for only once the parent said yes to its photos (the server refuses otherwise). */
export const useParentYearbook = (enabled: boolean) =>
  useQuery({ queryKey: keys.parentYearbook(), queryFn: () => loaded(parentCall('GET digital-yearbook')), enabled });

export interface AnswerInput {
  purpose: ConsentPurpose;
  answer: ConsentAnswer;
  name: string;
  relation: ParentRelation;
}

/** Saves one purpose's answer; the page's data takes the answer in force at once. */
export function useAnswerConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ purpose, ...body }: AnswerInput) => parentCall('PUT consents/:purpose', { params: { purpose }, body }),
    onSuccess: (result, input) => {
      if (result === false) return;
      if (input.purpose === 'digital-photo') void client.invalidateQueries({ queryKey: keys.parentYearbook() });
      client.setQueryData<ParentConsents>(keys.parentConsents(), (data) =>
        data
          ? {
              ...data,
              lastAnswerer: { name: input.name.trim(), relation: input.relation },
              items: data.items.map((item) => (item.purpose === result.item.purpose ? result.item : item)),
            }
          : data,
      );
    },
  });
}
