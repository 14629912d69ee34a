/**
 * Every call the web makes, typed by the same zod schemas the server routes declare: a call is
 * named "METHOD path" (":name" marks a path value), and names its body, its query and its answer.
 * A changed schema in common/schemas changes these types, so the web's typecheck notices it.
 * Only types are imported: the schemas themselves stay out of the browser's bundle.
 */
import type { z } from 'zod';
import type { ApiClient, CallOptions } from './client';
import type * as auth from '../../common/schemas/auth';
import type * as dashboard from '../../common/schemas/dashboard';
import type * as design from '../../common/schemas/design';
import type * as list from '../../common/schemas/list';
import type * as messages from '../../common/schemas/messages';
import type * as notification from '../../common/schemas/notification';
import type * as organisation from '../../common/schemas/organisation';
import type * as student from '../../common/schemas/student';
import type * as students from '../../common/schemas/students';
import type * as studio from '../../common/schemas/studio';
import type * as yearbook from '../../common/schemas/yearbook';

/** What a call sends and answers. An upload's body is the FormData it sends. */
export interface CallType {
  query?: unknown;
  body?: unknown;
  response: unknown;
}

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
type Ok = Out<typeof list.okResponse>;
type List<S extends z.ZodType> = Out<ReturnType<typeof list.listResponse<S>>>;
/** The answer of a write or a read of one record: `{ success, item }`, as the routes wrap it. */
type Item<S extends z.ZodType> = { success: true; item: Out<S> };
/** A moderated record's write answers the record and, for a decision, the token that undoes it. */
type Moderated<S extends z.ZodType> = Item<S> & { undoToken?: number | null };
/** A list screen's query: the URL's page, sort, search and filters, checked by the route's schema. */
type ListQuery = Record<string, string | number | undefined>;

/** The calls of the staff levels (panel, school, branch), under /api/{level}/. */
export interface StaffCalls {
  'GET user': { response: Out<typeof auth.userResponse> };
  'POST login': { body: In<typeof auth.loginBody>; response: Out<typeof auth.loginResponse> };
  'POST logout': { response: Ok };
  'GET branding': { response: Out<typeof studio.brandingResponse> };
  'GET sessions': { response: Out<typeof auth.sessionsResponse> };
  'DELETE sessions/:id': { response: Ok };
  'POST password': { body: In<typeof auth.changePasswordBody>; response: Ok };
  'GET statistics': { response: { success: true; statistics: Out<typeof auth.statistics>; dashboard: Out<typeof dashboard.dashboard> } };
  'GET audit': { query: In<typeof organisation.auditListQuery>; response: List<typeof organisation.auditEntry> };

  'GET studio': { response: { success: true; studio: Out<typeof auth.studioInfo> } };
  'PUT studio': { body: In<typeof studio.studioUpdateBody>; response: { success: true; studio: Out<typeof auth.studioInfo> } };
  'POST studio/logo': { body: FormData; response: { success: true; studio: Out<typeof auth.studioInfo> } };

  'GET schools': { query: ListQuery; response: List<typeof organisation.school> };
  'POST schools': { body: In<typeof organisation.schoolBody>; response: Item<typeof organisation.school> };
  'GET schools/:id': { response: Item<typeof organisation.school> };
  'PUT schools/:id': { body: In<typeof organisation.schoolUpdateBody>; response: Item<typeof organisation.school> };
  'DELETE schools/:id': { response: Ok };

  'GET schools/:id/branches': { query: ListQuery; response: List<typeof organisation.branch> };
  'POST schools/:id/branches': { body: In<typeof organisation.branchBody>; response: Item<typeof organisation.branch> };
  'POST schools/:id/branches/range': { body: In<typeof organisation.branchRangeBody>; response: Out<typeof organisation.branchRangeResponse> };
  'GET branches/:id': { response: Item<typeof organisation.branch> };
  'PUT branches/:id': { body: In<typeof organisation.branchUpdateBody>; response: Item<typeof organisation.branch> };
  'DELETE branches/:id': { response: Ok };

  'GET schools/:id/managers': { query: ListQuery; response: List<typeof organisation.manager> };
  'POST schools/:id/managers': { body: In<typeof organisation.managerCreateBody>; response: Out<typeof organisation.managerSaved> };
  'PUT school-managers/:id': { body: In<typeof organisation.managerUpdateBody>; response: Out<typeof organisation.managerSaved> };
  'DELETE school-managers/:id': { response: Ok };
  'GET branches/:id/managers': { query: ListQuery; response: List<typeof organisation.manager> };
  'POST branches/:id/managers': { body: In<typeof organisation.managerCreateBody>; response: Out<typeof organisation.managerSaved> };
  'PUT branch-managers/:id': { body: In<typeof organisation.managerUpdateBody>; response: Out<typeof organisation.managerSaved> };
  'DELETE branch-managers/:id': { response: Ok };

