/**
 * Calls of the moderated lists (student messages, nickname suggestions), which answer alike, and
 * the schools, branches and students the message screens offer to choose from.
 */
import type { ScopeChoice } from '../../../common/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { useApiGet, useApiMutation } from '../../api/query';

/** A moderated kind of record: where its calls are, and the field that holds its text. */
export interface ModeratedKind {
  path: 'messages' | 'nicknames';
  textField: 'body' | 'text';
}

/** Staff entering a student's text on the student's behalf (e.g. from a paper form). */
export interface StudentEntry {
  fromStudentId: number;
  toStudentId: number;
  text: string;
}

export type Decision = 'approved' | 'rejected';
export type BulkVars<Match> = { action: 'approve' | 'reject'; note: string; ids?: number[]; match?: Match };
type Written<Row> = { success: true; item: Row; undoToken?: number | null };

/**
 * Create, edit or decide one, delete one, decide a selection or everything that matches, undo a
 * decision. Each write refreshes every list of the kind.
 */
export function useModerationCalls<Row, Match>(kind: ModeratedKind) {
  const lists = [kind.path];
  const client = useQueryClient();
  // Refused because someone else decided or edited the row first: the list shows what they did.
  const reloadWhenStale = (body: { errors?: Record<string, string> }) => {
    if (body.errors?.version) void client.invalidateQueries({ queryKey: lists });
  };
  // An approved nickname is the student's nickname, shown in the students' lists.
  const shown: string[][] = kind.path === 'nicknames' ? [['students']] : [];
  return {
    create: useApiMutation(({ text, ...students }: StudentEntry) => api.post<Written<Row>>(kind.path, { ...students, [kind.textField]: text }), [lists]),
    update: useApiMutation(
      ({ id, text, ...decision }: { id: number; version: number; text?: string; status?: Decision; note?: string }) =>
        api.put<Written<Row>>(`${kind.path}/${id}`, { ...decision, [kind.textField]: text }, { onErrorBody: reloadWhenStale }),
      [lists, ...shown],
    ),
    remove: useApiMutation((id: number) => api.del<{ success: true }>(`${kind.path}/${id}`), [lists]),
    moderate: useApiMutation(
      (body: BulkVars<Match>) => api.post<{ success: true; count: number; undoToken: number | null }>(`${kind.path}/moderate`, body),
      [lists, ...shown],
    ),
    undo: useApiMutation((token: number) => api.post<{ success: true; count: number }>(`${kind.path}/undo`, { token }), [lists, ...shown]),
  };
}
export type ModerationCalls<Row, Match> = ReturnType<typeof useModerationCalls<Row, Match>>;

/** The schools and branches in the caller's scope, and whether messages may cross branches. */
export const useScopeChoices = () => useApiGet<{ success: true; items: ScopeChoice[]; acrossBranches: boolean }>(['message-scopes'], 'message-scopes');

/** The students of a branch or a school, to choose a writer or a receiver. */
export const useStudentOptions = (where: { branchId?: number; schoolId?: number } | null) =>
  useApiGet<{ success: true; items: Array<{ id: number; name: string; schoolNumber: string; branchId: number }> }>(
    ['message-students'],
    where ? 'message-students' : null,
    where ?? undefined,
  );

/** An id filter of the URL as the API takes it ('' → no filter). */
export const idFilter = (value: string | undefined): number | undefined => (value ? Number(value) : undefined);
