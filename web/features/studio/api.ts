/** Typed calls of the studio screen. */
import type { StudioInfo } from '../../../common/schemas/auth';
import type { StudioBody } from '../../../common/schemas/studio';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

type Answer = { success: true; studio: StudioInfo };
const key = ['studio'];

export const useStudio = () => useApiGet<Answer>(key, 'studio', undefined, { alwaysFresh: true });

export const useSaveStudio = () => useApiMutation((body: StudioBody) => api.put<Answer>('studio', body), [key]);

export const useUploadStudioLogo = () =>
  useApiMutation(
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<Answer>('studio/logo', form);
    },
    [key],
  );
