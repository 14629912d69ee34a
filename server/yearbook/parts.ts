/**
 * A book in parts: one per branch, so a whole school is laid out (and its images held) a branch at
 * a time. The first part opens with the cover, the last ends with the index; a branch's book is
 * one part.
 */
import type { BookModel, BookPart, IndexEntry } from './model';

export interface PartPlan {
  /** The book with only this part's branches. */
  model: BookModel;
  cover: BookPart['cover'];
  /** The whole book's index, in the part that ends with it. */
  index: IndexEntry[] | null;
}

/** Every student of the book in Turkish alphabetical order (the keys are made for that). */
function indexEntries(model: BookModel): IndexEntry[] {
  const students = model.branches.flatMap((b) => b.students);
  return students.sort((a, b) => (a.indexKey < b.indexKey ? -1 : a.indexKey > b.indexKey ? 1 : a.id - b.id)).map((s) => ({ id: s.id, name: s.indexName }));
}

export function planParts(model: BookModel): PartPlan[] {
  const [onlyBranch, anotherBranch] = model.branches;
  const groups = model.branches.length ? model.branches.map((branch) => [branch]) : [[]];
  return groups.map((branches, i) => ({
    model: { ...model, branches, schoolMessages: i === 0 ? model.schoolMessages : [] },
    cover: i === 0 ? { subtitle: onlyBranch && !anotherBranch ? onlyBranch.name : null } : null,
    index: i === groups.length - 1 ? indexEntries(model) : null,
  }));
}
