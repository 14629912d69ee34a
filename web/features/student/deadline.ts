/** The school's deadline as the student pages show it. */
import { displayDate, fromApiDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { useStudentSession } from './session';

/** Whole days from today to the deadline (0 on its day). */
export function daysUntil(deadline: string, now: Date = new Date()): number {
  const end = fromApiDate(deadline);
  if (!end) return 0;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.round((end.getTime() - today.getTime()) / 86_400_000));
}

/** Whether writing is open (the server decides; this only shows it) and the Turkish line about the deadline. */
export function useDeadline() {
  const stats = useStudentSession((s) => s.user?.statistics);
  const deadline = stats?.deadline ?? null;
  const open = stats?.open ?? true;
  const line = !deadline
    ? tr.student.portal.noDeadline
    : open
      ? tr.student.portal.deadline(displayDate(deadline))
      : tr.student.portal.closed(displayDate(deadline));
  return { deadline, open, line };
}
