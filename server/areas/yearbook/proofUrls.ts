/** What a proof URL shows: one page, a two-page spread, or the wraparound cover (the URL's path segment). */
export type ProofKind = 'pages' | 'spreads' | 'cover-proof';

/**
 * Short-lived signed URLs for page proofs, spreads and the cover's proof, so the lightbox's <img>
 * loads them without an Authorization header: HMAC-SHA256 over (job, page, expiry) with the
 * server's file URL secret and a purpose per kind, so a photo's signature never opens a proof or
 * the other way round, a page's never opens a spread, and neither opens the cover. The digital
 * yearbook's images are signed the same way, each size under a purpose of its own.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { tr } from '../../../common/tr';
import { HttpError, notFound } from '../../core/errors';
import type { DigitalFileKind as DigitalKind } from '../../../common/schemas/digitalYearbook';

const PURPOSE: Record<ProofKind, string> = { pages: 'yearbook-proof', spreads: 'yearbook-spread', 'cover-proof': 'yearbook-cover' };

export function proofUrlSigner(secret: string, ttlMinutes: number) {
  const sign = (purpose: string, jobId: number, page: number, expires: number) =>
    createHmac('sha256', secret).update(`${purpose}:${jobId}:${page}:${expires}`).digest('base64url');
  // Rounded to ten minutes, so the same page keeps its URL (and the browser's cache) for a while.
  const expiry = () => {
    const step = 10 * 60;
    return Math.ceil((Date.now() / 1000 + ttlMinutes * 60) / step) * step;
  };
  const url = (level: string, jobId: number, page: number, kind: ProofKind = 'pages'): string => {
    const expires = expiry();
    const path = kind === 'cover-proof' ? `/api/${level}/yearbook-jobs/${jobId}/cover-proof` : `/api/${level}/yearbook-jobs/${jobId}/${kind}/${page}`;
    return `${path}?e=${expires}&s=${sign(PURPOSE[kind], jobId, page, expires)}`;
  };
  const check = (purpose: string, jobId: number, page: number, expires: number, signature: string): 'ok' | 'expired' | 'bad' => {
    const expected = Buffer.from(sign(purpose, jobId, page, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
    return expires * 1000 < Date.now() ? 'expired' : 'ok';
  };
  const verify = (jobId: number, page: number, expires: number, signature: string, kind: ProofKind = 'pages') =>
    check(PURPOSE[kind], jobId, page, expires, signature);
  return {
    url,
    verify,
    /** A digital yearbook image of an edition (a job), under the level (API prefix) of the reader it is handed to. */
    digitalUrl: (level: string, jobId: number, kind: DigitalKind, number: number): string => {
      const expires = expiry();
      return `/api/${level}/digital-yearbook/${jobId}/${kind}/${number}?e=${expires}&s=${sign(`digital-${kind}`, jobId, number, expires)}`;
    },
    verifyDigital: (jobId: number, kind: DigitalKind, number: number, expires: number, signature: string) =>
      check(`digital-${kind}`, jobId, number, expires, signature),
    // The cover is one sheet: signed as page 0 under its own purpose.
    coverUrl: (level: string, jobId: number): string => url(level, jobId, 0, 'cover-proof'),
    verifyCover: (jobId: number, expires: number, signature: string) => verify(jobId, 0, expires, signature, 'cover-proof'),
  };
}

/**
 * An image behind a signed link: 404 for a bad signature or an image that is not there, 403
 * once the link has expired (the image is read only after the link is checked), and cached
 * privately until the link expires.
 */
export async function sendSignedImage(
  reply: FastifyReply,
  verdict: 'ok' | 'bad' | 'expired',
  expires: number,
  read: () => Promise<Buffer | null>,
  type: 'image/jpeg' | 'image/webp' = 'image/jpeg',
) {
  if (verdict === 'bad') throw notFound();
  if (verdict === 'expired') throw new HttpError(403, tr.yearbook.linkExpired);
  const image = await read();
  if (!image) throw notFound();
  reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(expires - Date.now() / 1000))}`);
  return reply.type(type).send(image);
}
