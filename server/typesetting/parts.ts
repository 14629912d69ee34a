/**
 * A book in parts of a few students each, so a whole school (or a large branch) is laid out, and
 * its images held, a few portraits at a time: Typst keeps every image of a layout decoded. A
 * branch's first part opens with its divider and class panel; the book's first part with the
 * school's messages (the cover is a file of its own), the last ends with the index and the notes
 * pages that pad the book for binding. Every part has an even number of pages (layout.ts), so each
 * starts on a right-hand page.
 */
import type { BookModel, BookPart, IndexEntry } from './model';

/** Students laid out together: their decoded portraits are what a layout holds. */
const PART_STUDENTS = 10;
/** Event pages at the end laid out together (at most six print-size photos each). */
const PART_EVENT_PAGES = 4;

interface PartPlan {
  /** The book with only this part's branch and students. */
  model: BookModel;
  cover: BookPart['cover'];
  divider: BookPart['divider'];
  /** The whole book's index, in the part that ends with it. */
  index: IndexEntry[] | null;
}

/** Every named student of the book in Turkish alphabetical order (the keys are made for that); one printed without a name is not listed. */
function indexEntries(model: BookModel): IndexEntry[] {
  const students = model.branches.flatMap((b) => b.students).filter((s) => s.indexName !== '');
  return students.sort((a, b) => (a.indexKey < b.indexKey ? -1 : a.indexKey > b.indexKey ? 1 : a.id - b.id)).map((s) => ({ id: s.id, name: s.indexName }));
}

export function planParts(model: BookModel): PartPlan[] {
  const [onlyBranch, anotherBranch] = model.branches;
  const groups: Array<{ branches: BookModel['branches']; divider: BookPart['divider']; eventPages: NonNullable<BookModel['eventPages']> }> = [];
  for (const branch of model.branches) {
    for (let from = 0; from === 0 || from < branch.students.length; from += PART_STUDENTS) {
      // The class panel's portraits are small copies: a whole class of them is what one part can hold.
      const panel = branch.students.map((s) => ({ id: s.id, name: s.name, portrait: s.panelPortrait }));
      const divider = from === 0 ? { classList: branch.students.map((s) => s.name).filter((name) => name !== ''), panel } : null;
      // The branch's event pages follow its class panel, in the part that has it.
      const eventPages = from === 0 ? (branch.eventPages ?? []) : [];
      groups.push({ branches: [{ ...branch, students: branch.students.slice(from, from + PART_STUDENTS), eventPages }], divider, eventPages: [] });
    }
  }
  const atEnd = model.eventPages ?? [];
  for (let from = 0; from < atEnd.length; from += PART_EVENT_PAGES)
    groups.push({ branches: [], divider: null, eventPages: atEnd.slice(from, from + PART_EVENT_PAGES) });
  if (!groups.length) groups.push({ branches: [], divider: null, eventPages: [] });
  return groups.map(({ branches, divider, eventPages }, i) => ({
    model: { ...model, branches, eventPages, schoolMessages: i === 0 ? model.schoolMessages : [] },
    cover: i === 0 ? { subtitle: onlyBranch && !anotherBranch ? onlyBranch.name : null } : null,
    divider,
    index: i === groups.length - 1 ? indexEntries(model) : null,
  }));
}

/** Adds a laid-out part's pages to every page each student appears on so far (what a later part's index takes). */
export function notePages(seen: Record<string, number[]>, laid: { studentPages: Record<string, number>; appearances: Record<string, number[]> }): void {
  for (const [id, page] of Object.entries(laid.studentPages)) (seen[id] ??= []).push(page);
  for (const [id, pages] of Object.entries(laid.appearances)) (seen[id] ??= []).push(...pages);
}
