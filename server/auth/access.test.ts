/**
 * The access module, level by level and row by row: for every kind of row, one in the caller's
 * own branch, one in a sibling branch of the same school, one in another school of the studio and
 * one in another studio. A loader answers the row or throws 404; a list filter keeps exactly the
 * rows the loader would answer.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { auditLog, branches, messages, nicknames, notifications, photos, schools, students, users } from '../db/schema';
import { single } from '../db/rows';
import { HttpError } from '../core/errors';
import { useApiTestKit } from '../test/api';
import {
  auditWhere,
  branchesWhere,
  branchInScope,
  managersWhere,
  managerInScope,
  messageInScope,
  nicknameInScope,
  notificationInScope,
  photoInScope,
  schoolInScope,
  schoolsWhere,
  scopeWhere,
  studentInScope,
} from './access';
import type { Caller } from './caller';

const kit = useApiTestKit();

type Position = 'own' | 'sibling' | 'otherSchool' | 'otherStudio';
const POSITIONS: Position[] = ['own', 'sibling', 'otherSchool', 'otherStudio'];
type CallerLevel = 'panel' | 'school' | 'branch';

/** Who reaches a row of a branch in each position. */
const REACH: Record<CallerLevel, Position[]> = {
  panel: ['own', 'sibling', 'otherSchool'],
  school: ['own', 'sibling'],
  branch: ['own'],
};

interface Place {
  studioId: number;
  schoolId: number;
  branchId: number;
  studentId: number;
}

let places: Record<Position, Place>;
let callers: Record<CallerLevel, Caller>;

function callerFor(level: CallerLevel): Caller {
  const own = places.own;
  return {
    userId: kit.world.accounts[level].id,
    sessionId: 0,
    studioId: own.studioId,
    level,
    schoolId: level === 'panel' ? null : own.schoolId,
    branchId: level === 'branch' ? own.branchId : null,
    name: level,
    email: kit.world.accounts[level].email,
  };
}

beforeEach(() => {
  const w = kit.world;
  const student = (branchId: number) => w.students.find((s) => s.branchId === branchId)!.id;
  const place = (branch: { id: number; schoolId: number; studioId: number }): Place => ({
    studioId: branch.studioId,
    schoolId: branch.schoolId,
    branchId: branch.id,
    studentId: student(branch.id),
  });
  const rows = (b: unknown) => b as { id: number; schoolId: number; studioId: number };
  places = {
    own: place(rows(w.branch)),
    sibling: place(rows(w.siblingBranch)),
    otherSchool: place(rows(w.otherSchoolBranch)),
    otherStudio: place(rows(w.foreignBranch)),
  };
  callers = { panel: callerFor('panel'), school: callerFor('school'), branch: callerFor('branch') };
});

/** Whether the loader answers the row (true) or 404 (false); any other error fails the test. */
async function reaches(load: () => Promise<unknown>): Promise<boolean> {
  try {
    await load();
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return false;
    throw error;
  }
}

/** One row of each kind in each position, made by `make`; answers their ids by position. */
async function rowsIn(make: (place: Place) => Promise<number>): Promise<Record<Position, number>> {
  const ids = {} as Record<Position, number>;
  for (const position of POSITIONS) ids[position] = await make(places[position]);
  return ids;
}

const insertId = async (query: Promise<Array<{ id: number }>>) => single(await query).id;

type Kind = 'student' | 'photo' | 'message' | 'nickname' | 'notification' | 'branchManager';
const KINDS: Kind[] = ['student', 'photo', 'message', 'nickname', 'notification', 'branchManager'];

/** Where a row of a branch belongs, as its columns carry it; and a student of that branch writing to itself. */
const at = (p: Place) => ({ studioId: p.studioId, schoolId: p.schoolId, branchId: p.branchId });
const byItself = (p: Place) => ({ ...at(p), fromStudentId: p.studentId, toStudentId: p.studentId });

/** One row of each kind in a place; answers its id. */
const makers: Record<Kind, (db: Db, p: Place) => Promise<number>> = {
  student: async (_db, p) => p.studentId,
  photo: (db, p) =>
    insertId(
      db
        .insert(photos)
        .values({ ...p, storageKey: `photos/${p.studentId}/x`, width: 1, height: 1, bytes: 1 })
        .returning(),
    ),
  message: (db, p) =>
    insertId(
      db
        .insert(messages)
        .values({ ...byItself(p), kind: 'student', body: 'x' })
        .returning(),
    ),
  nickname: (db, p) =>
    insertId(
      db
        .insert(nicknames)
        .values({ ...byItself(p), text: 'x' })
        .returning(),
    ),
  notification: (db, p) =>
    insertId(
      db
        .insert(notifications)
        .values({ ...at(p), targetType: 'branch', targetId: p.branchId, title: 't', body: 'b', sendDate: '2026-01-01' })
        .returning(),
    ),
  branchManager: (db, p) =>
    insertId(
      db
        .insert(users)
        .values({ ...at(p), level: 'branch', email: `b${p.branchId}@x.test`, name: 'x', passwordHash: 'x' })
        .returning(),
    ),
};

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The list filter of each kind of row, with the table it filters. */
type FilteredTable = typeof students | typeof photos | typeof messages | typeof nicknames | typeof notifications | typeof users;
const filters: Record<Kind, (caller: Caller) => { table: FilteredTable; where: SQL }> = {
  student: (caller) => ({ table: students, where: scopeWhere(caller, students) }),
  photo: (caller) => ({ table: photos, where: scopeWhere(caller, photos) }),
  message: (caller) => ({ table: messages, where: scopeWhere(caller, messages) }),
  nickname: (caller) => ({ table: nicknames, where: scopeWhere(caller, nicknames) }),
  notification: (caller) => ({ table: notifications, where: scopeWhere(caller, notifications) }),
  branchManager: (caller) => ({ table: users, where: managersWhere(caller) }),
};

