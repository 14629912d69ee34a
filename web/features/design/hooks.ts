/** Typed calls of the design screen. */
import type { DesignResponse, DesignSettings, PreviewStudent } from '../../../common/schemas/design';
import type { TargetsResponse } from '../../../common/schemas/notification';
import { api } from '../../api';
import { useApiGet } from '../../api/query';

export const useDesign = (schoolId: number | null) =>
  useApiGet<DesignResponse>(['design'], 'design', schoolId ? { schoolId } : undefined, { alwaysFresh: true });

export const usePreviewStudent = (schoolId: number | null) =>
  useApiGet<{ success: true; student: PreviewStudent | null }>(['design-preview'], 'design/preview', schoolId ? { schoolId } : undefined);

/** The schools the caller can choose (the same list the notification targets use). */
export const useSchools = (enabled: boolean) => useApiGet<TargetsResponse>(['notification-targets'], enabled ? 'notifications/targets' : null);

export const saveDesign = (schoolId: number | null, settings: DesignSettings) => api.put<DesignResponse>('design', { schoolId, settings });
export const removeOverride = (schoolId: number) => api.del<DesignResponse>(`design?schoolId=${schoolId}`);
export function uploadCover(schoolId: number | null, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<DesignResponse>(schoolId ? `design/cover?schoolId=${schoolId}` : 'design/cover', form);
}
