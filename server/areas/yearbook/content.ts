/**
 * What goes into a book: the design, the school, and the approved content of a branch or of the
 * whole school, in the book's order. Images are named here (by their store and key) and read
 * one at a time when the job prepares them, never all at once.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branchName, orderKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import type { Db } from '../../db/client';
import { albumPages, albumPhotos, albums, branches, messages, photos, photoTags, schools, students, studios, users, yearbookFinals } from '../../db/schema';
import { turkishOrder } from '../../http/list';
import { imageKey, masterKey, type ImageKind } from '../../images/branding';
import { fileKey } from '../photos/queries';
import { effectiveDesign } from '../design/queries';
import { eventFrameMm, type BookEventPage, type BookModel, type BookStudent } from '../../typesetting/model';
import type { ConsentState } from '../../../common/schemas/consentStaff';
import type { ConsentPurpose } from '../../../common/schemas/consents';
import { statesOf } from '../consents/staffQueries';

/** An image the book places: where it is stored, and what the layout calls it. */
export interface BookImage {
  path: string;
  store: 'photos' | 'images';
  key: string;
  /** Read when `key` has no file: the web's copy of a logo or cover uploaded before print masters were kept. */
  fallbackKey?: string;
  /** Portraits go on the interior's pages (at their page's size, or small on the class panel), event photos on event pages; the cover image and the logos on the cover. */
  use: 'portrait' | 'panel' | 'cover' | 'logo' | 'event';
  /** The frame an event photo fills (its layout's cell). */
  frameMm?: { width: number; height: number };
  /** An event photo: which, and what the check before print calls it. */
  event?: { photoId: number; label: string };
}

/** An event photo kept out of the book: a student tagged in it whose parents refused their photo in it. */
export interface EventLeftOut {
  studentId: number;
  name: string;
  photo: string;
}

/** A student of the book printed without their photo or their text, and the parent's answer that keeps it out. */
export interface ConsentGap {
  id: number;
  /** The name as staff know it (the book may not print it). */
  name: string;
  photo: ConsentState;
  text: ConsentState;
}

export interface BookSources {
  model: BookModel;
  images: BookImage[];
  /** The students printed without their photo or text for want of consent (for the check before print). */
  consentGaps: ConsentGap[];
  /** The studio, named (with its logo) on the back cover. */
  studio: { name: string; logo: string | null };
  /** Event photos left out for a tagged student's refused photo consent. */
  eventLeftOut: EventLeftOut[];
}

/** A logo or cover as the printed book takes it: the print master, else the web's copy. */
const brandingImage = (path: string, kind: ImageKind, id: number, use: BookImage['use']): BookImage => ({
  path,
  store: 'images',
  key: masterKey(kind, id),
  fallbackKey: imageKey(kind, id),
  use,
});

const writer = alias(students, 'writer');
const authorName = sql<string>`coalesce(${writer.firstName} || ' ' || ${writer.lastName}, ${messages.authorName})`;

/**
 * The photo each student's page shows: the one the student picked for the book, else the one
 * staff marked as the portrait, else the student's first photo. Answers the stored photo's key
 * per student.
 */
async function portraitOf(db: Db, studentIds: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!studentIds.length) return found;
  const rows = await db
    .select({ studentId: photos.studentId, storageKey: photos.storageKey })
    .from(photos)
    .innerJoin(students, eq(students.id, photos.studentId))
    .where(inArray(photos.studentId, studentIds))
    .orderBy(desc(sql`${photos.id} = ${students.portraitPickPhotoId}`), desc(photos.isPortrait), asc(photos.id));
  for (const row of rows) if (!found.has(row.studentId)) found.set(row.studentId, row.storageKey);
  return found;
}

