/**
 * Every call the web makes, typed by the same zod schemas the server routes declare: a call is
 * named "METHOD path" (":name" marks a path value), and names its body, its query and its answer.
 * A changed schema in common/schemas changes these types, so the web's typecheck notices it.
 * Only types are imported: the schemas themselves stay out of the browser's bundle.
 */
import type { z } from 'zod';
import type { ApiClient, CallOptions } from './client';
import type * as albumSchemas from '../../common/schemas/albums';
import type { countAnswer, itemAnswer, itemsAnswer, moderatedAnswer } from '../../common/schemas/answers';
import type { changePasswordBody, loginBody, loginResponse, sessionsResponse, userResponse } from '../../common/schemas/auth';
import type { statisticsAnswer } from '../../common/schemas/dashboard';
import type { digitalEditionState, digitalYearbookResponse } from '../../common/schemas/digitalYearbook';
import type { consentListAnswer, paperConsentBody, scanAnswer, studentConsentsAnswer } from '../../common/schemas/consentStaff';
import type { albumFacesAnswer, bulkFaceBody, faceAnswer, faceDecisionBody } from '../../common/schemas/faces';
import type { designPutBody, designQuery, designResponse, previewStudent } from '../../common/schemas/design';
import type { erasureAnswer } from '../../common/schemas/kvkk';
import type * as eventPageSchemas from '../../common/schemas/eventPages';
import type { listResponse, okResponse } from '../../common/schemas/list';
import type {
  bulkModeration,
  message,
  messageUpdate,
  moderationAnswer,
  nickname,
  nicknameBody,
  nicknameBulk,
  nicknameUpdate,
  scopeChoicesAnswer,
  staffMessageBody,
  studentCount,
  studentMessageBody,
  studentOption,
  undoBody,
} from '../../common/schemas/messages';
import type { notificationBody, notificationItem, notificationUpdateBody, targetsQuery, targetsResponse } from '../../common/schemas/notification';
import type {
  auditEntry,
  auditListQuery,
  branch,
  branchBody,
  branchRangeBody,
  branchRangeResponse,
  branchUpdateBody,
  manager,
  managerCreateBody,
  managerSaved,
  managerUpdateBody,
  school,
  schoolBody,
  schoolUpdateBody,
} from '../../common/schemas/organisation';
import type {
  accessCodeResponse,
  branchCodesResponse,
  cardsBody,
  classmatesResponse,
  messageResponse,
  nicknameResponse,
  portraitInput,
  profileResponse,
  quoteDecisionBody,
  quoteInput,
  reminderAnswer,
  remindResponse,
  studentLoginBody,
  studentMessageEdit,
  studentMessageInput,
  studentNicknameEdit,
  studentNicknameInput,
  studentNotificationsResponse,
  studentUserResponse,
} from '../../common/schemas/student';
import type {
  bulkMoveBody,
  bulkPhotoResult,
  bulkResponse,
  bulkStudentsBody,
  importPreview,
  importResult,
  moveBody,
  photoItem,
  siblingsAnswer,
  studentBody,
  studentItem,
  studentUpdateBody,
} from '../../common/schemas/students';
import type { brandingResponse, studioAnswer, studioUpdateBody } from '../../common/schemas/studio';
import type {
  consentTextBody,
  consentTextResponse,
  consentTextsResponse,
  parentConsentBody,
  parentConsentResponse,
  parentConsentsResponse,
  parentLoginBody,
} from '../../common/schemas/parent';
import type { approvalBody, finalBody, jobResponse, yearbookState } from '../../common/schemas/yearbook';

