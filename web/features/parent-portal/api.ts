/** A parent's calls as TanStack Query hooks over the parents' api client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentAnswer, ConsentPurpose, ParentRelation } from '../../../common/schemas/consents';
import type { ParentConsents } from '../../../common/schemas/parent';
import { keys } from '../../api/keys';
import { parentCall } from './session';

export const useParentConsents = () =>
  useQuery({
    queryKey: keys.parentConsents(),
    queryFn: async () => {
      const result = await parentCall('GET consents');
      // The client has toasted the failure; the page shows its error state.
      if (result === false) throw new Error('api call failed');
      return result;
    },
  });

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
