/** The student pages' calls, as TanStack Query hooks over the student's api client. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../api/keys';
import { loadStudent, studentCall } from './session';

/** The client toasts a failure and answers false; a query sees it as an error. */
async function unwrap<T>(result: Promise<T | false>): Promise<T> {
  const value = await result;
  if (value === false) throw new Error('api call failed');
  return value;
}

export const useClassmates = () =>
  useQuery({ queryKey: keys.portal('classmates'), queryFn: () => unwrap(studentCall('GET classmates')), select: (r) => r.items });

export const useProfile = () => useQuery({ queryKey: keys.portal('profile'), queryFn: () => unwrap(studentCall('GET profile')) });

export const useDigitalYearbook = () => useQuery({ queryKey: keys.portal('digital-yearbook'), queryFn: () => unwrap(studentCall('GET digital-yearbook')) });

export const useNotifications = () =>
  useQuery({ queryKey: keys.portal('notifications'), queryFn: () => unwrap(studentCall('GET notifications')), select: (r) => r.items });

/** One page of the event photos the student is tagged in (none without the parents' digital photo consent). */
export const useEventPhotos = (page: number, perPage: number) =>
  useQuery({
    queryKey: [...keys.portal('event-photos'), page, perPage],
    queryFn: () => unwrap(studentCall('GET event-photos', { query: { page, perPage } })),
    // The page shown stays while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

/** A write: false when it failed (already toasted); afterwards every student query and the user info refresh. */
function useStudentWrite<V, R>(run: (vars: V) => Promise<R | false>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(vars),
    onSuccess: async (result) => {
      if (result === false) return;
      await Promise.all([client.invalidateQueries({ queryKey: keys.portal() }), loadStudent()]);
    },
  });
}

/** A text to a classmate: a new one, or with `id` the edit of the student's own. */
const useClassmateText = <R>(create: (toStudentId: number, text: string) => Promise<R | false>, edit: (id: number, text: string) => Promise<R | false>) =>
  useStudentWrite((v: { id?: number; toStudentId: number; text: string }) => (v.id ? edit(v.id, v.text) : create(v.toStudentId, v.text)));

export const useWriteMessage = () =>
  useClassmateText(
    (toStudentId, body) => studentCall('POST messages', { body: { toStudentId, body } }),
    (id, body) => studentCall('PUT messages/:id', { params: { id }, body: { body } }),
  );

export const useDeleteMessage = () => useStudentWrite((id: number) => studentCall('DELETE messages/:id', { params: { id } }));

export const useSaveNickname = () =>
  useClassmateText(
    (toStudentId, text) => studentCall('POST nicknames', { body: { toStudentId, text } }),
    (id, text) => studentCall('PUT nicknames/:id', { params: { id }, body: { text } }),
  );

export const useSaveQuote = () => useStudentWrite((text: string) => studentCall('PUT quote', { body: { text } }));

export const usePickPortrait = () => useStudentWrite((photoId: number) => studentCall('PUT portrait', { body: { photoId } }));
