/**
 * The student's session, apart from staff's: its own token key in the browser, its own user
 * info, and an api client that calls /api/student/… with that token. A 401 while signed in
 * ends the session and goes back to /student/login, as for staff.
 */
import { create } from 'zustand';
import { STUDENT_LEVEL } from '../../../common/levels';
import type { StudentUser } from '../../../common/schemas/student';
import { typedCalls, type StudentCalls } from '../../api/calls';
import { createApiClient } from '../../api/client';
import { toast } from '../../toast';

const TOKEN_KEY = 'studentAuthToken';

interface StudentSession {
  token: string | null;
  user: Omit<StudentUser, 'success'> | null;
  setToken(token: string): void;
  setUser(user: Omit<StudentUser, 'success'>): void;
  clear(): void;
}

export const useStudentSession = create<StudentSession>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  user: null,
  setToken: (token) => {
    localStorage.setItem(TOKEN_KEY, token);
    set({ token });
  },
  setUser: (user) => set({ user }),
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    set({ token: null, user: null });
  },
}));

let sessionEnded: () => void = () => {};
/** The student layout registers what a 401 with a held user does. */
export function onStudentSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

const studentApi = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  getLevel: () => STUDENT_LEVEL,
  getToken: () => useStudentSession.getState().token,
  hasUser: () => useStudentSession.getState().user !== null,
  onSessionEnded: () => sessionEnded(),
  toast,
});
/** The student portal's calls, typed by the routes' schemas (see api/calls.ts). */
export const { call: studentCall } = typedCalls<StudentCalls>(studentApi);

/** GET student/user; success logs the student in. */
export async function loadStudent(): Promise<boolean> {
  if (!useStudentSession.getState().token) return false;
  const result = await studentCall('GET user');
  if (!result || !result.success) return false;
  const { success: _success, ...user } = result;
  useStudentSession.getState().setUser(user);
  return true;
}

export async function signInStudent(values: { schoolCode: string; schoolNumber: string; accessCode: string }): Promise<boolean> {
  const result = await studentCall('POST login', { body: values });
  if (!result) return false;
  useStudentSession.getState().setToken(result.token);
  return loadStudent();
}

export async function signOutStudent(): Promise<void> {
  if (useStudentSession.getState().token) await studentCall('POST logout', { quiet: true });
  useStudentSession.getState().clear();
}
