/**
 * A parent's session, apart from staff's and students': its own token key in the browser and an
 * api client that calls /api/veli/… with it. A 401 while signed in ends it and goes back to
 * /veli/login. There is no user info to hold: the consent page loads all a parent sees.
 */
import { create } from 'zustand';
import { PARENT_LEVEL } from '../../../common/levels';
import { typedCalls, type ParentCalls } from '../../api/calls';
import { createApiClient } from '../../api/client';
import { toast } from '../../toast';

const TOKEN_KEY = 'parentAuthToken';

interface ParentSession {
  token: string | null;
  setToken(token: string): void;
  clear(): void;
}

export const useParentSession = create<ParentSession>((set) => ({
  token: localStorage.getItem(TOKEN_KEY),
  setToken: (token) => {
    localStorage.setItem(TOKEN_KEY, token);
    set({ token });
  },
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    set({ token: null });
  },
}));

let sessionEnded: () => void = () => {};
/** The consent page registers what a 401 with a held token does. */
export function onParentSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

const parentApi = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  getLevel: () => PARENT_LEVEL,
  getToken: () => useParentSession.getState().token,
  hasUser: () => useParentSession.getState().token !== null,
  onSessionEnded: () => sessionEnded(),
  toast,
});
export const { call: parentCall } = typedCalls<ParentCalls>(parentApi);

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