const loaders: Record<Kind, (db: Db, caller: Caller, id: number) => Promise<unknown>> = {
  student: studentInScope,
  photo: photoInScope,
  message: messageInScope,
  nickname: nicknameInScope,
  notification: notificationInScope,
  branchManager: (db, caller, id) => managerInScope(db, caller, id, 'branch'),
};

describe.each(['panel', 'school', 'branch'] as const)('a %s caller', (level) => {
  it.each(KINDS)('reaches a %s in its scope only', async (kind) => {
    const ids = await rowsIn((p) => makers[kind](kit.database.db, p));
    for (const position of POSITIONS) {
      expect(await reaches(() => loaders[kind](kit.database.db, callers[level], ids[position])), `${kind} in ${position}`).toBe(
        REACH[level].includes(position),
      );
    }
  });

  it('reaches branches and schools in its scope only; a branch manager sees its own school', async () => {
    const db = kit.database.db;
    for (const position of POSITIONS) {
      const p = places[position];
      expect(await reaches(() => branchInScope(db, callers[level], p.branchId)), `branch in ${position}`).toBe(REACH[level].includes(position));
      const schoolReached = level === 'panel' ? position !== 'otherStudio' : position === 'own' || position === 'sibling';
      expect(await reaches(() => schoolInScope(db, callers[level], p.schoolId)), `school in ${position}`).toBe(schoolReached);
    }
  });

  it('manages school manager accounts only as the studio, within the studio', async () => {
    const db = kit.database.db;
    const accounts = kit.world.accounts;
    const expected = { own: level === 'panel', otherSchool: level === 'panel', otherStudio: false };
    const ids = { own: accounts.school.id, otherSchool: accounts.otherSchool.id, otherStudio: accounts.foreignSchool.id };
    for (const [position, id] of Object.entries(ids)) {
      expect(await reaches(() => managerInScope(db, callers[level], id, 'school')), `school manager in ${position}`).toBe(
        expected[position as keyof typeof expected],
      );
    }
    // A branch manager's account is not a school manager's, whoever asks.
    expect(await reaches(() => managerInScope(db, callers[level], accounts.branch.id, 'school'))).toBe(false);
  });

  it.each(KINDS)('filters a list of %s rows to exactly the rows its loader reaches', async (kind) => {
    const db = kit.database.db;
    const caller = callers[level];
    const ids = await rowsIn((p) => makers[kind](db, p));
    const { table, where } = filters[kind](caller);
    const kept = (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, Object.values(ids)), where))
    ).map((r) => r.id);
    const reached: number[] = [];
    for (const position of POSITIONS) if (await reaches(() => loaders[kind](db, caller, ids[position]))) reached.push(ids[position]);
    expect(sorted(kept)).toEqual(sorted(reached));
    expect(sorted(kept)).toEqual(sorted(REACH[level].map((position) => ids[position])));
  });

  it('filters the branches and schools lists to the ones it reaches', async () => {
    const db = kit.database.db;
    const caller = callers[level];
    const branchIds = (await db.select({ id: branches.id }).from(branches).where(branchesWhere(caller))).map((b) => b.id);
    expect(sorted(branchIds)).toEqual(sorted(REACH[level].map((position) => places[position].branchId)));

    const schoolIds = (await db.select({ id: schools.id }).from(schools).where(schoolsWhere(caller))).map((s) => s.id);
    const schoolPositions: Position[] = level === 'branch' ? ['own'] : REACH[level];
    expect(sorted(schoolIds)).toEqual(sorted([...new Set(schoolPositions.map((position) => places[position].schoolId))]));
  });
});

it.each(['panel', 'school'] as const)('keeps the audit log of a %s caller to its scope', async (level) => {
  const db = kit.database.db;
  const ids = await rowsIn(async (p) =>
    insertId(
      db
        .insert(auditLog)
        .values({ studioId: p.studioId, schoolId: p.schoolId, userName: 'x', action: 'update', entity: 'student', entityId: p.studentId })
        .returning({ id: auditLog.id }),
    ),
  );
  const kept = (await db.select({ id: auditLog.id }).from(auditLog).where(auditWhere(callers[level]))).map((r) => r.id);
  // A school's log holds every branch of it: the sibling branch's entry is the school manager's too.
  expect(sorted(kept)).toEqual(sorted(REACH[level].map((position) => ids[position])));
});

it('keeps a caller of another studio out of every row of this one, and in its own', async () => {
  const db = kit.database.db;
  const foreign = single(
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, kit.world.accounts.foreignPanel.id), inArray(users.level, ['panel']))),
  );
  const caller: Caller = {
    userId: foreign.id,
    sessionId: 0,
    studioId: foreign.studioId,
    level: 'panel',
    schoolId: null,
    branchId: null,
    name: '',
    email: '',
  };
  for (const position of ['own', 'sibling', 'otherSchool'] as const) {
    expect(await reaches(() => studentInScope(db, caller, places[position].studentId))).toBe(false);
    expect(await reaches(() => branchInScope(db, caller, places[position].branchId))).toBe(false);
    expect(await reaches(() => schoolInScope(db, caller, places[position].schoolId))).toBe(false);
  }
  expect(await reaches(() => studentInScope(db, caller, places.otherStudio.studentId))).toBe(true);
});
