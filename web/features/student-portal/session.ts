/**
 * The student's session (see api/portalSession.ts), with its user info, calling /api/student/…;
 * a 401 while signed in goes back to /student/login, as for staff.
 */
import { STUDENT_LEVEL } from '../../../common/levels';
import type { StudentUser } from '../../../common/schemas/student';
import { typedCalls, type StudentCalls } from '../../api/calls';
import { createPortalSession } from '../../api/portalSession';

const student = createPortalSession<Omit<StudentUser, 'success'>>(STUDENT_LEVEL, 'studentAuthToken', (session) => session.user !== null);
export const useStudentSession = student.useSession;
/** The student layout registers what a 401 with a held user does. */
export const onStudentSessionEnded = student.onSessionEnded;
/** The student portal's calls, typed by the routes' schemas (see api/calls.ts). */
export const { call: studentCall } = typedCalls<StudentCalls>(student.api);

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
