/**
 * A reminder to some of a branch's students as two routes on one path: GET shows whom it would
 * go to, its text and why it cannot go now; POST sends it. The branch must be in the caller's
 * scope (404 outside it).
 */
import { idParams } from '../../../common/schemas/fields';
import { errorResponse } from '../../../common/schemas/list';
import { reminderAnswer, remindResponse, type ReminderPreview } from '../../../common/schemas/student';
import { branchInScope, type BranchRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { callerOf, type Api, type routeDocs } from '../../http/types';

interface BranchReminder {
  /** A path with the branch's `:id`. */
  path: string;
  docs: ReturnType<typeof routeDocs>;
  previewSummary: string;
  sendSummary: string;
  /** Sending is refused (423) while the branch's book is approved. */
  refusedWhenLocked?: boolean;
  preview: (db: Db, branch: BranchRow) => Promise<ReminderPreview>;
  send: (db: Db, caller: Caller, branch: BranchRow) => Promise<number>;
}

export function branchReminderRoutes(app: Api, reminder: BranchReminder) {
  app.get(
    reminder.path,
    reminder.docs(reminder.previewSummary, { params: idParams, response: { 200: reminderAnswer, 404: errorResponse } }),
    async (request) => {
      const branch = await branchInScope(app.db, callerOf(request), request.params.id);
      return { success: true as const, ...(await reminder.preview(app.db, branch)) };
    },
  );

  const refusals = reminder.refusedWhenLocked ? { 409: errorResponse, 423: errorResponse } : { 409: errorResponse };
  app.post(
    reminder.path,
    reminder.docs(reminder.sendSummary, { params: idParams, response: { 200: remindResponse, 404: errorResponse, ...refusals } }),
    async (request) => {
      const caller = callerOf(request);
      const branch = await branchInScope(app.db, caller, request.params.id);
      return { success: true as const, count: await reminder.send(app.db, caller, branch) };
    },
  );
}
