/** Writing schools: create, edit (archive and restore are edits of the status), delete; each with its audit entry and its logo file. */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { schoolBody, schoolUpdateBody } from '../../../common/schemas/organisation';
import { IMAGE_MAX_MB } from '../../../common/schemas/studio';
import { orderKey, searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { SchoolRow } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Db, Tx } from '../../db/client';
import { insertOne } from '../../db/rows';
import { assertVersion, updateAtVersion } from '../../db/versions';
import { branches, messages, notifications, schools, users } from '../../db/schema';
import { conflict, conflictOnDuplicate, HttpError } from '../../core/errors';
import { imageKey, normaliseImage, removeImage, storeImage, type NormalisedImage } from '../../images/branding';
import type { FileStore } from '../../storage/store';
import { changedFields, recordAudit } from '../../core/audit';
import { dropAlbumsOf } from '../albums/writes';
import { removePhotoFiles } from '../photos/writes';
import { studentCountOfSchool } from './queries';

type SchoolBody = z.infer<typeof schoolBody>;

const LOGO_MAX_BYTES = IMAGE_MAX_MB.schoolLogo * 1024 * 1024;

function rowValues(body: SchoolBody) {
  return {
    name: body.name,
    cityId: body.cityId,
    district: body.district,
    address: body.address,
    phone: body.phone,
    email: body.email,
    academicYear: body.academicYear,
    messageDeadline: body.messageDeadline,
    ...(body.deliveryDate === undefined ? {} : { deliveryDate: body.deliveryDate }),
    ...(body.code === undefined ? {} : { code: body.code }),
    status: body.status,
    searchKey: searchKey(`${body.name} ${body.district}`),
    sortKey: orderKey(body.name),
  };
}

/**
 * The logo sent as a data URL, checked by its content and normalised before anything is
 * written: the images to store, null to remove them, undefined to keep them.
 */
async function logoOf(body: SchoolBody): Promise<NormalisedImage | null | undefined> {
  if (body.logo === undefined || body.logo === null) return body.logo;
  const bytes = Buffer.from(body.logo.slice(body.logo.indexOf(',') + 1), 'base64');
  if (bytes.length > LOGO_MAX_BYTES) {
    const message = tr.studio.tooLarge(IMAGE_MAX_MB.schoolLogo);
    throw new HttpError(413, message, { logo: message });
  }
  return normaliseImage(bytes, 'school-logo', { field: 'logo', message: tr.organisation.validation.logo });
}

/** Stores or removes the logo file and points the row at it (inside the row's transaction). */
async function saveLogo(tx: Tx, images: FileStore, schoolId: number, logo: NormalisedImage | null | undefined) {
  if (logo === undefined) return;
  const key = imageKey('school-logo', schoolId);
  if (logo) await storeImage(images, 'school-logo', schoolId, logo);
  else await removeImage(images, 'school-logo', schoolId);
  await tx
    .update(schools)
    .set({ logoPath: logo ? key : null })
    .where(eq(schools.id, schoolId));
}

/** Two schools never share the code students type. */
const codeTaken = () => conflict('code', tr.student.schoolCodeTaken);

/** Draws before giving up; each draw is taken with a chance of (schools on the server) in 16 million. */
const CODE_DRAWS = 8;

/**
 * A code no school has yet, for a school created without one: six upper-case hex digits, as the
 * column's default makes them. The default alone would now and then draw a code already taken,
 * and the person adding a school would read that a code they never typed is in use.
 */
export async function freeSchoolCode(db: Db, draw = () => randomBytes(3).toString('hex').toUpperCase()): Promise<string> {
  for (let i = 0; i < CODE_DRAWS; i++) {
    const code = draw();
    const [taken] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, code)).limit(1);
    if (!taken) return code;
  }
  throw codeTaken();
}

/** A school's audit entries are filed under the school itself. */
const asSubject = (school: { id: number }) => ({ id: school.id, schoolId: school.id });

/** Audit entries keep the logo out: it is an image, not a readable change. */
const auditable = (row: Record<string, unknown>) => {
  const { logoPath, searchKey: _s, sortKey: _o, updatedAt: _u, createdAt: _c, version: _v, ...rest } = row;
  return { ...rest, logo: logoPath ? 'image' : null };
};

/** A new school of the caller's studio; answers its id. */
export async function createSchool(db: Db, images: FileStore, caller: Caller, body: SchoolBody): Promise<number> {
  const logo = await logoOf(body);
  return db.transaction(async (tx) => {
    const code = body.code ?? (await freeSchoolCode(tx));
    const row = await conflictOnDuplicate(codeTaken, () => insertOne(tx, schools, { studioId: caller.studioId, ...rowValues(body), code }));
    await saveLogo(tx, images, row.id, logo);
    await recordAudit(tx, caller, 'create', 'school', asSubject(row), changedFields({}, auditable({ ...row, logoPath: logo ? 'image' : null })));
    return row.id;
  });
}

/** Saves the school's fields; a change of status is recorded as archive or restore. */
export async function updateSchool(db: Db, images: FileStore, caller: Caller, before: SchoolRow, body: z.infer<typeof schoolUpdateBody>): Promise<void> {
  assertVersion(before, body.version);
  const logo = await logoOf(body);
  await db.transaction(async (tx) => {
    // The fields first: a stale edit stops here, before the logo file is touched.
    const after = await conflictOnDuplicate(codeTaken, () =>
      updateAtVersion(tx, schools, before.id, body.version, { ...rowValues(body), updatedAt: new Date() }),
    );
    await saveLogo(tx, images, before.id, logo);
    const action = before.status !== after.status ? (after.status === 'archived' ? 'archive' : 'restore') : 'update';
    await recordAudit(tx, caller, action, 'school', asSubject(before), changedFields(auditable(before), auditable(after)));
  });
}

/**
 * Deletes a school that has no students, with everything that goes with it: branches, manager
 * accounts, its messages and notifications, its event albums and their photos, and its logo. A school with students is never
 * deleted by one click: it is archived or emptied first (409).
 */
export async function deleteSchool(db: Db, stores: { images: FileStore; photos: FileStore }, caller: Caller, school: SchoolRow): Promise<void> {
  const students = await studentCountOfSchool(db, school.id);
  if (students > 0) throw new HttpError(409, tr.organisation.school.hasStudents(students));
  const albumPhotoKeys = await db.transaction(async (tx) => {
    const keys = await dropAlbumsOf(tx, { schoolId: school.id });
    await tx.delete(messages).where(eq(messages.schoolId, school.id));
    await tx.delete(notifications).where(eq(notifications.schoolId, school.id));
    await tx.delete(users).where(and(eq(users.schoolId, school.id), inArray(users.level, ['school', 'branch'])));
    await tx.delete(branches).where(eq(branches.schoolId, school.id));
    await tx.delete(schools).where(eq(schools.id, school.id));
    await recordAudit(tx, caller, 'delete', 'school', asSubject(school), { name: [school.name, null] });
    return keys;
  });
  await removePhotoFiles(stores.photos, albumPhotoKeys);
  await removeImage(stores.images, 'school-logo', school.id);
}
