/** How students become lightbox slides: one group per branch list, one per student's photos. */
import type { StudentItem } from '../../../common/schemas/students';

/** Caption as plain text (the lightbox module escapes it): name, number, nickname, quote. */
export function captionOf(student: Pick<StudentItem, 'firstName' | 'lastName' | 'schoolNumber' | 'nickname' | 'quote'>, index?: number): string {
  const parts = [`${student.firstName} ${student.lastName} (${student.schoolNumber})${index ? ` · ${index}` : ''}`];
  if (student.nickname) parts.push(`“${student.nickname}”`);
  if (student.quote) parts.push(student.quote);
  return parts.join(' — ');
}

// No "-" before the id: the hash "#slug-N" reads a trailing "-number" as the slide index.
export const branchSlug = (branchId: number) => `sube${branchId}`;
export const photoSlug = (student: Pick<StudentItem, 'id'>) => `ogrenci${student.id}`;

/** The student whose photos a `#ogrenci{id}` / `#ogrenci{id}-N` address opens, or null. */
export function studentOfHash(hash: string): number | null {
  const match = /^#ogrenci(\d+)(?:-\d+)?$/.exec(hash);
  return match ? Number(match[1]) : null;
}
