/**
 * The strong baseline of the hot-path benchmark: plain `node:http` and a `pg` pool, nothing else.
 * It answers the benchmark's calls with the SQL text the app itself sends (recorded from the
 * app's pool while it answers each call once, see `recordSql`), as named prepared statements;
 * it keeps who a token belongs to in memory as the app does (looked up once), builds plain
 * objects and writes them with `JSON.stringify`: the same bytes as the app (checked before
 * measuring). What the app spends above it is the framework's and our code's cost.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getTableColumns } from 'drizzle-orm';
import pg from 'pg';
import { CONSENT_PURPOSES } from '../common/schemas/consents';
import { DEFAULT_DESIGN } from '../common/schemas/design';
import { branchName } from '../common/text';
import { studios } from '../server/db/schema';
import { unprintable } from '../server/typesetting/printable';

export interface Sent {
  text: string;
  values: unknown[];
}

/** Every SQL text the app's pool received while `run` ran, with its values, in the order sent. */
export async function recordSql(run: () => Promise<unknown>): Promise<Sent[]> {
  const texts: Sent[] = [];
  const original = pg.Pool.prototype.query;
  const recording = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    // Values go with the text or after it (drizzle's prepared statements).
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'string' ? [] : first.values) ?? [];
    texts.push({ text: typeof first === 'string' ? first : first.text, values });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Pool.prototype.query = recording as typeof original;
  try {
    await run();
  } finally {
    pg.Pool.prototype.query = original;
  }
  return texts;
}

/** The one recorded text (sent once or more) that matches `pattern` (a changed app must fail loudly here, not measure something else). */
function the(sent: readonly Sent[], pattern: RegExp): string {
  const found = [...new Set(sent.map((s) => s.text).filter((t) => pattern.test(t)))];
  if (found.length !== 1) throw new Error(`expected one recorded query like ${pattern}, found ${found.length}`);
  return found[0]!;
}

/**
 * A panel caller's statement with its values as recorded for one studio, and how to give them for
 * any studio: of a panel caller's values the only positive numbers are its studio's id (no school
 * or branch: -1), the others are the statement's constants.
 */
function forAnyStudio(sent: readonly Sent[], pattern: RegExp): { text: string; values(studioId: number): unknown[] } {
  const text = the(sent, pattern);
  const recorded = sent.find((s) => s.text === text)!.values;
  const studioIds = new Set(recorded.filter((v) => typeof v === 'number' && v > 0));
  if (studioIds.size !== 1) throw new Error(`expected one studio id among the values of ${pattern}, found ${studioIds.size}`);
  return { text, values: (studioId) => recorded.map((v) => (studioIds.has(v) ? studioId : v)) };
}

/** A query by a list of ids as recorded: `= any($1)` takes the list as one array, `in ($1, …)` one value each. */
function byIds(text: string, ids: number[]): { text: string; values: unknown[] } {
  if (/= any\(\$1\)/.test(text)) return { text, values: [ids] };
  const list = ids.map((_, i) => `$${i + 1}`).join(', ');
  return { text: text.replace(/ in \(\$\d+(, \$\d+)*\)/, () => ` in (${list})`), values: ids };
}

/** The position of each column of a `select "a", "b", … from` statement, by column name. */
function columnsOf(text: string): Record<string, number> {
  const list = /^select (.*?) from /.exec(text)?.[1];
  if (!list) throw new Error(`no select list in ${text.slice(0, 200)}`);
  return Object.fromEntries(list.split(', ').map((column, i) => [column.replace(/^.*"([^"]+)"$/, '$1'), i]));
}

/** A page's values after the where's: the limit, and the offset when the statement has one. */
const firstPage = (text: string) => (/ offset \$\d+$/.test(text) ? [25, 0] : [25]);

/** The app's SQL for each of the baseline's calls, picked out of what was recorded. */
export interface BaselineSql {
  session: string;
  /** A page of schools with the total, in one statement: the count's studio, the page's studio, limit, offset. */
  schools: { page: string };
  students: { branch: string; count: string; rows: string; facts: string; consents: string; branches: string };
  user: { overview: ReturnType<typeof forAnyStudio>; cities: string };
}

export function baselineSql(recorded: { schools: Sent[]; students: Sent[]; user: Sent[] }): BaselineSql {
  const { schools, students, user } = recorded;
  const all = [...schools, ...students, ...user];
  return {
    session: the(all, /from "sessions" inner join "users"/),
    schools: {
      page: the(schools, /^select "schools"\."id", "schools"\."name".* where "schools"\."id" in \(select /),
    },
    students: {
      branch: the(students, /^select .* from "branches" where \("branches"\."id" = \$1/),
      count: the(students, /^select count\(\*\) from "students"/),
      rows: the(students, /^select .* from "students" where .* order by /),
      // Photo count, portrait, picked photo, event photos: the answer reads them by these positions.
      facts: the(
        students,
        /^select "id", \(select count\(\*\) from photos p where [^)]*\)::int, \(select max\(p\.id\) from photos p where [^)]* and p\.is_portrait\), \(select p\.id from photos p where p\.id = "students"\."portrait_pick_photo_id" [^)]*\), \(select count\(\*\) from photo_tags t where [^)]*\)::int from "students" where "students"\."id" = any\(\$1\)$/,
      ),
      consents: the(students, /^select .* from "student_consents" where "student_consents"\."student_id" (in|= any)/),
      branches: the(students, /^select .* from "branches" where "branches"\."id" (in|= any)/),
    },
    user: {
      overview: forAnyStudio(user, / from "studios" left join "schools"/),
      cities: the(user, /from "cities"/),
    },
  };
}

