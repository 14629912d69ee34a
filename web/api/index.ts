/** The one api client of the web app, wired to the session store and the toasts. */
import { useSession } from '../session/store';
import { toast } from '../toast';
import { createApiClient } from './client';
import { typedCalls, type StaffCalls } from './calls';

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

let sessionEndedHandler: () => void = () => {};
/** The router registers what a 401 with a held user does (log out, go to the login page). */
export function onSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

export const api = createApiClient({
  baseUrl: API_BASE,
  getLevel: () => useSession.getState().level,
  getToken: () => useSession.getState().token,
  hasUser: () => useSession.getState().info !== null,
  onSessionEnded: () => sessionEndedHandler(),
  toast,
});

/** The staff calls, typed by the routes' schemas (see calls.ts). */
export const { call, upload } = typedCalls<StaffCalls>(api);
