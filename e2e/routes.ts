/**
 * Every route of the app a level can open, with real ids from the demo seed: the route list of
 * the spec, as a signed-in page's own calls find its school, branch and a student.
 */
import { expect, type Page } from '@playwright/test';
import type { Level } from './helpers';

async function get<T>(page: Page, level: Level, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const answer = await page.request.get(`/api/${level}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

/** The school and branch the level's screens are opened for: its own, or the first it reaches. */
async function placeOf(page: Page, level: Level) {
  const user = await get<{ school?: { id: number } | null; branch?: { id: number } | null }>(page, level, 'user');
  const schoolId = user.school?.id ?? (await get<{ items: Array<{ id: number }> }>(page, level, 'schools?perPage=10')).items[0]!.id;
  const branchId = user.branch?.id ?? (await get<{ items: Array<{ id: number }> }>(page, level, `schools/${schoolId}/branches?perPage=10`)).items[0]!.id;
  return { schoolId, branchId };
}

/** The paths of every screen of the signed-in level (the page must be signed in as `level`). */
export async function routesOf(page: Page, level: Level): Promise<string[]> {
  const { schoolId, branchId } = await placeOf(page, level);
  const studentId = (await get<{ items: Array<{ id: number }> }>(page, level, `branches/${branchId}/students?perPage=10`)).items[0]!.id;
  const common = ['/', `/students/${branchId}`, `/branch-messages/${branchId}`, `/messages/branch/${branchId}`];
  const studentLists = [`/messages/from/${studentId}`, `/messages/to/${studentId}`, '/message-from', '/message-to', '/nickname-messages', '/notifies'];
  if (level === 'branch') return [...common, ...studentLists];
  const schoolLevel = [
    `/branches/${schoolId}`,
    `/school-messages/${schoolId}`,
    `/messages/school/${schoolId}`,
    `/branch-managers/${branchId}`,
    ...common,
    ...studentLists,
    '/design',
  ];
  if (level === 'school') return schoolLevel;
  return ['/schools', `/school-managers/${schoolId}`, ...schoolLevel, '/studio'];
}

/**
 * The event photo screens of the signed-in level, which are not lists of records: the albums of
 * its school and branch, one album, its face review, the event pages and the album's pages.
 */
export async function eventScreensOf(page: Page, level: Level, albumId: number): Promise<string[]> {
  const { schoolId, branchId } = await placeOf(page, level);
  const albums = level === 'branch' ? [`/branch-albums/${branchId}`] : [`/school-albums/${schoolId}`, `/branch-albums/${branchId}`];
  return [...albums, `/albums/${albumId}`, `/albums/${albumId}/faces`, '/event-pages', `/event-pages/${albumId}`];
}
