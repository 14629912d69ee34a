/** The route guards: user info before any route but Login, and the Schools route's admin flag. */
import { redirect } from 'react-router';
import { ensureUser } from './actions';
import { useSession } from './store';

/** Before any route but Login: load user info if none is held; on failure go to /{level}/login. */
export async function requireUser(): Promise<null> {
  if (useSession.getState().info) return null;
  if (await ensureUser()) return null;
  throw redirect(`/${useSession.getState().level}/login`);
}

/** The start of the caller's own area: panel → Home, school → its branches, branch → its students. */
function ownAreaPath(): string {
  const info = useSession.getState().info;
  if (info?.level === 'school' && info.school) return `/branches/${info.school.id}`;
  if (info?.level === 'branch' && info.branch) return `/students/${info.branch.id}`;
  return '/';
}

/**
 * Loader for routes whose meta carries the admin flag: only level panel may open them.
 * Child loaders run beside the layout's, so this one waits for user info itself.
 */
export async function adminOnly(): Promise<null> {
  await requireUser();
  if (useSession.getState().info?.level !== 'panel') throw redirect(ownAreaPath());
  return null;
}
