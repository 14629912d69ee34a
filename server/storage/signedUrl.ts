/**
 * Short-lived signed URLs for photos, so an <img> can load them without an Authorization
 * header while nobody can guess one: HMAC-SHA256 over (level, session, photo id, size, expiry)
 * with a server secret. They are only handed out in answers to callers who may see the student,
 * and they hold only under the level that issued them and while the session that issued them
 * lasts: after "Çıkış yap" (or any other end of that session) its URLs are refused.
 *
 * The issuing session and the level of the asking URL come from the request being served
 * (an AsyncLocalStorage set up per request), so the places that build answers need not pass them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PhotoSize } from '../../common/schemas/students';
import { tr } from '../../common/tr';
import type { Db } from '../db/client';
import { sessions, studentSessions } from '../db/schema';
import { HttpError } from '../core/errors';

/** Which photos a URL opens: a student's (photo-files) or an event album's (album-photo-files); an id of one never opens the other. */
type PhotoKind = 'student' | 'album';
const FILE_PATHS: Record<PhotoKind, string> = { student: 'photo-files', album: 'album-photo-files' };

export interface UrlSigner {
  url(level: string, photoId: number, size: PhotoSize, kind?: PhotoKind): string;
  verify(photoId: number, size: PhotoSize, expires: number, signature: string, kind?: PhotoKind): 'ok' | 'expired' | 'bad';
}

interface RequestContext {
  /** The level in the request's path (/api/{level}/…). */
  level: string;
  /** The session of the signed-in caller, once known. */
  sessionId: number | null;
}

const context = new AsyncLocalStorage<RequestContext>();

/**
 * Notes the signed-in caller's session for the URLs this request hands out: staff sessions and
 * students' sessions alike (each guard calls it), told apart by the level the URL names.
 */
export function noteIssuingSession(sessionId: number): void {
  const store = context.getStore();
  if (store) store.sessionId = sessionId;
}

const PHOTO_FILE = /^\/api\/([a-z]+)\/(album-)?photo-files\//;
const levelOf = (url: string) => /^\/api\/([a-z]+)\//.exec(url)?.[1] ?? '';

/** The session a signature names: "<session id>.<hmac>". */
function sessionOf(signature: string): number | null {
  const match = /^(\d{1,10})\.[\w-]+$/.exec(signature);
  return match ? Number(match[1]) : null;
}

export function urlSigner(secret: string, ttlMinutes: number, now: () => number = Date.now): UrlSigner {
  const sign = (level: string, session: number, photoId: number, size: string, expires: number, kind: PhotoKind) => {
    // A student's photo keeps the message it always had, so the URLs already handed out still hold.
    const subject = kind === 'album' ? `album-${photoId}` : photoId;
    return `${session}.${createHmac('sha256', secret).update(`${level}:${session}:${subject}:${size}:${expires}`).digest('base64url')}`;
  };
  return {
    url(level, photoId, size, kind = 'student') {
      // Expiry rounded to the next 10 minutes so URLs stay the same across refetches (browser cache).
      const step = 10 * 60;
      const expires = Math.ceil((now() / 1000 + ttlMinutes * 60) / step) * step;
      const session = context.getStore()?.sessionId ?? 0;
      return `/api/${level}/${FILE_PATHS[kind]}/${photoId}/${size}?e=${expires}&s=${sign(level, session, photoId, size, expires, kind)}`;
    },
    verify(photoId, size, expires, signature, kind = 'student') {
      const session = sessionOf(signature);
      const level = context.getStore()?.level;
      // A URL made outside any signed-in request (session 0) names no session and opens nothing.
      if (session === null || session < 1 || !level) return 'bad';
      const expected = Buffer.from(sign(level, session, photoId, size, expires, kind));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
      return expires * 1000 < now() ? 'expired' : 'ok';
    },
  };
}

/**
 * Gives every request its context, and refuses a photo URL whose issuing session has ended
 * (before its signature is looked at: an ended session's URLs are simply gone).
 */
export function bindPhotoUrlsToSessions(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', (request, _reply, done) => {
    context.run({ level: levelOf(request.url), sessionId: null }, done);
  });
  const issuingSessionAlive = async (request: FastifyRequest) => {
    const signature = new URL(request.url, 'http://x').searchParams.get('s') ?? '';
    const session = sessionOf(signature);
    if (session === null || session < 1 || session > 2_147_483_647) return; // a malformed link: the route answers it
    // A student's URL names a session of the students' own table; any other level, a staff one.
    const table = levelOf(request.url) === 'student' ? studentSessions : sessions;
    const [alive] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, session), isNull(table.revokedAt), gt(table.expiresAt, new Date())));
    if (!alive) throw new HttpError(403, tr.students.photos.linkExpired);
  };
  // A callback hook: every other request passes without a promise of its own.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!PHOTO_FILE.test(request.url)) return done();
    issuingSessionAlive(request).then(() => done(), done);
  });
}
