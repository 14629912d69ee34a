/** Faces found in event album photos, the suggestions made for them, and staff's decisions. */
import { z } from 'zod';
import { tr } from '../tr';
import { answerWith, itemsAnswer } from './answers';
import { id } from './fields';

const FACE_STATES = ['open', 'confirmed', 'rejected', 'ignored'] as const;
const faceState = z.enum(FACE_STATES);

const fraction = z.number().min(0).max(1);
/** Where a face is in its photo, as fractions of the photo's width and height. */
const faceBox = z.object({ x: fraction, y: fraction, width: fraction, height: fraction });

const faceItem = z.object({
  faceId: z.number().int(),
  photoId: z.number().int(),
  box: faceBox,
  /** The consented student the face looks most like, above the threshold, with the similarity (0..1). */
  suggestion: z.object({ studentId: z.number().int(), score: z.number(), name: z.string() }).nullable(),
  /** The student staff confirmed or assigned. */
  studentId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  state: faceState,
});
export type FaceItem = z.infer<typeof faceItem>;

/** An album's faces, with where the album is (whose students may be assigned) and how far its photos' scan got. */
export const albumFacesAnswer = itemsAnswer(faceItem).extend({
  album: z.object({ id: z.number().int(), name: z.string(), schoolId: z.number().int(), branchId: z.number().int().nullable() }),
  scan: z.object({ pending: z.number().int(), failed: z.number().int(), done: z.number().int() }),
});

/**
 * A decision on one face: a student (the suggestion confirmed, or another student assigned), or
 * null to reject the suggestion; `ignored` puts the face aside (not a student, a passer-by…).
 */
export const faceDecisionBody = z
  .object({ studentId: id.nullable(), ignored: z.boolean().default(false) })
  .strict()
  .refine((b) => !(b.ignored && b.studentId !== null), { message: tr.faces.ignoredWithStudent, path: ['ignored'] });
export type FaceDecisionBody = z.output<typeof faceDecisionBody>;

/** The same decision on many faces of one album: each face's suggestion confirmed, or rejected. */
export const bulkFaceBody = z.object({ faceIds: z.array(id).min(1).max(500), action: z.enum(['confirm', 'reject']) }).strict();
export type BulkFaceBody = z.output<typeof bulkFaceBody>;

/** A student tagged on an album photo by hand. */
export const photoTagBody = z.object({ studentId: id }).strict();

export const photoTagParams = z.object({ id, studentId: id });

export const faceAnswer = answerWith({ item: faceItem });