async function approvedMessages(db: Db, where: ReturnType<typeof and>) {
  return db
    .select({ body: messages.body, author: authorName, toStudentId: messages.toStudentId, fromStudentId: messages.fromStudentId, branchId: messages.branchId })
    .from(messages)
    .leftJoin(writer, eq(writer.id, messages.fromStudentId))
    .where(and(where, eq(messages.status, 'approved')))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

type Signed = BookModel['schoolMessages'][number];

/**
 * Staff messages approved, each signed as a book signs it: the person who wrote it (by their name
 * today) and their place in the school (the school's managers speak for the school, a branch's for
 * its class). Studio staff only type a message in for the school, so theirs are signed by the
 * place alone; a message whose writer's account is gone keeps the name it was written under.
 */
async function staffMessages(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ body: messages.body, kind: messages.kind, branchId: messages.branchId, writtenAs: messages.authorName, name: users.name, level: users.level })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(and(where, eq(messages.status, 'approved')))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const { schoolTitle, teacherTitle } = tr.yearbook.book;
  return rows.map((row) => {
    const place = row.kind === 'school' ? schoolTitle : teacherTitle;
    const signed: Signed =
      row.level === 'panel'
        ? { body: row.body, author: place }
        : row.level === null
          ? { body: row.body, author: row.writtenAs, title: place }
          : { body: row.body, author: row.name ?? '', title: row.level === 'school' ? schoolTitle : teacherTitle };
    return { ...signed, branchId: row.branchId };
  });
}

/**
 * The event pages of the book: the school's albums' pages and those of the book's branches' albums,
 * album by album (by event date) in their order. A page holds the approved photos still there;
 * a photo in which a tagged student's parents refused their child's photo in this book (print or
 * digital, `photoPurpose`) is left out and reported, since the book would show that child: the
 * event photo needs no consent of its own (it is not a student's portrait), but a refusal is kept.
 */
async function eventPagesOf(db: Db, schoolId: number, branchIds: number[], photoPurpose: PhotoPurpose, design: BookModel['design'], inBook: Set<number>) {
  const pages = await db
    .select({ id: albumPages.id, layout: albumPages.layout, photoIds: albumPages.photoIds, branchId: albumPages.branchId, album: albums.name })
    .from(albumPages)
    .innerJoin(albums, eq(albums.id, albumPages.albumId))
    .where(
      and(
        eq(albumPages.schoolId, schoolId),
        branchIds.length ? sql`(${albumPages.branchId} is null or ${inArray(albumPages.branchId, branchIds)})` : sql`${albumPages.branchId} is null`,
      ),
    )
    .orderBy(sql`${albums.eventDate} asc nulls last`, asc(albums.id), asc(albumPages.position), asc(albumPages.id));
  const ids = [...new Set(pages.flatMap((p) => p.photoIds))];
  const photoRows = ids.length
    ? await db
        .select({ id: albumPhotos.id, storageKey: albumPhotos.storageKey, caption: albumPhotos.caption, originalName: albumPhotos.originalName })
        .from(albumPhotos)
        .where(and(inArray(albumPhotos.id, ids), eq(albumPhotos.status, 'approved')))
    : [];
  const tags = ids.length
    ? await db
        .select({ photoId: photoTags.photoId, studentId: photoTags.studentId, firstName: students.firstName, lastName: students.lastName })
        .from(photoTags)
        .innerJoin(students, eq(students.id, photoTags.studentId))
        .where(inArray(photoTags.photoId, ids))
    : [];
  const states = await statesOf(db, [...new Set(tags.map((t) => t.studentId))]);
  const byId = new Map(photoRows.map((row) => [row.id, row]));
  const images: BookImage[] = [];
  const leftOut: EventLeftOut[] = [];
  const placed: Array<BookEventPage & { branchId: number | null }> = [];
  for (const page of pages) {
    const layout = page.layout as BookEventPage['layout'];
    const frame = eventFrameMm(design, layout);
    const photosOnPage: BookEventPage['photos'] = [];
    for (const photoId of page.photoIds) {
      const row = byId.get(photoId);
      if (!row) continue;
      const label = tr.yearbook.item.eventPhoto(page.album, row.caption || row.originalName);
      const tagged = tags.filter((t) => t.photoId === photoId);
      const refused = tagged.filter((t) => states.get(t.studentId)?.[photoPurpose] === 'no');
      if (refused.length) {
        for (const t of refused) leftOut.push({ studentId: t.studentId, name: `${t.firstName} ${t.lastName}`, photo: label });
        continue;
      }
      const path = `/img/event-${page.id}-${photoId}.jpg`;
      images.push({ path, store: 'photos', key: fileKey(row.storageKey, 'original'), use: 'event', frameMm: frame, event: { photoId, label } });
      photosOnPage.push({ id: photoId, image: path, caption: row.caption, studentIds: tagged.map((t) => t.studentId).filter((id) => inBook.has(id)) });
    }
    if (photosOnPage.length) placed.push({ id: page.id, album: page.album, layout, photos: photosOnPage, branchId: page.branchId });
  }
  return { pages: placed, images, leftOut };
}

