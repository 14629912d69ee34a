/** The student pages' calls, as TanStack Query hooks over the student's api client. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Classmate, MyMessage, MyNickname, Profile } from '../../../common/schemas/student';
import { loadStudent, studentApi } from './session';

const KEY = ['student'] as const;

/** The client toasts a failure and answers false; a query sees it as an error. */
async function unwrap<T>(result: Promise<T | false>): Promise<T> {
  const value = await result;
  if (value === false) throw new Error('api call failed');
  return value;
}

export const useClassmates = () =>
  useQuery({ queryKey: [...KEY, 'classmates'], queryFn: () => unwrap(studentApi.get<{ items: Classmate[] }>('classmates')), select: (r) => r.items });

export const useProfile = () => useQuery({ queryKey: [...KEY, 'profile'], queryFn: () => unwrap(studentApi.get<Profile>('profile')) });

export const useNotifications = () =>
  useQuery({
    queryKey: [...KEY, 'notifications'],
    queryFn: () => unwrap(studentApi.get<{ items: Array<{ id: number; title: string; body: string; sentAt: string | null }> }>('notifications')),
    select: (r) => r.items,
  });

/** A write: false when it failed (already toasted); afterwards every student query and the user info refresh. */
function useStudentWrite<V, R>(run: (vars: V) => Promise<R | false>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(vars),
    onSuccess: async (result) => {
      if (result === false) return;
      await Promise.all([client.invalidateQueries({ queryKey: KEY }), loadStudent()]);
    },
  });
}

export const useWriteMessage = () =>
  useStudentWrite((v: { id?: number; toStudentId: number; body: string }) =>
    v.id
      ? studentApi.put<{ item: MyMessage }>(`messages/${v.id}`, { body: v.body })
      : studentApi.post<{ item: MyMessage }>('messages', { toStudentId: v.toStudentId, body: v.body }),
  );

export const useDeleteMessage = () => useStudentWrite((id: number) => studentApi.del(`messages/${id}`));

export const useSaveNickname = () =>
  useStudentWrite((v: { id?: number; toStudentId: number; text: string }) =>
    v.id
      ? studentApi.put<{ item: MyNickname }>(`nicknames/${v.id}`, { text: v.text })
      : studentApi.post<{ item: MyNickname }>('nicknames', { toStudentId: v.toStudentId, text: v.text }),
  );

export const useSaveQuote = () => useStudentWrite((text: string) => studentApi.put('quote', { text }));

export const usePickPortrait = () => useStudentWrite((photoId: number) => studentApi.put('portrait', { photoId }));
