/** What a proof URL shows: one page, or a two-page spread (the URL's path segment). */
export type ProofKind = 'pages' | 'spreads';

/**
 * Short-lived signed URLs for page proofs and spreads, so the lightbox's <img> loads them without an
 * Authorization header: HMAC-SHA256 over (job, page, expiry) with the server's file URL secret
 * and a purpose of its own, so a photo's signature never opens a proof or the other way round
 * (nor a page's a spread).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function proofUrlSigner(secret: string, ttlMinutes: number) {
  const purpose = (kind: ProofKind) => (kind === 'pages' ? 'yearbook-proof' : 'yearbook-spread');
  const sign = (kind: ProofKind, jobId: number, page: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`${purpose(kind)}:${jobId}:${page}:${expires}`)
      .digest('base64url');
  return {
    url(level: string, jobId: number, page: number, kind: ProofKind = 'pages'): string {
      // Rounded to ten minutes, so the same page keeps its URL (and the browser's cache) for a while.
      const step = 10 * 60;
      const expires = Math.ceil((Date.now() / 1000 + ttlMinutes * 60) / step) * step;
      return `/api/${level}/yearbook-jobs/${jobId}/${kind}/${page}?e=${expires}&s=${sign(kind, jobId, page, expires)}`;
    },
    verify(jobId: number, page: number, expires: number, signature: string, kind: ProofKind = 'pages'): 'ok' | 'expired' | 'bad' {
      const expected = Buffer.from(sign(kind, jobId, page, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
      return expires * 1000 < Date.now() ? 'expired' : 'ok';
    },
  };
}