/** The book of one branch (branchId) or of the whole school (branchId null). */
/** Which answer lets a student's photo into a book: the printed book's, or the digital edition's. */
export type PhotoPurpose = Extract<ConsentPurpose, 'print-photo' | 'digital-photo'>;

export async function bookSources(
  db: Db,
  studioId: number,
  schoolId: number,
  branchId: number | null,
  photoPurpose: PhotoPurpose = 'print-photo',
): Promise<BookSources> {
  const [school] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.studioId, studioId)));
  if (!school) throw new Error(`school ${schoolId} of studio ${studioId} not found`);
  const design = await effectiveDesign(db, studioId, schoolId);
  const [final] = await db.select({ schoolId: yearbookFinals.schoolId }).from(yearbookFinals).where(eq(yearbookFinals.schoolId, schoolId));
  const images: BookImage[] = [];

  const coverRow = design.coverImageUrl?.match(/design-cover\/(\d+)/)?.[1];
  const cover = coverRow ? '/img/cover.jpg' : null;
  if (coverRow) images.push(brandingImage('/img/cover.jpg', 'design-cover', Number(coverRow), 'cover'));
  const logo = school.logoPath ? '/img/logo.png' : null;
  if (logo) images.push(brandingImage(logo, 'school-logo', school.id, 'logo'));
  const [studio] = await db.select({ name: studios.name, logoPath: studios.logoPath }).from(studios).where(eq(studios.id, studioId));
  const studioLogo = studio?.logoPath ? '/img/studio-logo.png' : null;
  if (studioLogo) images.push(brandingImage(studioLogo, 'studio-logo', studioId, 'logo'));

  const branchRows = await db
    .select()
    .from(branches)
    .where(and(eq(branches.schoolId, schoolId), branchId === null ? undefined : eq(branches.id, branchId)))
    .orderBy(asc(branches.grade), asc(turkishOrder(branches.sectionKey)), asc(branches.id));
  const branchIds = branchRows.map((b) => b.id);
  const studentRows = branchIds.length
    ? await db
        .select()
        .from(students)
        .where(and(inArray(students.branchId, branchIds), eq(students.status, 'active')))
        .orderBy(asc(turkishOrder(students.sortKey)), asc(students.id))
    : [];
  const studentIds = studentRows.map((s) => s.id);
  /*
   * What the parents said: a photo shows only with consent to photos in this book, printed or digital (else
   * the design's empty frame), a student's name, nickname, quote and the messages on their page only
   * with consent to their text in print; a message they wrote to a classmate needs it too.
   */
  const states = await statesOf(db, studentIds);
  const photoOk = (id: number) => states.get(id)?.[photoPurpose] === 'yes';
  const textOk = (id: number) => states.get(id)?.['print-text'] === 'yes';
  const portraits = await portraitOf(db, studentIds.filter(photoOk));
  const received = studentIds.length
    ? (await approvedMessages(db, and(eq(messages.kind, 'student'), inArray(messages.toStudentId, studentIds)))).filter(
        (m) => m.fromStudentId === null || textOk(m.fromStudentId),
      )
    : [];
  const teacher = branchIds.length ? await staffMessages(db, and(eq(messages.kind, 'branch'), inArray(messages.branchId, branchIds))) : [];
  const management = await staffMessages(db, and(eq(messages.kind, 'school'), eq(messages.schoolId, schoolId)));

  const toStudent = new Map<number, BookStudent['messages']>();
  for (const m of received) {
    if (m.toStudentId === null) continue;
    const list = toStudent.get(m.toStudentId) ?? [];
    list.push({ body: m.body, author: m.author });
    toStudent.set(m.toStudentId, list);
  }

  const events = await eventPagesOf(db, schoolId, branchIds, photoPurpose, design, new Set(studentIds));
  images.push(...events.images);
  // After the class panels, a branch's albums follow its own panel; the school's albums (and all, at the end) close the book.
  const afterPanels = design.eventPages === 'after-panels';
  const withoutBranch = ({ branchId: _branch, ...page }: (typeof events.pages)[number]): BookEventPage => page;
  const branchPages = (id: number) => (afterPanels ? events.pages.filter((p) => p.branchId === id).map(withoutBranch) : []);

  const book: BookModel = {
    title: branchId === null ? school.name : `${school.name} ${branchRows[0] ? branchName(branchRows[0]) : ''}`.trim(),
    draft: !final,
    design,
    school: { name: school.name, academicYear: school.academicYear, logo },
    cover,
    schoolMessages: management.map(({ branchId: _branch, ...signed }) => signed),
    eventPages: events.pages.filter((p) => !afterPanels || p.branchId === null).map(withoutBranch),
    branches: branchRows.map((branch) => ({
      name: branchName(branch),
      eventPages: branchPages(branch.id),
      teacherMessages: teacher.filter((m) => m.branchId === branch.id).map(({ branchId: _branch, ...signed }) => signed),
      students: studentRows
        .filter((s) => s.branchId === branch.id)
        .map((s): BookStudent => {
          const key = portraits.get(s.id);
          const portrait = key ? `/img/s${s.id}.jpg` : null;
          const panelPortrait = key ? `/img/panel-s${s.id}.jpg` : null;
          if (key && portrait && panelPortrait) {
            images.push({ path: portrait, store: 'photos', key: fileKey(key, 'original'), use: 'portrait' });
            images.push({ path: panelPortrait, store: 'photos', key: fileKey(key, 'original'), use: 'panel' });
          }
          /*
           * Without consent nothing of theirs is printed, the name included: their page and class
           * panel frame stay unnamed, the class list and index leave them out. The key keeps their
           * place in order (it is never printed).
           */
          if (!textOk(s.id))
            return {
              id: s.id,
              name: '',
              indexKey: orderKey(`${s.lastName} ${s.firstName}`),
              indexName: '',
              nickname: null,
              quote: null,
              portrait,
              panelPortrait,
              messages: [],
            };
          return {
            id: s.id,
            name: `${s.firstName} ${s.lastName}`,
            indexKey: orderKey(`${s.lastName} ${s.firstName}`),
            indexName: `${s.lastName}, ${s.firstName}`,
            nickname: s.nickname || null,
            quote: s.quote || null,
            portrait,
            panelPortrait,
            messages: toStudent.get(s.id) ?? [],
          };
        }),
    })),
  };
  const consentGaps = studentRows.flatMap((s) => {
    const of = states.get(s.id);
    if (!of || (of[photoPurpose] === 'yes' && of['print-text'] === 'yes')) return [];
    return [{ id: s.id, name: `${s.firstName} ${s.lastName}`, photo: of[photoPurpose], text: of['print-text'] }];
  });
  return { model: book, images, consentGaps, studio: { name: studio?.name ?? '', logo: studioLogo }, eventLeftOut: events.leftOut };
}

/**
 * The pages the book will have, before its layout is made (the progress bar's first total): each
 * section taken to a right-hand page, a branch's divider and class panel, the index, and the notes
 * pages that make up the printer's multiple.
 */
export function estimatePages(model: BookModel): number {
  const per = model.design.showMessages ? model.design.messagesPerPage : Infinity;
  const even = (n: number) => n + (n % 2);
  // The school's messages (on a right-hand page with its back), then each branch, then the index (the cover is a file of its own).
  let pages = model.schoolMessages.length ? 2 : 0;
  for (const branch of model.branches) {
    pages += 2;
    for (const student of branch.students) pages += even(Math.max(1, Math.ceil(student.messages.length / per)));
    pages += branch.eventPages?.length ?? 0;
  }
  pages += even(model.eventPages?.length ?? 0);
  pages += 1;
  const multiple = model.design.pageMultiple;
  return Math.ceil(pages / multiple) * multiple;
}
