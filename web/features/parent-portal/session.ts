/**
 * A parent's session (see api/portalSession.ts), calling /api/veli/…; a 401 while signed in goes
 * back to /veli/login. There is no user info to hold: the consent page loads all a parent sees.
 */
import { PARENT_LEVEL } from '../../../common/levels';
import { typedCalls, type ParentCalls } from '../../api/calls';
import { createPortalSession } from '../../api/portalSession';

const parent = createPortalSession<never>(PARENT_LEVEL, 'parentAuthToken', (session) => session.token !== null);
export const useParentSession = parent.useSession;
/** The consent page registers what a 401 with a held token does. */
export const onParentSessionEnded = parent.onSessionEnded;
export const { call: parentCall } = typedCalls<ParentCalls>(parent.api);

export async function signInParent(values: { schoolCode: string; schoolNumber: string; parentCode: string }): Promise<boolean> {
  const result = await parentCall('POST login', { body: values });
  if (!result) return false;
  useParentSession.getState().setToken(result.token);
  return true;
}

export async function signOutParent(): Promise<void> {
  if (useParentSession.getState().token) await parentCall('POST logout', { quiet: true });
  useParentSession.getState().clear();
}
