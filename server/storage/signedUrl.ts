/**
 * Short-lived signed URLs for photos, so an <img> can load them without an Authorization
 * header while nobody can guess one: HMAC-SHA256 over (photo id, size, expiry) with a server
 * secret. They are only handed out in answers to callers who may see the student.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhotoSize } from '../../common/schemas/students';

export interface UrlSigner {
  url(level: string, photoId: number, size: PhotoSize): string;
  verify(photoId: number, size: PhotoSize, expires: number, signature: string): 'ok' | 'expired' | 'bad';
}

export function urlSigner(secret: string, ttlMinutes: number, now: () => number = Date.now): UrlSigner {
  const sign = (photoId: number, size: string, expires: number) => createHmac('sha256', secret).update(`${photoId}:${size}:${expires}`).digest('base64url');
  return {
    url(level, photoId, size) {
      // Expiry rounded to the next 10 minutes so URLs stay the same across refetches (browser cache).
      const step = 10 * 60;
      const expires = Math.ceil((now() / 1000 + ttlMinutes * 60) / step) * step;
      return `/api/${level}/photo-files/${photoId}/${size}?e=${expires}&s=${sign(photoId, size, expires)}`;
    },
    verify(photoId, size, expires, signature) {
      const expected = Buffer.from(sign(photoId, size, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
      return expires * 1000 < now() ? 'expired' : 'ok';
    },
  };
}