/** What a call sends and answers. An upload's body is the FormData it sends. */
export interface CallType {
  query?: unknown;
  body?: unknown;
  response: unknown;
}

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
type Ok = Out<typeof okResponse>;
type List<S extends z.ZodType> = Out<ReturnType<typeof listResponse<S>>>;
// The routes' answer wrappers (common/schemas/answers.ts), applied to a record's schema.
type Item<S extends z.ZodType> = Out<ReturnType<typeof itemAnswer<S>>>;
type Items<S extends z.ZodType> = Out<ReturnType<typeof itemsAnswer<S>>>;
type Moderated<S extends z.ZodType> = Out<ReturnType<typeof moderatedAnswer<S>>>;
type Count = Out<typeof countAnswer>;
/** A list screen's query: the URL's page, sort, search and filters, checked by the route's schema. */
type ListQuery = Record<string, string | number | undefined>;

/** One record's read, edit and delete at `{path}/:id`, as the server's routes on one record answer them. */
type RecordCalls<Path extends string, Record extends z.ZodType, Update extends z.ZodType> = { [K in `GET ${Path}/:id`]: { response: Item<Record> } } & {
  [K in `PUT ${Path}/:id`]: { body: In<Update>; response: Item<Record> };
} & { [K in `DELETE ${Path}/:id`]: { response: Ok } };

/**
 * A moderated record's staff calls (server/areas/messages/moderatedRoutes.ts): an entry for a
 * student, an edit or decision with its undo token, a delete, a bulk decision and its undo.
 */
type ModeratedCalls<Path extends string, Record extends z.ZodType, Entry extends z.ZodType, Update extends z.ZodType, Bulk extends z.ZodType> = {
  [K in `POST ${Path}`]: { body: In<Entry>; response: Moderated<Record> };
} & { [K in `PUT ${Path}/:id`]: { body: In<Update>; response: Moderated<Record> } } & { [K in `DELETE ${Path}/:id`]: { response: Ok } } & {
  [K in `POST ${Path}/moderate`]: { body: In<Bulk>; response: Out<typeof moderationAnswer> };
} & { [K in `POST ${Path}/undo`]: { body: In<typeof undoBody>; response: Count } };

