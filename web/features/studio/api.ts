/** Typed calls of the studio screen. */
import type { StudioUpdateBody } from '../../../common/schemas/studio';
import type { CallOptions } from '../../api/client';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export const useStudio = () => useApiGet(keys.studio(), 'GET studio', {}, { alwaysFresh: true });

export const useSaveStudio = () =>
  useApiMutation(
    ({ body, onErrorBody }: { body: StudioUpdateBody; onErrorBody: CallOptions['onErrorBody'] }) => call('PUT studio', { body, onErrorBody }),
    [keys.studio()],
  );

/** The studio profile as stored now (the form reloads it after someone else changed it). */
export const readStudio = async () => {
  const res = await call('GET studio');
  return res && res.studio;
};

export const useUploadStudioLogo = () =>
  useApiMutation(
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call('POST studio/logo', { body: form });
    },
    [keys.studio()],
  );
