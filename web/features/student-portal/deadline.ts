/** The school's deadline as the student pages show it. */
import { daysBetween, displayDate, isApiDate, todayInTurkey } from '../../../common/dates';
import { student } from '../../../common/tr/student';
import { useStudentSession } from './session';

/** Whole days from Türkiye's today to the deadline (0 on its day). */
export function daysUntil(deadline: string, now: Date = new Date()): number {
  if (!isApiDate(deadline)) return 0;
  return Math.max(0, daysBetween(todayInTurkey(now), deadline));
}

/** Whether writing is open (the server decides; this only shows it) and the Turkish line about why. */
export function useDeadline() {
  const stats = useStudentSession((s) => s.user?.statistics);
  const deadline = stats?.deadline ?? null;
  const open = stats?.open ?? true;
  const line = stats?.locked
    ? student.portal.locked
    : !deadline
      ? student.portal.noDeadline
      : open
        ? student.portal.deadline(displayDate(deadline))
        : student.portal.closed(displayDate(deadline));
  return { deadline, open, line };
}
