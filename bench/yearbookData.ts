/**
 * The school the yearbook benchmarks make books of: branches of students with a portrait each
 * (from a few distinct noisy originals, round and round) and twelve approved messages each, written
 * straight into the database; and the originals themselves.
 */
import sharp from 'sharp';
import { studentRow } from '../server/areas/students/writes';
import type { Db } from '../server/db/client';
import { insertOne } from '../server/db/rows';
import { branches, messages, photos, students } from '../server/db/schema';
import { nth } from './helpers';

export const MESSAGES_EACH = 12;
/** Students per branch, and so the number of distinct originals (Typst would store a repeated image of one part once). */
export const BRANCH_STUDENTS = 30;

const FIRST = ['Şule', 'Ömer', 'İpek', 'Çağla', 'Ilgaz', 'Ümit', 'Gökçe', 'Barış', 'Özge', 'Işıl'];
const LAST = ['Işık', 'Çelik', 'Ünal', 'Öztürk', 'Yılmaz', 'Ağaoğlu', 'Şahin', 'Doğan', 'Güneş', 'Kılıç'];
const BODY =
  'Bu yıl birlikte güldük, ağladık, sınavlara çalıştık. Seninle geçen her gün çok değerliydi; üniversitede de görüşmeye devam edelim. İyi ki tanışmışız!';
const SECTIONS = ['A', 'B', 'C', 'Ç', 'D', 'E', 'F', 'G', 'Ğ', 'H', 'I', 'İ', 'J'];

/** A noisy 5.3 MP JPEG (photographs are noisy: a flat colour would compress to nothing and flatter the figures). */
export function original(i: number): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 2667, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 110 + i * 10, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The originals' storage keys (as the photos area names them) for a studio. */
export const originalKeys = (studioId: number) => Array.from({ length: BRANCH_STUDENTS }, (_, i) => `photos/s${studioId}/bench${i}`);

interface School {
  id: number;
  studioId: number;
}

/** A branch (the next free section of the grade) of `count` students, each with a portrait and its messages. */
export async function addBranch(db: Db, school: School, grade: number, index: number, count: number, firstNumber: number) {
  const section = nth(SECTIONS, index) + (index >= SECTIONS.length ? String(index) : '');
  const branch = await insertOne(db, branches, { studioId: school.studioId, schoolId: school.id, grade, section, sectionKey: section });
  const rows = await db
    .insert(students)
    .values(
      Array.from({ length: count }, (_, i) =>
        studentRow({
          studioId: school.studioId,
          schoolId: school.id,
          branchId: branch.id,
          schoolNumber: String(firstNumber + i),
          firstName: nth(FIRST, i),
          lastName: `${nth(LAST, i * 7 + grade)}${i}`,
          gender: '',
        }),
      ),
    )
    .returning();
  const keys = originalKeys(school.studioId);
  await db.insert(photos).values(
    rows.map((s, i) => ({
      studioId: s.studioId,
      schoolId: s.schoolId,
      branchId: s.branchId,
      studentId: s.id,
      isPortrait: true,
      storageKey: nth(keys, i),
      width: 2000,
      height: 2667,
      bytes: 1,
    })),
  );
  await db.insert(messages).values(
    rows.flatMap((s, i) =>
      Array.from({ length: MESSAGES_EACH }, (_, m) => ({
        studioId: s.studioId,
        kind: 'student' as const,
        schoolId: s.schoolId,
        branchId: s.branchId,
        fromStudentId: nth(rows, i + m + 1).id,
        toStudentId: s.id,
        body: `${BODY} (${m + 1})`,
        status: 'approved' as const,
      })),
    ),
  );
  return branch;
}
