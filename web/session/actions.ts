/** Session actions: load user info, sign in, sign out. */
import type { Level } from '../../common/levels';
import { call } from '../api';
import { queryClient } from '../api/queryClient';
import { useSession } from './store';

let loading: Promise<boolean> | null = null;
/**
 * Loads user info unless a load is already under way: the guards of a route and of its parent
 * run side by side on a cold load, and one GET user serves both.
 */
export function ensureUser(): Promise<boolean> {
  loading ??= loadUser().finally(() => {
    loading = null;
  });
  return loading;
}

/** GET user; success with userInfo logs the user in. */
export async function loadUser(): Promise<boolean> {
  if (!useSession.getState().token) return false;
  const result = await call('GET user');
  if (!result || !result.success || !result.userInfo) return false;
  const { success: _success, ...info } = result;
  useSession.getState().setInfo(info);
  if (info.level !== useSession.getState().level) useSession.getState().setLevel(info.level);
  return true;
}

/**
 * Signs in at `level`. The held session (maybe of another level, in this tab) stays as it is
 * until the new one exists: a wrong password on another level's login page ends nothing.
 */
export async function signIn(level: Level, email: string, password: string): Promise<boolean> {
  const result = await call('POST login', { body: { email, password }, level });
  if (!result) return false;
  // The previous account of this tab ends here, and nothing it saw may show, not even for a moment.
  if (useSession.getState().token) await call('POST logout', { quiet: true });
  queryClient.clear();
  const session = useSession.getState();
  session.clear();
  session.setLevel(level);
  session.setToken(result.token);
  return loadUser();
}

/** Posts logout, then clears all held info, the answers kept for the screens, and removes the token. */
export async function signOut(): Promise<void> {
  if (useSession.getState().token) await call('POST logout', { quiet: true });
  useSession.getState().clear();
  queryClient.clear();
}
