/** The session store (Zustand): the level, the token and the user info GET user answered. */
import { create } from 'zustand';
import type { Level } from '../../common/levels';
import type { UserResponse } from '../../common/schemas/auth';
import { storage } from './storage';

export type UserInfo = Omit<UserResponse, 'success'>;

interface SessionState {
  level: Level;
  token: string | null;
  info: UserInfo | null;
  setLevel(level: Level): void;
  setToken(token: string): void;
  setInfo(info: UserInfo): void;
  /** Clears all held info and removes the authToken. */
  clear(): void;
}

export const useSession = create<SessionState>((set) => ({
  level: storage.level(),
  token: storage.token(),
  info: null,
  setLevel: (level) => {
    storage.setLevel(level);
    set({ level });
  },
  setToken: (token) => {
    storage.setToken(token);
    set({ token });
  },
  setInfo: (info) => set({ info }),
  clear: () => {
    storage.removeToken();
    set({ token: null, info: null });
  },
}));
