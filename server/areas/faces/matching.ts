/** Which consented student a face found in a photo is suggested as. */
import { faceSimilarity, type FaceBox } from '../../images/faceModel';

/**
 * The similarity (cosine of the descriptors) a face must reach to be suggested as a student.
 * Chosen with the accuracy bench (bench/faceAccuracy.ts, docs/faces.md): from 0.66 up no
 * stranger was suggested on the labelled set; 0.7 keeps a margin for real event photos while
 * still suggesting 94 % of the changed faces, every one as the right person.
 */
export const SUGGEST_THRESHOLD = 0.7;

export interface Candidate {
  studentId: number;
  descriptor: ArrayLike<number>;
}

export interface Suggestion {
  studentId: number;
  score: number;
}

/**
 * The best suggestion for each face, above the threshold, with one student suggested for at most
 * one face of a photo: pairs are taken from the most alike down, so two faces never name one student.
 */
export function suggest(faces: ArrayLike<number>[], candidates: Candidate[], threshold = SUGGEST_THRESHOLD): (Suggestion | null)[] {
  const pairs: { face: number; studentId: number; score: number }[] = [];
  faces.forEach((descriptor, face) => {
    for (const candidate of candidates) {
      const score = faceSimilarity(descriptor, candidate.descriptor);
      if (score >= threshold) pairs.push({ face, studentId: candidate.studentId, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score);
  const result: (Suggestion | null)[] = faces.map(() => null);
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (result[pair.face] || taken.has(pair.studentId)) continue;
    result[pair.face] = { studentId: pair.studentId, score: pair.score };
    taken.add(pair.studentId);
  }
  return result;
}

/** How much two boxes overlap (intersection over union): a face found again in a photo scanned again. */
export function overlap(a: FaceBox, b: FaceBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}
