/**
 * The session of a portal whose people sign in with a code (students, parents), apart from
 * staff's: its own token key in the browser, the user info it holds if any, and an api client
 * that calls the portal's /api/<level>/… with that token. A 401 while signed in runs what the
 * portal's frame registered (clear and back to its sign-in), and `exit` is how the frame ends it.
 */
import { create } from 'zustand';
import type { ApiLevel } from '../../common/levels';
import { toast } from '../toast';
import { createApiClient } from './client';

interface PortalSession<User> {
  token: string | null;
  user: User | null;
  setToken(token: string): void;
  setUser(user: User): void;
  clear(): void;
}

/** How one portal's session ends: its sign-in page, its 401 hook, and its own clear and sign-out. */
export interface PortalExit {
  loginPath: string;
  onSessionEnded(handler: () => void): void;
  clear(): void;
  /** Ends the session on the server (when a token is held) and in the browser. */
  signOut(): Promise<void>;
}

/** `signedIn` says when a 401 means the session ended (rather than a failed sign-in). */
export function createPortalSession<User>(level: ApiLevel, tokenKey: string, loginPath: string, signedIn: (session: PortalSession<User>) => boolean) {
  const useSession = create<PortalSession<User>>((set) => ({
    token: localStorage.getItem(tokenKey),
    user: null,
    setToken: (token) => {
      localStorage.setItem(tokenKey, token);
      set({ token });
    },
    setUser: (user) => set({ user }),
    clear: () => {
      localStorage.removeItem(tokenKey);
      set({ token: null, user: null });
    },
  }));

  let sessionEnded: () => void = () => {};
  const onSessionEnded = (handler: () => void): void => {
    sessionEnded = handler;
  };

  const api = createApiClient({
    baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
    getLevel: () => level,
    getToken: () => useSession.getState().token,
    hasUser: () => signedIn(useSession.getState()),
    onSessionEnded: () => sessionEnded(),
    toast,
  });
  const clear = () => useSession.getState().clear();
  const signOut = async () => {
    if (useSession.getState().token) await api.call('logout', { method: 'POST', quiet: true });
    clear();
  };
  const exit: PortalExit = { loginPath, onSessionEnded, clear, signOut };
  return { useSession, api, exit };
}
