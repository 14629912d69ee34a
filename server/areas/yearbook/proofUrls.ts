/** What a proof URL shows: one page, a two-page spread, or the wraparound cover (the URL's path segment). */
export type ProofKind = 'pages' | 'spreads' | 'cover-proof';

/**
 * Short-lived signed URLs for page proofs, spreads and the cover's proof, so the lightbox's <img>
 * loads them without an Authorization header: HMAC-SHA256 over (job, page, expiry) with the
 * server's file URL secret and a purpose per kind, so a photo's signature never opens a proof or
 * the other way round, a page's never opens a spread, and neither opens the cover.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE: Record<ProofKind, string> = { pages: 'yearbook-proof', spreads: 'yearbook-spread', 'cover-proof': 'yearbook-cover' };

export function proofUrlSigner(secret: string, ttlMinutes: number) {
  const sign = (kind: ProofKind, jobId: number, page: number, expires: number) =>
    createHmac('sha256', secret).update(`${PURPOSE[kind]}:${jobId}:${page}:${expires}`).digest('base64url');
  const url = (level: string, jobId: number, page: number, kind: ProofKind = 'pages'): string => {
    // Rounded to ten minutes, so the same page keeps its URL (and the browser's cache) for a while.
    const step = 10 * 60;
    const expires = Math.ceil((Date.now() / 1000 + ttlMinutes * 60) / step) * step;
    const path = kind === 'cover-proof' ? `/api/${level}/yearbook-jobs/${jobId}/cover-proof` : `/api/${level}/yearbook-jobs/${jobId}/${kind}/${page}`;
    return `${path}?e=${expires}&s=${sign(kind, jobId, page, expires)}`;
  };
  const verify = (jobId: number, page: number, expires: number, signature: string, kind: ProofKind = 'pages'): 'ok' | 'expired' | 'bad' => {
    const expected = Buffer.from(sign(kind, jobId, page, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
    return expires * 1000 < Date.now() ? 'expired' : 'ok';
  };
  return {
    url,
    verify,
    // The cover is one sheet: signed as page 0 under its own purpose.
    coverUrl: (level: string, jobId: number): string => url(level, jobId, 0, 'cover-proof'),
    verifyCover: (jobId: number, expires: number, signature: string) => verify(jobId, 0, expires, signature, 'cover-proof'),
  };
}
