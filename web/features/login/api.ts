/** Typed calls of the login page: its white label, the studio's name and logo (public GET {level}/branding). */
import { useEffect, useState } from 'react';
import type { Branding } from '../../../common/schemas/studio';
import { call } from '../../api';

/** The same for every level: one studio per deployment. */
export function useBranding(): Branding | null {
  const [branding, setBranding] = useState<Branding | null>(null);
  useEffect(() => {
    let live = true;
    // Quiet: without a branding the page shows the product's own name.
    void call('GET branding', { quiet: true }).then((result) => {
      if (live && result) setBranding(result);
    });
    return () => {
      live = false;
    };
  }, []);
  return branding;
}
