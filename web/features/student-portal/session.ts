/**
 * The student's session (see api/portalSession.ts), with its user info, calling /api/student/…;
 * a 401 while signed in goes back to /student/login, as for staff.
 */
import { STUDENT_LEVEL } from '../../../common/levels';
import type { StudentUser } from '../../../common/schemas/student';
import { typedCalls, type StudentCalls } from '../../api/calls';
import { createPortalSession } from '../../api/portalSession';

const student = createPortalSession<Omit<StudentUser, 'success'>>(STUDENT_LEVEL, 'studentAuthToken', '/student/login', (session) => session.user !== null);
export const useStudentSession = student.useSession;
/** How the student layout's header ends a student's session (a 401 with a held user, or signing out). */
export const studentExit = student.exit;
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
