/** Event albums (etkinlik albümleri): request and answer shapes shared by server and web. */
import { z } from 'zod';
import { apiDate, id, optionalText, requiredText, versioned } from './fields';
import { listQuery } from './list';

const ALBUM_PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** What a person writes about an album. */
export const albumBody = z
  .object({
    name: requiredText(150),
    eventDate: apiDate.nullable().default(null),
    description: optionalText(2000),
  })
  .strict();
export type AlbumBody = z.input<typeof albumBody>;
export const albumUpdateBody = versioned(albumBody);
export type AlbumUpdateBody = z.input<typeof albumUpdateBody>;

export const albumListQuery = listQuery.strict();

export const album = z.object({
  id: z.number().int(),
  name: z.string(),
  eventDate: z.string().nullable(),
  description: z.string(),
  schoolId: z.number().int(),
  /** Null: the album is the whole school's. */
  branchId: z.number().int().nullable(),
  /** The branch's name ("12/A"), or empty for the whole school's. */
  branchName: z.string(),
  photoCount: z.number().int(),
  pendingCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Album = z.infer<typeof album>;

/** A student confirmed in a photo (what the "students in this photo" filter reads). */
const taggedStudent = z.object({ id: z.number().int(), name: z.string() });

export const albumPhoto = z.object({
  id: z.number().int(),
  albumId: z.number().int(),
  caption: z.string(),
  status: z.enum(ALBUM_PHOTO_STATUSES),
  originalName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Who sent it: the staff member's name, or the name given on an upload link. */
  uploaderName: z.string(),
  /** It came through an upload link (and so waited for a moderator). */
  viaLink: z.boolean(),
  createdAt: z.string(),
  students: z.array(taggedStudent),
  thumbUrl: z.string(),
  photoUrl: z.string(),
  downloadUrl: z.string(),
});
export type AlbumPhoto = z.infer<typeof albumPhoto>;

export const albumPhotoQuery = listQuery
  .extend({
    perPage: z.coerce.number().int().min(1).max(100).default(50),
    status: z.enum(ALBUM_PHOTO_STATUSES).optional(),
    /** Only photos this student is tagged in. */
    studentId: id.optional(),
  })
  .strict();

/** The students tagged anywhere in an album, with how many of its photos each is in: the filter's choices. */
export const albumStudents = z.object({
  success: z.literal(true),
  items: z.array(taggedStudent.extend({ photos: z.number().int() })),
});

export const captionBody = z.object({ caption: optionalText(500) }).strict();

/** Several photos of one album at once. */
const albumPhotoIds = z.array(id).min(1).max(500);
export const photoDecisionBody = z.object({ ids: albumPhotoIds, status: z.enum(['approved', 'rejected']) }).strict();
export const photoIdsBody = z.object({ ids: albumPhotoIds }).strict();

/** Days an upload link works; it can always be revoked earlier. */
export const LINK_DAYS_MAX = 90;
export const uploadLinkBody = z
  .object({
    label: optionalText(100),
    days: z.number().int().min(1).max(LINK_DAYS_MAX),
  })
  .strict();

const UPLOAD_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const uploadLink = z.object({
  id: z.number().int(),
  label: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(UPLOAD_LINK_STATES),
  photoCount: z.number().int(),
});
export type UploadLink = z.infer<typeof uploadLink>;

/** A new link: its token is shown this once (only its hash is kept), so the QR is printed now. */
export const uploadLinkCreated = z.object({ success: z.literal(true), item: uploadLink, token: z.string() });

/** The token in an upload link's address: 24 random bytes in base64url. */
export const linkTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });

/** What the public upload page shows of the album it sends to. */
export const publicLinkAnswer = z.object({
  success: z.literal(true),
  item: z.object({ albumName: z.string(), schoolName: z.string(), label: z.string(), expiresAt: z.string() }),
});
