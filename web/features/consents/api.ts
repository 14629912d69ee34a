/** Typed calls of parents' consent on the staff side (views never fetch directly). */
import type { PaperConsentBody } from '../../../common/schemas/consentStaff';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export function useStudentConsents(studentId: number | null) {
  return useApiGet(keys.consents(studentId), 'GET students/:id/consents', studentId ? { params: { id: studentId } } : null);
}

/** A paper form's answer: its scan uploaded first (when one is chosen), then the record naming it. */
export function useRecordPaperConsent(studentId: number, branchId: number) {
  return useApiMutation(
    async ({ body, scan }: { body: Omit<PaperConsentBody, 'scanKey'>; scan: File | null }) => {
      let scanKey: string | null = null;
      if (scan) {
        const form = new FormData();
        form.append('file', scan);
        const uploaded = await call('POST students/:id/consent-scans', { params: { id: studentId }, body: form });
        if (!uploaded) return false;
        scanKey = uploaded.scanKey;
      }
      return call('POST students/:id/consents', { params: { id: studentId }, body: { ...body, scanKey } });
    },
    [keys.consents(studentId), keys.students(branchId), keys.statistics()],
  );
}

export function useConsentList(branchId: number) {
  return useApiGet(keys.consentList(branchId), 'GET branches/:id/consent-list', { params: { id: branchId } });
}

export const readConsentReminder = async (branchId: number) => {
  const res = await call('GET branches/:id/remind-consent', { params: { id: branchId } });
  return res || null;
};

export const useRemindConsent = () => useApiMutation((branchId: number) => call('POST branches/:id/remind-consent', { params: { id: branchId } }));
