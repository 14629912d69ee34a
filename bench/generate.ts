/**
 * The large-data generator: one studio with `schools` schools, `branchesPerSchool` branches each,
 * one manager per school and the rest of `accounts` as branch managers. Deterministic (seeded).
 */
import { orderKey, searchKey } from '../common/text';
import type { Db } from '../server/db/client';
import { branches, schools, studios, users } from '../server/db/schema';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES } from '../server/db/seed/names';
import { seededRandom } from '../server/db/seed/random';
import { single } from '../server/db/rows';
import { nth } from './helpers';

const KINDS = ['Anadolu Lisesi', 'Fen Lisesi', 'Meslekî ve Teknik Anadolu Lisesi', 'Koleji', 'İmam Hatip Lisesi', 'Sosyal Bilimler Lisesi'];
const SECTIONS = [...'ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ'];

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface Generated {
  studioId: number;
  panelUserId: number;
  schoolIds: number[];
}

export async function generate(db: Db, options: { schools: number; branchesPerSchool: number; accounts: number; passwordHash: string }): Promise<Generated> {
  const rand = seededRandom(4242);
  const person = () => `${rand.pick(rand.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${rand.pick(LAST_NAMES)}`;
  const studio = single(await db.insert(studios).values({ name: 'Büyük Stüdyo', cityId: 34 }).returning());

  const schoolRows = Array.from({ length: options.schools }, (_, i) => {
    const name = `${rand.pick(LAST_NAMES)} ${rand.pick(KINDS)} ${i + 1}`;
    // Codes of their own ('G' is no hex digit, so none equals a drawn one): a thousand drawn codes
    // among 16 million collide now and then, and the data must come out the same every run.
    const code = `G${String(i + 1).padStart(5, '0')}`;
    return {
      studioId: studio.id,
      name,
      cityId: rand.int(1, 81),
      district: '',
      academicYear: '2025-2026',
      code,
      searchKey: searchKey(name),
      sortKey: orderKey(name),
    };
  });
  const schoolIds: number[] = [];
  await inChunks(schoolRows, 1000, async (chunk) => {
    const rows = await db.insert(schools).values(chunk).returning({ id: schools.id });
    schoolIds.push(...rows.map((r) => r.id));
  });

  const branchRows = schoolIds.flatMap((schoolId) =>
    Array.from({ length: options.branchesPerSchool }, (_, k) => {
      const grade = 9 + (k % 4);
      const section = nth(SECTIONS, Math.floor(k / 4));
      return { studioId: studio.id, schoolId, grade, section, sectionKey: orderKey(section) };
    }),
  );
  const branchRefs: Array<{ id: number; schoolId: number }> = [];
  await inChunks(branchRows, 2000, async (chunk) => {
    branchRefs.push(...(await db.insert(branches).values(chunk).returning({ id: branches.id, schoolId: branches.schoolId })));
  });

  const account = (level: 'panel' | 'school' | 'branch', n: number, schoolId: number | null, branchId: number | null) => {
    const name = person();
    const email = `${level}${n}@bench.test`;
    return {
      studioId: studio.id,
      level,
      email,
      name,
      passwordHash: options.passwordHash,
      schoolId,
      branchId,
      searchKey: searchKey(`${name} ${email}`),
      sortKey: orderKey(name),
    };
  };
  const panel = single(
    await db
      .insert(users)
      .values(account('panel', 0, null, null))
      .returning({ id: users.id }),
  );
  const accountRows = schoolIds.map((schoolId, i) => account('school', i, schoolId, null));
  for (let i = 0; accountRows.length < options.accounts - 1; i++) {
    const b = nth(branchRefs, i);
    accountRows.push(account('branch', i, b.schoolId, b.id));
  }
  await inChunks(accountRows, 2000, (chunk) => db.insert(users).values(chunk));
  return { studioId: studio.id, panelUserId: panel.id, schoolIds };
}
