/**
 * Calls of the moderated lists (student messages, nickname suggestions), which answer alike, and
 * the schools, branches and students the message screens offer to choose from.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

/** Staff entering a student's text on the student's behalf (e.g. from a paper form). */
export interface StudentEntry {
  fromStudentId: number;
  toStudentId: number;
  text: string;
}

export type Decision = 'approved' | 'rejected';
type BulkVars<Match> = { action: 'approve' | 'reject'; note: string; ids?: number[]; match?: Match };
export type Change = { id: number; version: number; text?: string; status?: Decision; note?: string };
type Written<Row> = { success: true; item: Row; undoToken?: number | null };
type Answer<T> = Promise<T | false>;

/**
 * The writes of a moderated kind (messages or nicknames), each over its own typed calls: create,
 * edit or decide one, delete one, decide a selection or everything that matches, undo a decision.
 */
export interface ModeratedWrites<Row, Match> {
  kind: 'messages' | 'nicknames';
  create(entry: StudentEntry): Answer<Written<Row>>;
  update(change: Change, onErrorBody: CallOptions['onErrorBody']): Answer<Written<Row>>;
  remove(id: number): Answer<{ success: true }>;
  moderate(body: BulkVars<Match>): Answer<{ success: true; count: number; undoToken: number | null }>;
  undo(token: number): Answer<{ success: true; count: number }>;
}

/** The writes as hooks for the screens. Each write refreshes every list of the kind. */
export function useModerationCalls<Row, Match>(writes: ModeratedWrites<Row, Match>) {
  const lists = keys.moderated(writes.kind);
  const client = useQueryClient();
  // Refused because someone else decided or edited the row first: the list shows what they did.
  const reloadWhenStale = (body: { errors?: Record<string, string> }) => {
    if (body.errors?.version) void client.invalidateQueries({ queryKey: lists });
  };
  // An approved nickname is the student's nickname, shown in the students' lists.
  const shown = writes.kind === 'nicknames' ? [keys.students()] : [];
  return {
    create: useApiMutation(writes.create, [lists]),
    update: useApiMutation((change: Change) => writes.update(change, reloadWhenStale), [lists, ...shown]),
    remove: useApiMutation(writes.remove, [lists]),
    moderate: useApiMutation(writes.moderate, [lists, ...shown]),
    undo: useApiMutation(writes.undo, [lists, ...shown]),
  };
}
export type ModerationCalls<Row, Match> = ReturnType<typeof useModerationCalls<Row, Match>>;

/** The schools and branches in the caller's scope, and whether messages may cross branches. */
export const useScopeChoices = () => useApiGet(keys.messageScopes(), 'GET message-scopes', {});

/** The students of a branch or a school, to choose a writer or a receiver (or, searched by `q`, the first `limit` whose name or number matches). */
export const useStudentOptions = (where: { branchId?: number; schoolId?: number; q?: string; limit?: number } | null, keepPrevious = false) =>
  useApiGet(keys.messageStudents(), 'GET message-students', where ? { query: where } : null, { keepPrevious });

/** An id filter of the URL as the API takes it ('' → no filter). */
export const idFilter = (value: string | undefined): number | undefined => (value ? Number(value) : undefined);
