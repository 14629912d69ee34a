/**
 * A parent's session (see api/portalSession.ts), calling /api/veli/…; a 401 while signed in goes
 * back to /veli/login. There is no user info to hold: the consent page loads all a parent sees.
 */
import { PARENT_LEVEL } from '../../../common/levels';
import { typedCalls, type ParentCalls } from '../../api/calls';
import { createPortalSession } from '../../api/portalSession';

const parent = createPortalSession<never>(PARENT_LEVEL, 'parentAuthToken', '/veli/login', (session) => session.token !== null);
export const useParentSession = parent.useSession;
/** How the consent page's header ends a parent's session (a 401 with a held token, or signing out). */
export const parentExit = parent.exit;
export const { call: parentCall } = typedCalls<ParentCalls>(parent.api);

export async function signInParent(values: { schoolCode: string; schoolNumber: string; parentCode: string }): Promise<boolean> {
  const result = await parentCall('POST login', { body: values });
  if (!result) return false;
  useParentSession.getState().setToken(result.token);
  return true;
}