/** The calls of the staff levels (panel, school, branch), under /api/{level}/. */
export interface StaffCalls
  extends
    RecordCalls<'schools', typeof school, typeof schoolUpdateBody>,
    RecordCalls<'branches', typeof branch, typeof branchUpdateBody>,
    RecordCalls<'students', typeof studentItem, typeof studentUpdateBody>,
    RecordCalls<'notifications', typeof notificationItem, typeof notificationUpdateBody>,
    RecordCalls<'albums', typeof albumSchemas.album, typeof albumSchemas.albumUpdateBody>,
    ModeratedCalls<'messages', typeof message, typeof studentMessageBody, typeof messageUpdate, typeof bulkModeration>,
    ModeratedCalls<'nicknames', typeof nickname, typeof nicknameBody, typeof nicknameUpdate, typeof nicknameBulk> {
  'GET user': { response: Out<typeof userResponse> };
  'POST login': { body: In<typeof loginBody>; response: Out<typeof loginResponse> };
  'POST logout': { response: Ok };
  'GET branding': { response: Out<typeof brandingResponse> };
  'GET sessions': { response: Out<typeof sessionsResponse> };
  'DELETE sessions/:id': { response: Ok };
  'POST password': { body: In<typeof changePasswordBody>; response: Ok };
  'GET statistics': { response: Out<typeof statisticsAnswer> };
  'GET audit': { query: In<typeof auditListQuery>; response: List<typeof auditEntry> };

  'GET studio': { response: Out<typeof studioAnswer> };
  'PUT studio': { body: In<typeof studioUpdateBody>; response: Out<typeof studioAnswer> };
  'POST studio/logo': { body: FormData; response: Out<typeof studioAnswer> };

  'GET schools': { query: ListQuery; response: List<typeof school> };
  'POST schools': { body: In<typeof schoolBody>; response: Item<typeof school> };

  'GET schools/:id/branches': { query: ListQuery; response: List<typeof branch> };
  'POST schools/:id/branches': { body: In<typeof branchBody>; response: Item<typeof branch> };
  'POST schools/:id/branches/range': { body: In<typeof branchRangeBody>; response: Out<typeof branchRangeResponse> };

  'GET schools/:id/managers': { query: ListQuery; response: List<typeof manager> };
  'POST schools/:id/managers': { body: In<typeof managerCreateBody>; response: Out<typeof managerSaved> };
  'PUT school-managers/:id': { body: In<typeof managerUpdateBody>; response: Out<typeof managerSaved> };
  'DELETE school-managers/:id': { response: Ok };
  'GET branches/:id/managers': { query: ListQuery; response: List<typeof manager> };
  'POST branches/:id/managers': { body: In<typeof managerCreateBody>; response: Out<typeof managerSaved> };
  'PUT branch-managers/:id': { body: In<typeof managerUpdateBody>; response: Out<typeof managerSaved> };
  'DELETE branch-managers/:id': { response: Ok };

  'GET branches/:id/students': { query: ListQuery; response: List<typeof studentItem> };
  'POST branches/:id/students': { body: In<typeof studentBody>; response: Item<typeof studentItem> };
  'POST students/:id/move': { body: In<typeof moveBody>; response: Item<typeof studentItem> };
  'POST students/:id/erase': { response: Out<typeof erasureAnswer> };
  'GET branches/:id/siblings': { response: Out<typeof siblingsAnswer> };
  'POST branches/:id/students/move': { body: In<typeof bulkMoveBody>; response: Out<typeof bulkResponse> };
  'POST branches/:id/students/delete': { body: In<typeof bulkStudentsBody>; response: Out<typeof bulkResponse> };
  'POST schools/:id/students/import/preview': { body: FormData; response: Out<typeof importPreview> };
  'POST schools/:id/students/import': { body: FormData; response: Out<typeof importResult> };
  'POST branches/:id/students/import/preview': { body: FormData; response: Out<typeof importPreview> };
  'POST branches/:id/students/import': { body: FormData; response: Out<typeof importResult> };

  'GET schools/:id/albums': { query: ListQuery; response: List<typeof albumSchemas.album> };
  'POST schools/:id/albums': { body: In<typeof albumSchemas.albumBody> & { branchId?: number | null }; response: Item<typeof albumSchemas.album> };
  'GET branches/:id/albums': { query: ListQuery; response: List<typeof albumSchemas.album> };
  'POST branches/:id/albums': { body: In<typeof albumSchemas.albumBody>; response: Item<typeof albumSchemas.album> };
  'GET albums/:id/photos': { query: ListQuery; response: List<typeof albumSchemas.albumPhoto> };
  'POST albums/:id/photos': { body: FormData; response: Items<typeof albumSchemas.albumPhoto> };
  'GET albums/:id/students': { response: Out<typeof albumSchemas.albumStudents> };
  'POST albums/:id/photos/decide': { body: In<typeof albumSchemas.photoDecisionBody>; response: Count };
  'POST albums/:id/photos/delete': { body: In<typeof albumSchemas.photoIdsBody>; response: Count };
  'PUT album-photos/:id': { body: In<typeof albumSchemas.captionBody>; response: Item<typeof albumSchemas.albumPhoto> };
  'GET albums/:id/upload-links': { response: Items<typeof albumSchemas.uploadLink> };
  'POST albums/:id/upload-links': { body: In<typeof albumSchemas.uploadLinkBody>; response: Out<typeof albumSchemas.uploadLinkCreated> };
  'POST upload-links/:id/revoke': { body: Record<string, never>; response: Item<typeof albumSchemas.uploadLink> };
  'GET album-upload/:token': { response: Out<typeof albumSchemas.publicLinkAnswer> };
  'POST album-upload/:token/photos': { body: FormData; response: Count };

  'GET students/:id/photos': { response: Items<typeof photoItem> };
  'POST students/:id/photos': { body: FormData; response: Items<typeof photoItem> };
  'PUT photos/:id/portrait': { response: Ok };
  'DELETE photos/:id': { response: Ok };
  'POST branches/:id/photos/bulk': { body: FormData; response: Out<typeof bulkPhotoResult> };
  'POST schools/:id/photos/bulk': { body: FormData; response: Out<typeof bulkPhotoResult> };

  'POST branches/:id/access-codes': { body: In<typeof cardsBody>; response: Out<typeof branchCodesResponse> };
  'POST students/:id/access-code': { response: Out<typeof accessCodeResponse> };
  'POST students/:id/parent-code': { response: Out<typeof accessCodeResponse> };
  'GET consent-texts': { response: Out<typeof consentTextsResponse> };
  'PUT consent-texts/:purpose': { body: In<typeof consentTextBody>; response: Out<typeof consentTextResponse> };
  'POST students/:id/quote': { body: In<typeof quoteDecisionBody>; response: Ok };
  'GET branches/:id/remind-unwritten': { response: Out<typeof reminderAnswer> };
  'POST branches/:id/remind-unwritten': { response: Out<typeof remindResponse> };
  'GET branches/:id/remind-consent': { response: Out<typeof reminderAnswer> };
  'POST branches/:id/remind-consent': { response: Out<typeof remindResponse> };
  'GET branches/:id/consent-list': { response: Out<typeof consentListAnswer> };
  'GET students/:id/consents': { response: Out<typeof studentConsentsAnswer> };
  'POST students/:id/consents': { body: In<typeof paperConsentBody>; response: Out<typeof studentConsentsAnswer> };
  'POST students/:id/consent-scans': { body: FormData; response: Out<typeof scanAnswer> };

  'GET schools/:id/messages': { query: ListQuery; response: List<typeof message> };
  'POST schools/:id/messages': { body: In<typeof staffMessageBody>; response: Moderated<typeof message> };
  'GET branches/:id/messages': { query: ListQuery; response: List<typeof message> };
  'POST branches/:id/messages': { body: In<typeof staffMessageBody>; response: Moderated<typeof message> };
  'GET messages/:type/:id': { query: ListQuery; response: List<typeof message> };
  'GET message-from': { query: ListQuery; response: List<typeof studentCount> };
  'GET message-to': { query: ListQuery; response: List<typeof studentCount> };
  'GET message-scopes': { response: Out<typeof scopeChoicesAnswer> };
  'GET message-students': { query: { branchId?: number; schoolId?: number; q?: string; limit?: number }; response: Items<typeof studentOption> };

  'GET albums/:id/faces': { response: Out<typeof albumFacesAnswer> };
  'PUT faces/:id': { body: In<typeof faceDecisionBody>; response: Out<typeof faceAnswer> };
  'POST albums/:id/faces/bulk': { body: In<typeof bulkFaceBody>; response: Out<typeof countAnswer> };
  'POST albums/:id/faces/scan': { response: Out<typeof countAnswer> };

  'GET nicknames': { query: ListQuery; response: List<typeof nickname> };

  'GET notifications': { query: ListQuery; response: List<typeof notificationItem> };
  'GET notifications/targets': { query: In<typeof targetsQuery>; response: Out<typeof targetsResponse> };
  'POST notifications': { body: In<typeof notificationBody>; response: Item<typeof notificationItem> };
  'POST notifications/:id/send': { body: Record<string, never>; response: Item<typeof notificationItem> };

  'GET design': { query: In<typeof designQuery>; response: Out<typeof designResponse> };
  'PUT design': { body: In<typeof designPutBody>; response: Out<typeof designResponse> };
  'DELETE design': { query: { schoolId: number }; response: Out<typeof designResponse> };
  'GET design/preview': { query: In<typeof designQuery>; response: { success: true; student: Out<typeof previewStudent> | null } };
  'POST design/cover': { query: In<typeof designQuery>; body: FormData; response: Out<typeof designResponse> };
  'POST design/print-profile': { body: FormData; response: Out<typeof designResponse> };

  'GET schools/:id/yearbook': { response: Out<typeof yearbookState> };
  'POST schools/:id/yearbook': { response: Out<typeof jobResponse> };
  'POST branches/:id/yearbook': { response: Out<typeof jobResponse> };
  'POST yearbook-jobs/:id/cancel': { response: Out<typeof jobResponse> };
  'POST branches/:id/yearbook/approval': { body: In<typeof approvalBody>; response: Ok };
  'DELETE branches/:id/yearbook/approval': { response: Ok };
  'PUT schools/:id/yearbook/final': { body: In<typeof finalBody>; response: Ok };
  'GET schools/:id/digital-yearbook': { response: Out<typeof digitalEditionState> };
  'POST schools/:id/digital-yearbook': { response: Out<typeof jobResponse> };

  'GET coverage': { response: Out<typeof eventPageSchemas.coverageSummaryAnswer> };
  'GET branches/:id/coverage': { response: Out<typeof eventPageSchemas.coverageAnswer> };
  'GET schools/:id/coverage': { response: Out<typeof eventPageSchemas.coverageAnswer> };
  'GET event-pages': { response: Out<typeof eventPageSchemas.eventAlbumsAnswer> };
  'GET albums/:id/pages': { response: Out<typeof eventPageSchemas.eventPagesAnswer> };
  'POST albums/:id/pages': { body: In<typeof eventPageSchemas.eventPageBody>; response: Out<typeof eventPageSchemas.eventPageAnswer> };
  'PUT albums/:id/pages/order': { body: In<typeof eventPageSchemas.eventPageOrderBody>; response: Out<typeof eventPageSchemas.eventPagesAnswer> };
  'PUT album-pages/:id': { body: In<typeof eventPageSchemas.eventPageUpdateBody>; response: Out<typeof eventPageSchemas.eventPageAnswer> };
  'DELETE album-pages/:id': { response: Ok };
}

