/**
 * A student's data as one zip (their right of access under KVKK): veri.json with every row about
 * them, and their photos' originals streamed one after another from the store. Of a classmate it
 * holds only the name the book prints beside a message or nickname they share, never the
 * classmate's own rows.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branchName } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { StudentRow } from '../../auth/access';
import type { Db } from '../../db/client';
import { auditLog, branches, consentRecords, messages, nicknames, photos, schools, students } from '../../db/schema';
import type { ZipEntry } from '../../http/zip';
import type { FileStore } from '../../storage/store';
import { consentsOf } from '../consents/records';
import { fileKey } from '../photos/queries';
import { auditAboutStudent } from './auditAbout';

const other = alias(students, 'other');
/** A classmate as the book names them. */
const otherName = sql<string | null>`${other.firstName} || ' ' || ${other.lastName}`;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every row about the student, as the JSON of the export. */
async function studentData(db: Db, student: StudentRow) {
  const id = student.id;
  const [place] = await db
    .select({ school: schools.name, grade: branches.grade, section: branches.section })
    .from(branches)
    .innerJoin(schools, eq(schools.id, branches.schoolId))
    .where(eq(branches.id, student.branchId));
  const photoRows = await db.select().from(photos).where(eq(photos.studentId, id)).orderBy(asc(photos.id));
  const written = await db
    .select({
      id: messages.id,
      toName: otherName,
      body: messages.body,
      originalBody: messages.originalBody,
      status: messages.status,
      note: messages.note,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(other, eq(other.id, messages.toStudentId))
    .where(or(eq(messages.fromStudentId, id), eq(messages.authorStudentId, id)))
    .orderBy(asc(messages.id));
  const received = await db
    .select({
      id: messages.id,
      fromName: sql<string>`coalesce(${otherName}, ${messages.authorName})`,
      body: messages.body,
      status: messages.status,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(other, eq(other.id, messages.fromStudentId))
    .where(eq(messages.toStudentId, id))
    .orderBy(asc(messages.id));
  const nicknamesBy = await db
    .select({ id: nicknames.id, toName: otherName, text: nicknames.text, status: nicknames.status, createdAt: nicknames.createdAt })
    .from(nicknames)
    .leftJoin(other, eq(other.id, nicknames.toStudentId))
    .where(eq(nicknames.fromStudentId, id))
    .orderBy(asc(nicknames.id));
  // Who suggested a nickname for them is not printed in the book, so it is not theirs to receive.
  const nicknamesTo = await db
    .select({ id: nicknames.id, text: nicknames.text, status: nicknames.status, createdAt: nicknames.createdAt })
    .from(nicknames)
    .where(eq(nicknames.toStudentId, id))
    .orderBy(asc(nicknames.id));
  const evidence = await db
    .select({
      id: consentRecords.id,
      scanKey: consentRecords.scanKey,
      purpose: consentRecords.purpose,
      answer: consentRecords.answer,
      givenByName: consentRecords.givenByName,
      relation: consentRecords.relation,
      channel: consentRecords.channel,
      textVersion: consentRecords.textVersion,
      ip: consentRecords.ip,
      userAgent: consentRecords.userAgent,
      answeredAt: consentRecords.answeredAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.studentId, id))
    .orderBy(asc(consentRecords.id));
  const audit = await db
    .select({ action: auditLog.action, entity: auditLog.entity, userName: auditLog.userName, changes: auditLog.changes, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(auditAboutStudent(student.studioId, id, { photo: photoRows.map((p) => p.id) }))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  return {
    data: {
      exportedAt: new Date().toISOString(),
      student: {
        id,
        schoolNumber: student.schoolNumber,
        firstName: student.firstName,
        lastName: student.lastName,
        gender: student.gender,
        school: place?.school ?? '',
        branch: place ? branchName(place) : '',
        quote: student.quote,
        quoteDraft: student.quoteDraft,
        nickname: student.nickname,
        status: student.status,
        hasAccessCode: student.accessCodeHash !== null,
        hasParentCode: student.parentCodeHash !== null,
        lastSignInAt: iso(student.lastSignInAt),
        createdAt: iso(student.createdAt),
        updatedAt: iso(student.updatedAt),
      },
      consents: (await consentsOf(db, id)).map((c) => ({ purpose: c.purpose, answer: c.answer, answeredAt: iso(c.answeredAt) })),
      // A paper form's scan is in the zip beside the answer it records.
      consentEvidence: evidence.map(({ id: recordId, scanKey, ...e }) => ({
        ...e,
        scan: scanKey ? scanFileName(recordId) : null,
        answeredAt: iso(e.answeredAt),
      })),
      messagesWritten: written.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
      messagesReceived: received.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
      nicknamesSuggested: nicknamesBy.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
      nicknamesReceived: nicknamesTo.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
      photos: photoRows.map((p) => ({
        id: p.id,
        file: photoFileName(p.id),
        isPortrait: p.isPortrait,
        picked: p.id === student.portraitPickPhotoId,
        originalName: p.originalName,
        width: p.width,
        height: p.height,
        bytes: p.bytes,
        createdAt: iso(p.createdAt),
      })),
      audit: audit.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    },
    photoKeys: photoRows.map((p) => ({ id: p.id, key: p.storageKey })),
    scanKeys: evidence.flatMap((e) => (e.scanKey ? [{ id: e.id, key: e.scanKey }] : [])),
  };
}

const photoFileName = (id: number) => `fotograflar/${id}.jpg`;
const scanFileName = (recordId: number) => `veli-onay-formlari/${recordId}.jpg`;

/** The zip's entries: the JSON first, then each photo's original and each paper consent form's scan, opened only when its turn comes. */
export async function studentExportEntries(db: Db, store: FileStore, student: StudentRow): Promise<ZipEntry[]> {
  const { data, photoKeys, scanKeys } = await studentData(db, student);
  return [
    { name: 'BENIOKU.txt', data: Buffer.from(`${tr.kvkk.exportReadme}\n`, 'utf8') },
    { name: 'veri.json', data: Buffer.from(JSON.stringify(data, null, 2), 'utf8') },
    ...photoKeys.map(({ id, key }) => ({ name: photoFileName(id), data: () => store.stream(fileKey(key, 'original')) })),
    ...scanKeys.map(({ id, key }) => ({ name: scanFileName(id), data: () => store.stream(key) })),
  ];
}
