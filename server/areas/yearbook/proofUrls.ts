/**
 * Short-lived signed URLs for page proofs and the cover's proof, so the lightbox's <img> loads
 * them without an Authorization header: HMAC-SHA256 over (what, job, page, expiry) with the
 * server's file URL secret and a purpose of its own, so a photo's signature never opens a proof
 * or the other way round, and a page's never opens the cover.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cover's proof is signed as a page no book has. */
const COVER = 'cover';

export function proofUrlSigner(secret: string, ttlMinutes: number) {
  const sign = (jobId: number, page: number | typeof COVER, expires: number) =>
    createHmac('sha256', secret).update(`yearbook-proof:${jobId}:${page}:${expires}`).digest('base64url');
  const signed = (path: string, jobId: number, page: number | typeof COVER) => {
    // Rounded to ten minutes, so the same page keeps its URL (and the browser's cache) for a while.
    const step = 10 * 60;
    const expires = Math.ceil((Date.now() / 1000 + ttlMinutes * 60) / step) * step;
    return `${path}?e=${expires}&s=${sign(jobId, page, expires)}`;
  };
  const verify = (jobId: number, page: number | typeof COVER, expires: number, signature: string): 'ok' | 'expired' | 'bad' => {
    const expected = Buffer.from(sign(jobId, page, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
    return expires * 1000 < Date.now() ? 'expired' : 'ok';
  };
  return {
    url: (level: string, jobId: number, page: number): string => signed(`/api/${level}/yearbook-jobs/${jobId}/pages/${page}`, jobId, page),
    verify: (jobId: number, page: number, expires: number, signature: string) => verify(jobId, page, expires, signature),
    coverUrl: (level: string, jobId: number): string => signed(`/api/${level}/yearbook-jobs/${jobId}/cover-proof`, jobId, COVER),
    verifyCover: (jobId: number, expires: number, signature: string) => verify(jobId, COVER, expires, signature),
  };
}
