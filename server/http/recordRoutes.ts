/**
 * The read, the edit and the removal of one record, as the areas whose records are edited whole
 * declare them: GET {path} answers the record, PUT {path} saves the body (read at a version; a
 * stale one is refused with 409) and answers the record again, DELETE {path} removes it and
 * answers ok. Each finds the record the path's `:id` names through the access module (404 outside
 * the caller's scope); the edit and the removal are open to the writers alone.
 */
import type { z } from 'zod';
import type { Level } from '../../common/levels';
import { idParams } from '../../common/schemas/fields';
import { errorResponse, listResponse, okResponse, type ListQuery } from '../../common/schemas/list';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/client';
import { listAnswer } from './list';
import { scopedRecord, type Api, type routeDocs } from './types';

interface EditableRecord<Row, Body extends z.ZodType> {
  /** The record's path, ending in `/:id`. */
  path: string;
  inScope: (db: Db, caller: Caller, id: number) => Promise<Row>;
  writers: readonly Level[];
  /** The refusals both calls may answer, by status. */
  errors: Record<number, z.ZodType>;
  /** The record's answer: its schema, and what it says of a row (an edit answers the record again). */
  answer: { schema: z.ZodType; of: (row: Row) => Promise<unknown> };
  /** GET {path} answers the record, to every signed-in caller whose scope holds it. */
  read?: { summary: string };
  update: { summary: string; body: Body; save: (caller: Caller, before: Row, body: z.output<Body>) => Promise<void> };
  remove: { summary: string; remove: (caller: Caller, row: Row) => Promise<void> };
}

export function editableRecordRoutes<Row, Body extends z.ZodType>(app: Api, docs: ReturnType<typeof routeDocs>, record: EditableRecord<Row, Body>) {
  const { path, inScope, writers, errors, answer, read, update, remove } = record;

  if (read)
    app.get(path, docs(read.summary, { params: idParams, response: { 200: answer.schema, ...errors } }), async (request) => {
      const [, row] = await scopedRecord(request, inScope);
      return answer.of(row);
    });

  app.put(path, docs(update.summary, { params: idParams, body: update.body, response: { 200: answer.schema, ...errors } }, writers), async (request) => {
    const [caller, before] = await scopedRecord(request, inScope);
    // The schema has checked the body; the provider's type of a generic schema stays unresolved.
    await update.save(caller, before, request.body as z.output<Body>);
    return answer.of(before);
  });

  app.delete(path, docs(remove.summary, { params: idParams, response: { 200: okResponse, ...errors } }, writers), async (request) => {
    const [caller, row] = await scopedRecord(request, inScope);
    await remove.remove(caller, row);
    return { success: true as const };
  });
}

interface ScopedList<Row, Query extends z.ZodType<Pick<ListQuery, 'page' | 'perPage'>>, Item extends z.ZodType> {
  /** The owner's path, its `:id` the record whose list this is. */
  path: string;
  summary: string;
  inScope: (db: Db, caller: Caller, id: number) => Promise<Row>;
  query: Query;
  item: Item;
  /** The refusals the call may answer, by status. */
  errors: Record<number, z.ZodType>;
  list: (caller: Caller, row: Row, query: z.output<Query>) => Promise<{ items: z.output<Item>[]; total: number }>;
}

/**
 * A paged list of one record's own (a school's branches, an album's photos): GET {path} finds the
 * record the path's `:id` names through the access module (404 outside the caller's scope) and
 * answers one page of the list with its total.
 */
export function scopedListRoute<Row, Query extends z.ZodType<Pick<ListQuery, 'page' | 'perPage'>>, Item extends z.ZodType>(
  app: Api,
  docs: ReturnType<typeof routeDocs>,
  spec: ScopedList<Row, Query, Item>,
) {
  const { path, summary, inScope, query, item, errors, list } = spec;
  app.get(path, docs(summary, { params: idParams, querystring: query, response: { 200: listResponse(item), ...errors } }), async (request) => {
    const [caller, row] = await scopedRecord(request, inScope);
    // The schema has checked the query; the provider's type of a generic schema stays unresolved.
    const paging = request.query as z.output<Query>;
    const { items, total } = await list(caller, row, paging);
    return listAnswer(items, total, paging);
  });
}

interface RecordCall<Row, Answer extends z.ZodType, Body extends z.ZodType> {
  summary: string;
  /** The body's schema; a call with a body may answer 400. */
  body?: Body;
  answer: Answer;
  /** Refusals of this call alone, by status. */
  errors?: Record<number, z.ZodType>;
  handle: (caller: Caller, row: Row, body: z.output<Body>) => Promise<z.input<Answer>>;
}

interface RecordCallsShared {
  /** The refusals every call of the group may answer besides the 404 of a record outside the scope and a bad body's 400, by status. */
  errors?: Record<number, z.ZodType>;
  /** Who may make the group's calls (another level gets 403); every signed-in caller when none are named. */
  callers?: readonly Level[];
}

/**
 * Declares a group of calls on one record each, with what they share: a call's {method} {path}
 * finds the record the path's `:id` names by its `inScope` lookup of the access module (404
 * outside the caller's scope) and answers what `handle` makes of it and of the body (checked by
 * its schema: 400).
 */
export function recordCalls(app: Api, docs: ReturnType<typeof routeDocs>, shared: RecordCallsShared = {}) {
  return <Row, Answer extends z.ZodType, Body extends z.ZodType = z.ZodUndefined>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    inScope: (db: Db, caller: Caller, id: number) => Promise<Row>,
    call: RecordCall<Row, Answer, Body>,
  ) => {
    const { summary, body, answer, errors, handle } = call;
    const response = { 200: answer, 404: errorResponse, ...(body && { 400: errorResponse }), ...shared.errors, ...errors };
    app.route({
      method,
      url: path,
      ...docs(summary, { params: idParams, ...(body && { body }), response }, shared.callers),
      handler: async (request: FastifyRequest) => {
        // The schemas have checked the path and the body; the provider's types of generic schemas stay unresolved.
        const [caller, row] = await scopedRecord(request as FastifyRequest & { params: { id: number } }, inScope);
        return handle(caller, row, request.body as z.output<Body>);
      },
    });
  };
}