interface Caller {
  sessionId: number;
  userId: number;
  studioId: number;
  name: string;
  email: string;
}

type Row = unknown[];

/** A student's consents before any answer: every purpose not answered. */
const UNANSWERED = Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, 'none']));

export async function startBaseline(options: { databaseUrl: string; sql: BaselineSql; fileUrlSecret: string; fileUrlTtlMinutes: number }) {
  const { sql } = options;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  // A photo URL as the app signs it: bound to the level and the issuing session, expiring on a 10-minute step.
  const photoUrl = (session: number, photoId: number, size: string) => {
    const step = 10 * 60;
    const expires = Math.ceil((Date.now() / 1000 + options.fileUrlTtlMinutes * 60) / step) * step;
    const mac = createHmac('sha256', options.fileUrlSecret).update(`panel:${session}:${photoId}:${size}:${expires}`).digest('base64url');
    return `/api/panel/photo-files/${photoId}/${size}?e=${expires}&s=${session}.${mac}`;
  };
  // Every statement named after its text: prepared on a connection's first use, then only executed.
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? (names.set(text, `strong_${names.size}`), names.get(text)!);
  // Where each column of the students' rows is, read from the recorded statement's select list.
  const student = columnsOf(sql.students.rows);
  const studio = Object.fromEntries(Object.values(getTableColumns(studios)).map((column, i) => [column.name, i]));
  const rows = async (text: string, values: unknown[]): Promise<Row[]> =>
    (await pool.query({ name: nameOf(text), text, values, rowMode: 'array' })).rows as Row[];
  const query = (q: { text: string; values: unknown[] }) => rows(q.text, q.values);
  const count = async (text: string, values: unknown[]) => Number((await rows(text, values))[0]![0]);

  // Who a token belongs to, looked up once and then answered from memory, as the app's session cache does.
  const sessions = new Map<string, Caller>();
  async function callerOf(request: http.IncomingMessage): Promise<Caller | null> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const known = sessions.get(token);
    if (known) return known;
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await rows(sql.session, [hash, 'panel', 'panel', new Date().toISOString(), true, 1]);
    if (!row) return null;
    const caller = { sessionId: row[0] as number, userId: row[1] as number, studioId: row[2] as number, name: row[6] as string, email: row[7] as string };
    sessions.set(token, caller);
    return caller;
  }

  async function schoolsList(caller: Caller): Promise<string> {
    const found = await rows(sql.schools.page, [caller.studioId, caller.studioId, 25, 0]);
    const total = found.length ? Number(found[0]![17]) : 0;
    const items = found.map((r) => {
      return {
        id: r[0],
        name: r[1],
        cityId: r[2],
        cityName: r[3],
        district: r[4],
        address: r[5],
        phone: r[6],
        email: r[7],
        logoUrl: r[8],
        academicYear: r[9],
        messageDeadline: r[10],
        deliveryDate: r[11],
        code: r[12],
        status: r[13],
        branchCount: Number(r[14]),
        studentCount: Number(r[15]),
        version: r[16],
      };
    });
    return JSON.stringify({ success: true, items, total, page: 1, perPage: 25 });
  }

  async function branchStudents(caller: Caller, branchId: number): Promise<string | null> {
    const [branch] = await rows(sql.students.branch, [branchId, caller.studioId, 1]);
    if (!branch) return null;
    const [total, students] = await Promise.all([count(sql.students.count, [branchId]), rows(sql.students.rows, [branchId, ...firstPage(sql.students.rows)])]);
    const ids = students.map((s) => s[0] as number);
    const [facts, consentRows] = ids.length ? await Promise.all([query(byIds(sql.students.facts, ids)), query(byIds(sql.students.consents, ids))]) : [[], []];
    const consentsOf = new Map(ids.map((i) => [i, { ...UNANSWERED }]));
    for (const [student, purpose, answer] of consentRows) (consentsOf.get(student as number) as Record<string, unknown>)[purpose as string] = answer;
    const id = (value: unknown) => (value === null ? null : Number(value));
    // Each student's photo count, portrait, picked photo and event photos, in the statement's order.
    const factsOf = new Map(facts.map((f) => [f[0], { count: f[1] as number, portrait: id(f[2]), pick: id(f[3]), eventPhotos: f[4] as number }]));
    const branchIds = [...new Set(students.map((s) => s[student.branch_id!] as number))];
    const branchRows = branchIds.length ? await query(byIds(sql.students.branches, branchIds)) : [];
    const names = new Map(branchRows.map((b) => [b[0], branchName({ grade: b[3] as number, section: b[4] as string })]));
    const items = students.map((s) => {
      const fact = factsOf.get(s[0]);
      const portrait = fact?.portrait ?? null;
      const text = (column: string) => s[student[column]!] as string;
      return {
        id: s[0],
        branchId: s[student.branch_id!],
        schoolId: s[student.school_id!],
        branchName: names.get(s[student.branch_id!]),
        schoolNumber: text('school_number'),
        firstName: text('first_name'),
        lastName: text('last_name'),
        gender: text('gender'),
        quote: text('quote'),
        nickname: text('nickname'),
        consents: consentsOf.get(s[0] as number),
        photoCount: fact?.count ?? 0,
        eventPhotos: fact?.eventPhotos ?? 0,
        photoUrl: portrait ? photoUrl(caller.sessionId, portrait, 'display') : null,
        thumbUrl: portrait ? photoUrl(caller.sessionId, portrait, 'thumb') : null,
        downloadUrl: portrait ? photoUrl(caller.sessionId, portrait, 'download') : null,
        version: s[student.version!],
        quoteDraft: text('quote_draft'),
        unprintable: [
          ...new Set(
            ['first_name', 'last_name', 'nickname', 'quote']
              .map(text)
              .concat(text('quote_draft') ?? '')
              .flatMap(unprintable),
          ),
        ],
        portraitPickPhotoId: fact?.pick ?? null,
        portraitPickThumbUrl: fact?.pick ? photoUrl(caller.sessionId, fact.pick, 'thumb') : null,
      };
    });
    return JSON.stringify({ success: true, items, total, page: 1, perPage: 25 });
  }

  // The provinces never change while a server runs: read once, as the app does.
  const cities = await rows(sql.user.cities, []);

  async function user(caller: Caller): Promise<string> {
    // The studio's row, then school (3) and branch (4) columns, the design's two settings, the figures (4).
    const [row] = await rows(sql.user.overview.text, sql.user.overview.values(caller.studioId));
    const st = row!;
    const of = (column: string) => st[studio[column]!];
    const [studioSettings, schoolSettings] = st.slice(-6, -4).map((v) => (v ?? {}) as Record<string, unknown>);
    const merged: Record<string, unknown> = { ...DEFAULT_DESIGN };
    for (const key of Object.keys(DEFAULT_DESIGN)) for (const settings of [studioSettings!, schoolSettings!]) if (key in settings) merged[key] = settings[key];
    const { primaryColor, accentColor, ...rest } = merged;
    // Counted by indexes: schools, branches, accounts; then the counter sums, in statisticsColumns' order.
    const [schoolCount, branchCount, managerCount, counted] = st.slice(-4);
    const sums = (counted as number[]).map(Number);
    const byStatus = ([pending = 0, approved = 0, rejected = 0]: number[]) => ({ pending, approved, rejected });
    return JSON.stringify({
      success: true,
      userInfo: { id: caller.userId, name: caller.name, email: caller.email, level: 'panel' },
      design: { primaryColor, accentColor, ...rest },
      cities: cities.map(([id, name]) => ({ id, name })),
      studio: {
        id: of('id'),
        name: of('name'),
        logoUrl: of('logo_path') ? `/api/files/studio-logo/${String(of('id'))}?v=${(of('updated_at') as Date).getTime()}` : null,
        phone: of('phone'),
        email: of('email'),
        address: of('address'),
        cityId: of('city_id'),
        website: of('website'),
        retentionMonths: of('retention_months'),
        coverageGoal: of('coverage_goal'),
        version: of('version'),
      },
      school: null,
      branch: null,
      statistics: {
        schools: Number(schoolCount),
        branches: Number(branchCount),
        students: sums[0] ?? 0,
        studentsWithPhoto: sums[1] ?? 0,
        managers: Number(managerCount),
        messages: byStatus(sums.slice(2, 5)),
        nicknames: byStatus(sums.slice(5, 8)),
        notifications: sums[8] ?? 0,
      },
      level: 'panel',
    });
  }

  const send = (response: http.ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const caller = await callerOf(request);
      if (!caller) return send(response, 401, '{"success":false}');
      const url = request.url ?? '';
      if (url === '/api/panel/schools') return send(response, 200, await schoolsList(caller));
      if (url === '/api/panel/user') return send(response, 200, await user(caller));
      const branch = /^\/api\/panel\/branches\/(\d+)\/students$/.exec(url);
      const body = branch ? await branchStudents(caller, Number(branch[1])) : null;
      return body ? send(response, 200, body) : send(response, 404, '{"success":false}');
    })().catch((error: unknown) => send(response, 500, JSON.stringify({ success: false, message: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
