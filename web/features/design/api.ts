/** Typed calls of the design screen. */
import type { DesignSettings } from '../../../common/schemas/design';
import { call } from '../../api';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';
import { useTargets } from '../notifications/api';

const scope = (schoolId: number | null) => (schoolId ? { schoolId } : undefined);

export const useDesign = (schoolId: number | null) => useApiGet(keys.design(), 'GET design', { query: scope(schoolId) }, { alwaysFresh: true });

export const usePreviewStudent = (schoolId: number | null) => useApiGet(keys.designPreview(), 'GET design/preview', { query: scope(schoolId) });

/** The schools the panel can choose: the same list the notification targets use. */
export const useDesignSchools = (enabled: boolean) => useTargets(null, enabled);

// The screen reloads the design itself after each write (the form starts again from the answer).
export const useSaveDesign = () =>
  useApiMutation(
    ({
      schoolId,
      settings,
      version,
      onErrorBody,
    }: {
      schoolId: number | null;
      settings: DesignSettings;
      version: number;
      onErrorBody: CallOptions['onErrorBody'];
    }) => call('PUT design', { body: { schoolId, settings, version }, onErrorBody }),
  );

/** The design of a scope as stored now (the form reloads it after someone else changed it). */
export const readDesign = async (schoolId: number | null) => {
  const res = await call('GET design', { query: scope(schoolId) });
  return res || undefined;
};

export const useRemoveOverride = () => useApiMutation((schoolId: number) => call('DELETE design', { query: { schoolId } }));

export const useUploadCover = () =>
  useApiMutation(({ schoolId, file }: { schoolId: number | null; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST design/cover', { query: scope(schoolId), body: form });
  });

/** The studio's ICC profile for FOGRA51 (panel only; the studio's design). */
export const useUploadPrintProfile = () =>
  useApiMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST design/print-profile', { body: form });
  });
