/**
 * While it is mounted (an upload is under way, or a form holds unsaved changes), leaving the page
 * asks first: closing or reloading the tab gets the browser's own question, a move inside the app
 * gets ours, with `message` saying what would be lost.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { tr } from '../../common/tr';
import { confirmAction } from './confirm';

export function LeaveGuard({ message = tr.unsaved.uploading }: { message?: string }) {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  // Only another page counts: the lightbox moves the hash, and that leaves nothing.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({ title: tr.areYouSure, message, confirmLabel: tr.unsaved.leave }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, message]);
  return null;
}
