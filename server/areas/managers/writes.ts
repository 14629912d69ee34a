/**
 * Writing manager accounts: create, edit (activate, deactivate, new password), delete; each with
 * its audit entry. Deactivating, deleting or a new password ends the account's sessions.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { managerCreateBody, managerUpdateBody } from '../../../common/schemas/organisation';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { ManagerRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { insertOne } from '../../db/rows';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { users } from '../../db/schema';
import { conflict, conflictOnDuplicate } from '../../core/errors';
import { changedFields, recordAudit } from '../../core/audit';
import { generatePassword } from './passwords';
import type { ManagerKind } from './queries';

/** Where a new account belongs: its school, and its branch for a branch manager. */
export interface ManagerOwner {
  schoolId: number;
  branchId: number | null;
}

/** What a write answers: the account's id, and the password when the server made one (shown once). */
export interface ManagerSaved {
  id: number;
  generatedPassword?: string;
}

const emailTaken = () => conflict('email', tr.organisation.manager.emailTaken);
const auditable = (row: ManagerRow) => ({ name: row.name, email: row.email, phone: row.phone, active: row.active });
const entity = (kind: ManagerKind) => `${kind}Manager`;

/** E-mail is the login, so it is unique over every account of every studio. */
async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  if (row) throw emailTaken();
}

/** The fields a form sets, with the stored search and order keys. */
function accountFields(body: { name: string; email: string; phone: string; active: boolean }) {
  return {
    name: body.name,
    email: body.email,
    phone: body.phone,
    active: body.active,
    searchKey: searchKey(`${body.name} ${body.email}`),
    sortKey: orderKey(body.name),
  };
}

/** The password to set: the chosen one, a generated one when asked for (answered once), or none. */
async function newPassword(chosen: string | undefined, generate: boolean) {
  const generatedPassword = !chosen && generate ? generatePassword() : undefined;
  const password = chosen || generatedPassword;
  return { generatedPassword, passwordHash: password ? await hashPassword(password) : undefined };
}

export async function createManager(
  db: Db,
  caller: Caller,
  kind: ManagerKind,
  owner: ManagerOwner,
  body: z.output<typeof managerCreateBody>,
): Promise<ManagerSaved> {
  await assertEmailFree(db, body.email);
  const { generatedPassword, passwordHash } = await newPassword(body.password, true);
  if (!passwordHash) throw new Error('a new account always gets a password');
  const id = await conflictOnDuplicate(emailTaken, () =>
    db.transaction(async (tx) => {
      const row = await insertOne(tx, users, { studioId: caller.studioId, level: kind, ...owner, ...accountFields(body), passwordHash });
      await recordAudit(tx, caller, 'create', entity(kind), row, changedFields({}, auditable(row)));
      return row.id;
    }),
  );
  return { id, generatedPassword };
}

export async function updateManager(
  db: Db,
  caller: Caller,
  kind: ManagerKind,
  before: ManagerRow,
  body: z.output<typeof managerUpdateBody>,
): Promise<ManagerSaved> {
  assertVersion(before, body.version);
  await assertEmailFree(db, body.email, before.id);
  const { generatedPassword, passwordHash } = await newPassword(body.password, body.resetPassword === true);
  await conflictOnDuplicate(emailTaken, () =>
    db.transaction(async (tx) => {
      const after = await updateAtVersion(tx, users, before.id, body.version, {
        ...accountFields(body),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      });
      // A deactivated account or a new password must not leave an old session open.
      if (!after.active || passwordHash) await revokeUserSessions(tx, before.id);
      const changes: Record<string, unknown> = changedFields(auditable(before), auditable(after));
      if (passwordHash) changes.password = ['***', '***'];
      const action = passwordHash ? 'resetPassword' : 'update';
      await recordAudit(tx, caller, action, entity(kind), before, changes);
    }),
  );
  return { id: before.id, generatedPassword };
}

/** Deletes the account; its sessions end at once. */
export async function deleteManager(db: Db, caller: Caller, kind: ManagerKind, row: ManagerRow): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, row.id);
    await tx.delete(users).where(eq(users.id, row.id));
    await recordAudit(tx, caller, 'delete', entity(kind), row, { name: [row.name, null], email: [row.email, null] });
  });
}
