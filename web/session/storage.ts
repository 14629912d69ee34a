/** What the browser keeps between visits: authToken and level (default 'panel'). */
import { DEFAULT_LEVEL, isLevel, type Level } from '../../common/levels';

const TOKEN_KEY = 'authToken';
const LEVEL_KEY = 'level';

export const storage = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  setToken: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  removeToken: () => localStorage.removeItem(TOKEN_KEY),
  level: (): Level => {
    const value = localStorage.getItem(LEVEL_KEY);
    return isLevel(value) ? value : DEFAULT_LEVEL;
  },
  setLevel: (level: Level) => localStorage.setItem(LEVEL_KEY, level),
};
