/** Event pages of the book (an album's photos in a layout) and photo coverage (how often each student is in them). */
import { z } from 'zod';
import { tr } from '../tr';
import { answerWith, itemAnswer, itemsAnswer } from './answers';
import { id, versioned } from './fields';
import { listQuery } from './list';

/** Photos a page holds: one large, two or three stacked, a grid of four or six. */
export const EVENT_LAYOUTS = [1, 2, 3, 4, 6] as const;
export type EventLayout = (typeof EVENT_LAYOUTS)[number];

const t = tr.eventPages;

const layout = z.union(EVENT_LAYOUTS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...Array<z.ZodLiteral<EventLayout>>], { error: t.layoutInvalid });

const pageShape = z
  .object({
    layout,
    photoIds: z.array(id).min(1, t.noPhotoPicked).max(6, t.tooManyPhotos(6)),
  })
  .strict();

/** The photos of a page in their places: no more than the layout holds, none twice. */
const placesFit = (page: z.infer<typeof pageShape>, check: z.RefinementCtx) => {
  if (page.photoIds.length > page.layout) check.addIssue({ code: 'custom', path: ['photoIds'], message: t.tooManyPhotos(page.layout) });
  if (new Set(page.photoIds).size !== page.photoIds.length) check.addIssue({ code: 'custom', path: ['photoIds'], message: t.duplicatePhoto });
};
export const eventPageBody = pageShape.superRefine(placesFit);
export type EventPageBody = z.infer<typeof eventPageBody>;
export const eventPageUpdateBody = versioned(pageShape).superRefine(placesFit);

/** The album's pages in their new order: every page of the album, once. */
export const eventPageOrderBody = z.object({ ids: z.array(id).min(1).max(500) }).strict();

const eventPage = z.object({
  id: z.number().int(),
  albumId: z.number().int(),
  position: z.number().int(),
  layout: z.number().int(),
  photoIds: z.array(z.number().int()),
  version: z.number().int(),
});
export type EventPage = z.infer<typeof eventPage>;

/** An approved photo of the album, as the page picker shows it. */
const eventPhoto = z.object({
  id: z.number().int(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string(),
  /** Students tagged in it. */
  tagged: z.number().int(),
});
export type EventPhoto = z.infer<typeof eventPhoto>;

export const eventPageAnswer = itemAnswer(eventPage);
export const eventPagesAnswer = answerWith({
  album: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(eventPage),
  photos: z.array(eventPhoto),
});

/** An album of the caller's scope with how far its event pages are. */
const eventAlbum = z.object({
  id: z.number().int(),
  name: z.string(),
  eventDate: z.string().nullable(),
  branchId: z.number().int().nullable(),
  pages: z.number().int(),
  photos: z.number().int(),
});
export const eventAlbumsAnswer = itemsAnswer(eventAlbum);
export type EventAlbum = z.infer<typeof eventAlbum>;

/** Per student: approved album photos they are tagged in. */
const coverageItem = z.object({ studentId: z.number().int(), photos: z.number().int() });
export const coverageAnswer = answerWith({ goal: z.number().int(), items: z.array(coverageItem) });

/** The caller's scope at a glance: active students, and how many are below the studio's goal. */
export const coverageSummaryAnswer = answerWith({ goal: z.number().int(), students: z.number().int(), below: z.number().int() });
export type CoverageSummary = z.infer<typeof coverageSummaryAnswer>;

/** A student's own event photos on the portal (only with the parents' digital photo consent). */
const myEventPhoto = z.object({
  id: z.number().int(),
  album: z.string(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string(),
  photoUrl: z.string(),
});
/** A page of them, newest first: only the paging of the list convention (nothing to search or sort). */
export const myEventPhotosQuery = listQuery.pick({ page: true, perPage: true }).strict();
export const myEventPhotosAnswer = answerWith({
  consented: z.boolean(),
  items: z.array(myEventPhoto),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