  'GET branches/:id/students': { query: ListQuery; response: List<typeof students.studentItem> };
  'POST branches/:id/students': { body: In<typeof students.studentBody>; response: Item<typeof students.studentItem> };
  'GET students/:id': { response: Item<typeof students.studentItem> };
  'PUT students/:id': { body: In<typeof students.studentUpdateBody>; response: Item<typeof students.studentItem> };
  'DELETE students/:id': { response: Ok };
  'POST students/:id/move': { body: In<typeof students.moveBody>; response: Item<typeof students.studentItem> };
  'GET branches/:id/siblings': {
    response: { success: true; schoolId: number; branchName: string; items: Array<Pick<Out<typeof organisation.branch>, 'id' | 'name'>> };
  };
  'POST branches/:id/students/consent': { body: In<typeof students.bulkConsentBody>; response: Out<typeof students.bulkResponse> };
  'POST branches/:id/students/move': { body: In<typeof students.bulkMoveBody>; response: Out<typeof students.bulkResponse> };
  'POST branches/:id/students/delete': { body: In<typeof students.bulkStudentsBody>; response: Out<typeof students.bulkResponse> };
  'POST schools/:id/students/import/preview': { body: FormData; response: Out<typeof students.importPreview> };
  'POST schools/:id/students/import': { body: FormData; response: Out<typeof students.importResult> };
  'POST branches/:id/students/import/preview': { body: FormData; response: Out<typeof students.importPreview> };
  'POST branches/:id/students/import': { body: FormData; response: Out<typeof students.importResult> };

  'GET students/:id/photos': { response: { success: true; items: Out<typeof students.photoItem>[] } };
  'POST students/:id/photos': { body: FormData; response: { success: true; items: Out<typeof students.photoItem>[] } };
  'PUT photos/:id/portrait': { response: Ok };
  'DELETE photos/:id': { response: Ok };
  'POST branches/:id/photos/bulk': { body: FormData; response: Out<typeof students.bulkPhotoResult> };
  'POST schools/:id/photos/bulk': { body: FormData; response: Out<typeof students.bulkPhotoResult> };

  'POST branches/:id/access-codes': { body: In<typeof student.cardsBody>; response: Out<typeof student.branchCodesResponse> };
  'POST students/:id/access-code': { response: Out<typeof student.accessCodeResponse> };
  'POST students/:id/quote': { body: In<typeof student.quoteDecisionBody>; response: Ok };
  'GET branches/:id/remind-unwritten': { response: Out<typeof student.reminderPreview> & { success: true } };
  'POST branches/:id/remind-unwritten': { response: Out<typeof student.remindResponse> };

  'GET schools/:id/messages': { query: ListQuery; response: List<typeof messages.message> };
  'POST schools/:id/messages': { body: In<typeof messages.staffMessageBody>; response: Moderated<typeof messages.message> };
  'GET branches/:id/messages': { query: ListQuery; response: List<typeof messages.message> };
  'POST branches/:id/messages': { body: In<typeof messages.staffMessageBody>; response: Moderated<typeof messages.message> };
  'GET messages/:type/:id': { query: ListQuery; response: List<typeof messages.message> };
  'GET message-from': { query: ListQuery; response: List<typeof messages.studentCount> };
  'GET message-to': { query: ListQuery; response: List<typeof messages.studentCount> };
  'POST messages': { body: In<typeof messages.studentMessageBody>; response: Moderated<typeof messages.message> };
  'PUT messages/:id': { body: In<typeof messages.messageUpdate>; response: Moderated<typeof messages.message> };
  'DELETE messages/:id': { response: Ok };
  'POST messages/moderate': { body: In<typeof messages.bulkModeration>; response: Out<typeof messages.moderationAnswer> };
  'POST messages/undo': { body: In<typeof messages.undoBody>; response: { success: true; count: number } };
  'GET message-scopes': { response: { success: true; items: Out<typeof messages.scopeChoice>[]; acrossBranches: boolean } };
  'GET message-students': { query: { branchId?: number; schoolId?: number }; response: { success: true; items: Out<typeof messages.studentOption>[] } };

  'GET nicknames': { query: ListQuery; response: List<typeof messages.nickname> };
  'POST nicknames': { body: In<typeof messages.nicknameBody>; response: Moderated<typeof messages.nickname> };
  'PUT nicknames/:id': { body: In<typeof messages.nicknameUpdate>; response: Moderated<typeof messages.nickname> };
  'DELETE nicknames/:id': { response: Ok };
  'POST nicknames/moderate': { body: In<typeof messages.nicknameBulk>; response: Out<typeof messages.moderationAnswer> };
  'POST nicknames/undo': { body: In<typeof messages.undoBody>; response: { success: true; count: number } };

  'GET notifications': { query: ListQuery; response: List<typeof notification.notificationItem> };
  'GET notifications/targets': { query: In<typeof notification.targetsQuery>; response: Out<typeof notification.targetsResponse> };
  'POST notifications': { body: In<typeof notification.notificationBody>; response: Item<typeof notification.notificationItem> };
  'GET notifications/:id': { response: Item<typeof notification.notificationItem> };
  'PUT notifications/:id': { body: In<typeof notification.notificationUpdateBody>; response: Item<typeof notification.notificationItem> };
  'POST notifications/:id/send': { body: Record<string, never>; response: Item<typeof notification.notificationItem> };
  'DELETE notifications/:id': { response: Ok };

