/**
 * Demo data for a first start on an empty database (SEED_DEMO=1, the default): one studio,
 * three schools in different cities, their branches and students, and the demo accounts.
 * Later areas add their rows to `seedDemo` below.
 */
import { todayInTurkey } from '../../common/dates';
import { orderKey, searchKey } from '../../common/text';
import type { Level } from '../../common/levels';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { countWhere, insertOne } from '../db/rows';
import { branches, schools, students, studios, users } from '../db/schema';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES } from '../db/seed/names';
import { seededRandom } from '../db/seed/random';
import { seedDemoMessages } from '../areas/messages/seed';
import { seedDemoNotificationsAndDesign } from '../areas/notifications/demoSeed';
import type { FileStore } from '../storage/store';
import { seedDemoPhotos } from '../areas/photos/demoSeed';
import { studentRow } from '../areas/students/writes';
import { seedDemoAccessCodes } from '../areas/student-portal/demoSeed';
import { seedDemoConsents } from '../areas/consents/demoSeed';
import { seedDemoFaces } from '../areas/faces/demoSeed';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', level: 'panel', name: 'Stüdyo Yöneticisi' },
  { email: 'okul@demo.test', level: 'school', name: 'Okul Yöneticisi' },
  { email: 'sube@demo.test', level: 'branch', name: 'Şube Yöneticisi' },
] as const;

const DEMO_SCHOOLS = [
  {
    name: 'Atatürk Anadolu Lisesi',
    code: 'ATA2026',
    cityId: 6,
    district: 'Çankaya',
    branches: [
      ['12', 'A'],
      ['12', 'B'],
      ['12', 'C'],
    ],
  },
  {
    name: 'Işıklar Fen Lisesi',
    code: 'ISIK2026',
    cityId: 35,
    district: 'Karşıyaka',
    branches: [
      ['12', 'I'],
      ['12', 'İ'],
    ],
  },
  {
    name: 'Şehit Ömer Halisdemir Lisesi',
    code: 'SOHL2026',
    cityId: 34,
    district: 'Üsküdar',
    branches: [
      ['11', 'A'],
      ['12', 'A'],
      ['12', 'Ç'],
      ['12', 'Ş'],
    ],
  },
] as const;

const DAY_MS = 86_400_000;
/** The day `n` days from today ('yyyy-mm-dd'; n < 0 for the past). */
const dayFromToday = (n: number) => todayInTurkey(new Date(Date.now() + n * DAY_MS));

/** The school year a day falls in: from September on it is this year's, before it last year's ("2025-2026"). */
function schoolYearOf(now: Date): string {
  const first = now.getMonth() >= 8 ? now.getFullYear() : now.getFullYear() - 1;
  return `${first}-${first + 1}`;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await countWhere(db, studios, undefined)) === 0;
}

/** `files` given (the app's start): the demo students get portraits too. */
export async function seedDemo(db: Db, files?: FileStore): Promise<void> {
  const rand = seededRandom(2025);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const studio = await insertOne(tx, studios, {
      name: 'Demo Fotoğraf Stüdyosu',
      phone: '0312 555 12 34',
      email: 'iletisim@demo.test',
      address: 'Kızılay Mah. Atatürk Bulvarı No: 10',
      cityId: 6,
      website: 'https://demo.test',
    });
    let firstSchool: number | undefined;
    let firstBranch: number | undefined;
    let lastSchool: { id: number; branchIds: number[] } | undefined;
    let number = 100;
    for (const [i, s] of DEMO_SCHOOLS.entries()) {
      const school = await insertOne(tx, schools, {
        studioId: studio.id,
        name: s.name,
        code: s.code,
        cityId: s.cityId,
        district: s.district,
        address: `${s.district} Mah. Okul Sok. No: ${i + 1}`,
        phone: `0212 444 0${i} 0${i}`,
        email: `bilgi${i + 1}@okul.demo.test`,
        // The demo is seeded on the day it starts: its deadlines lie ahead, two, four and six weeks away.
        academicYear: schoolYearOf(new Date()),
        messageDeadline: dayFromToday(12 + i * 14),
        searchKey: searchKey(s.name),
        sortKey: orderKey(s.name),
      });
      firstSchool ??= school.id;
      lastSchool = { id: school.id, branchIds: [] };
      for (const [grade, section] of s.branches) {
        const branch = await insertOne(tx, branches, {
          studioId: studio.id,
          schoolId: school.id,
          grade: Number(grade),
          section,
          sectionKey: orderKey(section),
        });
        firstBranch ??= branch.id;
        lastSchool.branchIds.push(branch.id);
        const size = rand.int(20, 30);
        const rows = [];
        for (let k = 0; k < size; k++) {
          const female = rand.chance(0.5);
          number += rand.int(1, 7);
          rows.push({
            ...studentRow({
              studioId: studio.id,
              schoolId: school.id,
              branchId: branch.id,
              schoolNumber: String(number),
              firstName: rand.pick(female ? FEMALE_NAMES : MALE_NAMES),
              lastName: rand.pick(LAST_NAMES),
              gender: female ? 'female' : 'male',
            }),
          });
        }
        await tx.insert(students).values(rows);
      }
    }
    /** A staff account of the demo studio; `searchText` is what the managers list finds it by. */
    const account = (
      a: { level: Level; name: string; email: string; schoolId: number | null; branchId: number | null; phone?: string; active?: boolean },
      searchText: string,
    ) => ({
      ...a,
      studioId: studio.id,
      passwordHash,
      searchKey: searchKey(searchText),
      sortKey: orderKey(a.name),
    });
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) =>
        account(
          {
            level: a.level,
            name: a.name,
            email: a.email,
            schoolId: a.level === 'panel' ? null : (firstSchool ?? null),
            branchId: a.level === 'branch' ? (firstBranch ?? null) : null,
          },
          a.name,
        ),
      ),
    );
    // Managers for the third school, so its manager screens have rows to show.
    if (lastSchool) {
      const { id: schoolId, branchIds } = lastSchool;
      const managers = [
        { level: 'school' as const, name: 'Ayşe Çiftçi', email: 'ayse.ciftci@demo.test', branchId: null },
        ...branchIds.slice(0, 3).map((branchId, i) => {
          const name = `${rand.pick(FEMALE_NAMES)} ${rand.pick(LAST_NAMES)}`;
          return { level: 'branch' as const, name, email: `sube${i + 2}@demo.test`, branchId };
        }),
      ];
      await tx
        .insert(users)
        .values(
          managers.map((m) =>
            account({ ...m, schoolId, phone: '0532 000 00 00', active: m.level === 'school' || m.email !== 'sube4@demo.test' }, `${m.name} ${m.email}`),
          ),
        );
    }
    await seedDemoMessages(tx, studio.id);
  });
  await seedDemoNotificationsAndDesign(db);
  await seedDemoAccessCodes(db);
  await seedDemoConsents(db);
  if (files) {
    await seedDemoPhotos(db, files);
    await seedDemoFaces(db, files);
  }
}
