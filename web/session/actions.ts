/** Session actions: load user info, sign in, sign out. */
import type { Level } from '../../common/levels';
import type { UserResponse } from '../../common/schemas/auth';
import { api } from '../api';
import { useSession } from './store';

/** GET user; success with userInfo logs the user in. */
export async function loadUser(): Promise<boolean> {
  if (!useSession.getState().token) return false;
  const result = await api.get<UserResponse>('user');
  if (!result || !result.success || !result.userInfo) return false;
  const { success: _success, ...info } = result;
  useSession.getState().setInfo(info);
  if (info.level !== useSession.getState().level) useSession.getState().setLevel(info.level);
  return true;
}

export async function signIn(level: Level, email: string, password: string): Promise<boolean> {
  useSession.getState().setLevel(level);
  const result = await api.post<{ success: true; token: string }>('login', { email, password });
  if (!result) return false;
  useSession.getState().setToken(result.token);
  return loadUser();
}

/** Posts logout, then clears all held info and removes the token. */
export async function signOut(): Promise<void> {
  if (useSession.getState().token) await api.post('logout', undefined, { quiet: true });
  useSession.getState().clear();
}