  'GET design': { query: In<typeof design.designQuery>; response: Out<typeof design.designResponse> };
  'PUT design': { body: In<typeof design.designPutBody>; response: Out<typeof design.designResponse> };
  'DELETE design': { query: { schoolId: number }; response: Out<typeof design.designResponse> };
  'GET design/preview': { query: In<typeof design.designQuery>; response: { success: true; student: Out<typeof design.previewStudent> | null } };
  'POST design/cover': { query: In<typeof design.designQuery>; body: FormData; response: Out<typeof design.designResponse> };

  'GET schools/:id/yearbook': { response: Out<typeof yearbook.yearbookState> };
  'POST schools/:id/yearbook': { response: Out<typeof yearbook.jobResponse> };
  'POST branches/:id/yearbook': { response: Out<typeof yearbook.jobResponse> };
  'POST yearbook-jobs/:id/cancel': { response: Out<typeof yearbook.jobResponse> };
  'POST branches/:id/yearbook/approval': { body: In<typeof yearbook.approvalBody>; response: Ok };
  'DELETE branches/:id/yearbook/approval': { response: Ok };
  'PUT schools/:id/yearbook/final': { body: { final: boolean }; response: Ok };
}

/** The calls of the student portal, under /api/student/. */
export interface StudentCalls {
  'GET user': { response: Out<typeof student.studentUserResponse> };
  'POST login': { body: In<typeof student.studentLoginBody>; response: Out<typeof auth.loginResponse> };
  'POST logout': { response: Ok };
  'GET classmates': { response: Out<typeof student.classmatesResponse> };
  'GET profile': { response: Out<typeof student.profileResponse> };
  'GET notifications': { response: Out<typeof student.studentNotificationsResponse> };
  'POST messages': { body: In<typeof student.studentMessageInput>; response: Out<typeof student.messageResponse> };
  'PUT messages/:id': { body: In<typeof student.studentMessageEdit>; response: Out<typeof student.messageResponse> };
  'DELETE messages/:id': { response: Ok };
  'POST nicknames': { body: In<typeof student.studentNicknameInput>; response: Out<typeof student.nicknameResponse> };
  'PUT nicknames/:id': { body: In<typeof student.studentNicknameEdit>; response: Out<typeof student.nicknameResponse> };
  'PUT quote': { body: In<typeof student.quoteInput>; response: Ok };
  'PUT portrait': { body: In<typeof student.portraitInput>; response: Ok };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type PathOf<K extends string> = K extends `${string} ${infer Path}` ? Path : never;
type MethodOf<K extends string> = K extends `${infer Method} ${string}` ? Method : never;

/** What a call takes: its path values, its query and its body, each only where the call has them. */
export type CallArgs<T extends CallType, K extends string> = ([ParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<PathOf<K>>, number | string> }) &
  (T extends { query: infer Query } ? { query?: Query } : { query?: never }) &
  (T extends { body: infer Body } ? { body: Body } : { body?: never });

/** The client's own options of a call, apart from what it sends. */
type CallExtras = Pick<CallOptions, 'quiet' | 'signal' | 'keepalive' | 'level' | 'onErrorBody'>;
type ArgList<A> = object extends A ? [args?: A & CallExtras] : [args: A & CallExtras];

/** The path of a call with its values put in. */
export function pathOf(key: string, params: Record<string, number | string> = {}): string {
  return key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * The typed face of an api client: `call('GET schools/:id', { params: { id } })` answers the
 * route's answer, or false when it failed (the client has toasted that already).
 */
export function typedCalls<Table extends { [K in keyof Table]: CallType }>(client: ApiClient) {
  function call<K extends keyof Table & string>(key: K, ...[args]: ArgList<CallArgs<Table[K], K>>): Promise<Table[K]['response'] | false> {
    const { params, query, body, ...extras } = (args ?? {}) as { params?: Record<string, number | string>; query?: CallOptions['query']; body?: unknown };
    const method = key.slice(0, key.indexOf(' ')) as MethodOf<K> & CallOptions['method'];
    const formData = body instanceof FormData;
    return client.call<Table[K]['response']>(pathOf(key, params), { ...extras, method, query, body, formData });
  }
  /** An upload that shows its progress (see the client's `uploadWithProgress`). */
  function upload<K extends keyof Table & string>(
    key: K,
    params: CallArgs<Table[K], K>['params'],
    form: FormData,
    onProgress: (fraction: number) => void,
    options?: Parameters<ApiClient['uploadWithProgress']>[3],
  ): Promise<Table[K]['response'] | false> {
    return client.uploadWithProgress<Table[K]['response']>(pathOf(key, params ?? {}), form, onProgress, options);
  }
  return { call, upload };
}
