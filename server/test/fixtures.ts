/**
 * The world most API tests stand in: two studios; in the first, two schools with two branches
 * each, students, and one account per level (plus accounts for the other school and branch);
 * in the second studio, its own panel account and school. Every account's password is PASSWORD.
 */
import { orderKey, searchKey } from '../../common/text';
import type { Level } from '../../common/levels';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { insertOne } from '../db/rows';
import { studentRow } from '../areas/students/writes';
import { branches, schools, students, studios, users } from '../db/schema';

export const PASSWORD = 'Test1234!';
let passwordHash: Promise<string> | undefined;

export interface World {
  studio: { id: number };
  otherStudio: { id: number };
  school: { id: number };
  otherSchool: { id: number };
  foreignSchool: { id: number };
  branch: { id: number };
  siblingBranch: { id: number };
  otherSchoolBranch: { id: number };
  foreignBranch: { id: number };
  /** 101, 102, 103 in the branch; 201 in the sibling branch; 301 in the other school; 901 in the other studio. */
  students: [StudentRef, StudentRef, StudentRef, StudentRef, StudentRef, StudentRef];
  accounts: {
    panel: Account;
    school: Account;
    branch: Account;
    otherSchool: Account;
    siblingBranch: Account;
    foreignPanel: Account;
    foreignSchool: Account;
  };
}
/** A position in World['students']. */
export type StudentIndex = 0 | 1 | 2 | 3 | 4 | 5;

interface StudentRef {
  id: number;
  branchId: number;
}
export interface Account {
  id: number;
  email: string;
  level: Level;
}

export async function createWorld(db: Db): Promise<World> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const studio = await insertOne(db, studios, { name: 'Test Stüdyosu', cityId: 6 });
  const otherStudio = await insertOne(db, studios, { name: 'Rakip Stüdyo', cityId: 35 });

  const school = async (studioId: number, name: string, cityId: number) =>
    await insertOne(db, schools, { studioId, name, cityId, searchKey: searchKey(name), sortKey: orderKey(name), academicYear: '2025-2026' });
  const branch = async (studioId: number, schoolId: number, grade: number, section: string) =>
    await insertOne(db, branches, { studioId, schoolId, grade, section, sectionKey: orderKey(section) });

  const s1 = await school(studio.id, 'Işıklar Anadolu Lisesi', 6);
  const s2 = await school(studio.id, 'Şehit Öğretmen Lisesi', 34);
  const sx = await school(otherStudio.id, 'Rakip Okul', 35);
  const b1 = await branch(studio.id, s1.id, 12, 'A');
  const b2 = await branch(studio.id, s1.id, 12, 'B');
  const b3 = await branch(studio.id, s2.id, 12, 'A');
  const bx = await branch(otherStudio.id, sx.id, 12, 'A');

  const people = [
    [b1, '101', 'Şule', 'Işık', 'female'],
    [b1, '102', 'Ömer', 'Çelik', 'male'],
    [b1, '103', 'İpek', 'Ünal', 'female'],
    [b2, '201', 'Ilgaz', 'Yılmaz', 'male'],
    [b3, '301', 'Çağla', 'Öztürk', 'female'],
    [bx, '901', 'Zeynep', 'Kaya', 'female'],
  ] as const;
  const studentRows = await db
    .insert(students)
    .values(
      people.map(([b, schoolNumber, firstName, lastName, gender]) =>
        studentRow({ studioId: b.studioId, schoolId: b.schoolId, branchId: b.id, schoolNumber, firstName, lastName, gender }),
      ),
    )
    .returning({ id: students.id, branchId: students.branchId });
  const [s101, s102, s103, s201, s301, s901] = studentRows;
  if (!s101 || !s102 || !s103 || !s201 || !s301 || !s901) throw new Error('the world needs its six students');

  const account = async (email: string, level: Level, studioId: number, schoolId: number | null, branchId: number | null, name: string) => {
    const row = await insertOne(db, users, {
      studioId,
      level,
      email,
      name,
      passwordHash: hash,
      schoolId,
      branchId,
      searchKey: searchKey(name),
      sortKey: orderKey(name),
    });
    return { id: row.id, email, level };
  };

  return {
    studio,
    otherStudio,
    school: s1,
    otherSchool: s2,
    foreignSchool: sx,
    branch: b1,
    siblingBranch: b2,
    otherSchoolBranch: b3,
    foreignBranch: bx,
    students: [s101, s102, s103, s201, s301, s901],
    accounts: {
      panel: await account('panel@test.test', 'panel', studio.id, null, null, 'Panel Kullanıcısı'),
      school: await account('okul@test.test', 'school', studio.id, s1.id, null, 'Okul Yöneticisi'),
      branch: await account('sube@test.test', 'branch', studio.id, s1.id, b1.id, 'Şube Yöneticisi'),
      otherSchool: await account('okul2@test.test', 'school', studio.id, s2.id, null, 'Diğer Okul Yöneticisi'),
      siblingBranch: await account('sube2@test.test', 'branch', studio.id, s1.id, b2.id, 'Diğer Şube Yöneticisi'),
      foreignPanel: await account('rakip@test.test', 'panel', otherStudio.id, null, null, 'Rakip Panel'),
      foreignSchool: await account('rakipokul@test.test', 'school', otherStudio.id, sx.id, null, 'Rakip Okul Yöneticisi'),
    },
  };
}

/** The studio's panel account as a signed-in caller, for calling queries directly. */
export const panelCaller = (world: World) =>
  ({ userId: 0, sessionId: 0, studioId: world.studio.id, level: 'panel', schoolId: null, branchId: null, name: '', email: '' }) as const;
