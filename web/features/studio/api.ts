/** Typed calls of the studio screen. */
import type { StudioInfo } from '../../../common/schemas/auth';
import type { StudioUpdateBody } from '../../../common/schemas/studio';
import type { CallOptions } from '../../api/client';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

type Answer = { success: true; studio: StudioInfo };
const key = ['studio'];

export const useStudio = () => useApiGet<Answer>(key, 'studio', undefined, { alwaysFresh: true });

export const useSaveStudio = () =>
  useApiMutation(
    ({ body, onErrorBody }: { body: StudioUpdateBody; onErrorBody: CallOptions['onErrorBody'] }) => api.put<Answer>('studio', body, { onErrorBody }),
    [key],
  );

/** The studio profile as stored now (the form reloads it after someone else changed it). */
export const readStudio = async () => {
  const res = await api.get<Answer>('studio');
  return res && res.studio;
};

export const useUploadStudioLogo = () =>
  useApiMutation(
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<Answer>('studio/logo', form);
    },
    [key],
  );
