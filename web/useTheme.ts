import { useMemo } from 'react';
import { useSession } from './session/store';
import { themeOf } from './theme';

/** The panel takes its primary colour from the studio's yearbook design, which user info carries. */
export function useTheme() {
  const primary = useSession((s) => s.info?.design.primaryColor ?? '#1c7ed6');
  return useMemo(() => themeOf(primary), [primary]);
}
