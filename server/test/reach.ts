/** Scope checks shared by the API tests: staff reaching a student outside their own. */
import { expect } from 'vitest';
import { tr } from '../../common/tr';
import type { ApiTestKit, Caller } from './api';
import type { StudentIndex, World } from './fixtures';

type Answer = Awaited<ReturnType<Caller['get']>>;

/** Each staff level of the fixture world with a student outside its reach: another branch, school or studio. */
export const outOfReach: Array<[keyof World['accounts'], StudentIndex]> = [
  ['branch', 3],
  ['branch', 4],
  ['siblingBranch', 0],
  ['school', 4],
  ['otherSchool', 0],
  ['panel', 5],
  ['foreignPanel', 0],
  ['foreignSchool', 0],
];

/**
 * Each fixture account's call on a world student outside its reach answers 404 with the one
 * Turkish "not found" (another branch, school or studio look alike); answers the responses.
 */
export async function expectOutOfReach(
  kit: ApiTestKit,
  cases: Array<[keyof World['accounts'], StudentIndex]>,
  call: (staff: Caller, studentId: number) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const [account, index] of cases) {
    const res = await call(await kit.as(kit.world.accounts[account]), kit.world.students[index].id);
    expect(res.status, `${account} → ${index}`).toBe(404);
    expect(res.body.message).toBe(tr.notFound);
    answers.push(res);
  }
  return answers;
}
