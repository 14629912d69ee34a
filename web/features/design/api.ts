/** Typed calls of the design screen. */
import type { DesignResponse, DesignSettings, PreviewStudent } from '../../../common/schemas/design';
import { api } from '../../api';
import type { CallOptions } from '../../api/client';
import { useApiGet, useApiMutation } from '../../api/query';
import { useTargets } from '../notifications/api';

export const useDesign = (schoolId: number | null) =>
  useApiGet<DesignResponse>(['design'], 'design', schoolId ? { schoolId } : undefined, { alwaysFresh: true });

export const usePreviewStudent = (schoolId: number | null) =>
  useApiGet<{ success: true; student: PreviewStudent | null }>(['design-preview'], 'design/preview', schoolId ? { schoolId } : undefined);

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
    }) => api.put<DesignResponse>('design', { schoolId, settings, version }, { onErrorBody }),
  );

/** The design of a scope as stored now (the form reloads it after someone else changed it). */
export const readDesign = async (schoolId: number | null) => {
  const res = await api.get<DesignResponse>('design', schoolId ? { schoolId } : undefined);
  return res || undefined;
};

export const useRemoveOverride = () => useApiMutation((schoolId: number) => api.del<DesignResponse>(`design?schoolId=${schoolId}`));

export const useUploadCover = () =>
  useApiMutation(({ schoolId, file }: { schoolId: number | null; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.upload<DesignResponse>(schoolId ? `design/cover?schoolId=${schoolId}` : 'design/cover', form);
  });