/** The calls of the student portal, under /api/student/. */
export interface StudentCalls {
  'GET user': { response: Out<typeof studentUserResponse> };
  'POST login': { body: In<typeof studentLoginBody>; response: Out<typeof loginResponse> };
  'POST logout': { response: Ok };
  'GET classmates': { response: Out<typeof classmatesResponse> };
  'GET profile': { response: Out<typeof profileResponse> };
  'GET notifications': { response: Out<typeof studentNotificationsResponse> };
  'POST messages': { body: In<typeof studentMessageInput>; response: Out<typeof messageResponse> };
  'PUT messages/:id': { body: In<typeof studentMessageEdit>; response: Out<typeof messageResponse> };
  'DELETE messages/:id': { response: Ok };
  'POST nicknames': { body: In<typeof studentNicknameInput>; response: Out<typeof nicknameResponse> };
  'PUT nicknames/:id': { body: In<typeof studentNicknameEdit>; response: Out<typeof nicknameResponse> };
  'PUT quote': { body: In<typeof quoteInput>; response: Ok };
  'PUT portrait': { body: In<typeof portraitInput>; response: Ok };
  'GET digital-yearbook': { response: Out<typeof digitalYearbookResponse> };
  'GET event-photos': { query: In<typeof eventPageSchemas.myEventPhotosQuery>; response: Out<typeof eventPageSchemas.myEventPhotosAnswer> };
}

/** The parents' calls, under /api/veli/. */
export interface ParentCalls {
  'POST login': { body: In<typeof parentLoginBody>; response: Out<typeof loginResponse> };
  'POST logout': { response: Ok };
  'GET consents': { response: Out<typeof parentConsentsResponse> };
  'PUT consents/:purpose': { body: In<typeof parentConsentBody>; response: Out<typeof parentConsentResponse> };
  'GET digital-yearbook': { response: Out<typeof digitalYearbookResponse> };
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
