/**
 * The staff calls every moderated record (a student's message to a classmate, a nickname
 * suggestion) answers under its path: one entered on a student's behalf, one edited, approved or
 * rejected (with the token that undoes the decision), one deleted, a selection or a list's matches
 * decided at once, and the last decision undone. Each kind hands in its own schemas and writes.
 */
import type { FastifyTypeProviderDefault } from 'fastify';
import { z } from 'zod';
import { id } from '../../../common/schemas/fields';
import { okResponse } from '../../../common/schemas/list';
import { countAnswer, moderatedAnswer } from '../../../common/schemas/answers';
import { moderationAnswer, undoBody } from '../../../common/schemas/messages';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { callerOf, scopedRecord, type Api, type routeDocs } from '../../http/types';
import { studentPair } from './queries';

// Not strict: the path's {level} is a parameter too.
const idParams = z.object({ id });

type Write<Input, Result> = (db: Db, caller: Caller, input: Input) => Promise<Result>;
type Pair = Awaited<ReturnType<typeof studentPair>>;

/** A kind of moderated record: its path, texts, schemas (each for the type it checks) and writes. */
export interface ModeratedKind<Row, Item, Entry extends { fromStudentId: number; toStudentId: number }, Update, Bulk> {
  path: string;
  docs: ReturnType<typeof routeDocs>;
  /** The record as the API answers it, read by id in the caller's scope. */
  item: z.ZodType<Item>;
  byId: Write<number, Item>;
  /** The row behind an id, in the caller's scope (404 outside it). */
  inScope: Write<number, Row>;
  summaries: { entry: string; update: string; remove: string; moderate: string };
  /** An entry for a student: who writes to whom and the text; the refusal when both are the same student. */
  entry: { body: z.ZodType<Entry>; sameStudent: string; write: (db: Db, caller: Caller, pair: Pair, input: Entry) => Promise<{ id: number }> };
  /** An edit and/or a decision on one record; answers the token that undoes a decision. */
  update: { body: z.ZodType<Update>; write: (db: Db, caller: Caller, before: Row, input: Update) => Promise<number | null> };
  remove: (db: Db, caller: Caller, before: Row) => Promise<void>;
  moderate: { body: z.ZodType<Bulk>; write: Write<Bulk, { count: number; undoToken: number | null }> };
  undo: Write<number, number>;
}

export function moderatedRoutes<Row, Item, Entry extends { fromStudentId: number; toStudentId: number }, Update, Bulk>(
  app: Api,
  kind: ModeratedKind<Row, Item, Entry, Update, Bulk>,
) {
  const { path, docs, summaries } = kind;
  const one = moderatedAnswer(kind.item);
  // The zod provider cannot resolve schemas whose types are type parameters, so the bodies are
  // read as the types the kind's schemas check (every request is still checked by them).
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  type ById = { Params: { id: number } };

  routes.post(path, docs(summaries.entry, { body: kind.entry.body, response: { 200: one } }), async (request) => {
    const caller = callerOf(request);
    const input = request.body as Entry;
    const pair = await studentPair(app.db, caller, input.fromStudentId, input.toStudentId, app.config.messagesAcrossBranches, kind.entry.sameStudent);
    const { id } = await kind.entry.write(app.db, caller, pair, input);
    return { success: true as const, item: await kind.byId(app.db, caller, id) };
  });
  routes.put<ById>(`${path}/:id`, docs(summaries.update, { params: idParams, body: kind.update.body, response: { 200: one } }), async (request) => {
    const [caller, before] = await scopedRecord(request, kind.inScope);
    const undoToken = await kind.update.write(app.db, caller, before, request.body as Update);
    return { success: true as const, item: await kind.byId(app.db, caller, request.params.id), undoToken };
  });
  routes.delete<ById>(`${path}/:id`, docs(summaries.remove, { params: idParams, response: { 200: okResponse } }), async (request) => {
    const [caller, before] = await scopedRecord(request, kind.inScope);
    await kind.remove(app.db, caller, before);
    return { success: true as const };
  });
  routes.post(`${path}/moderate`, docs(summaries.moderate, { body: kind.moderate.body, response: { 200: moderationAnswer } }), async (request) => ({
    success: true as const,
    ...(await kind.moderate.write(app.db, callerOf(request), request.body as Bulk)),
  }));
  app.post(`${path}/undo`, docs('Son onay / ret işlemini geri al', { body: undoBody, response: { 200: countAnswer } }), async (request) => ({
    success: true as const,
    count: await kind.undo(app.db, callerOf(request), request.body.token),
  }));
}
