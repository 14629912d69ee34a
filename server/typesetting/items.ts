/**
 * The texts of a book one by one (the school's and branches' names and messages, each student's
 * name, nickname, quote and messages), each named as staff know it: the job's report lists those
 * with characters that will not print, and a layout that fails is narrowed down to the one that
 * fails it. Each item comes with a small book holding it alone, and each group (a student's
 * page, a branch's divider, the school's pages) with a book holding the whole group. A text that
 * fails the layout on its own is left out of the book (a name gets a stand-in) and listed in the
 * check before print, so one text never stops a whole book.
 */
import type { Substitution } from '../../common/schemas/yearbook';
import { tr } from '../../common/tr';
import type { BookModel, BookPart, BookStudent } from './model';
import { unprintable } from './printable';

/** A book to lay out on its own: no images, so that only its texts can fail it. */
export interface Trial {
  model: BookModel;
  part: BookPart;
}

interface BookItem {
  label: string;
  /** The student whose page holds it, so the report can name the page. */
  studentId?: number;
  texts: string[];
  alone: Trial;
  /**
   * Takes the item out of the book it was found in (a message, a quote, a nickname), or prints a
   * stand-in for it (a name, which the pages cannot do without); `part` is the part the book is laid
   * out with, whose class list, class panel and index name the students too. Answers the stand-in,
   * or null when the item is left out. Absent for the school's name, without which there is no book.
   */
  leaveOut?: (part: BookPart) => string | null;
}

interface ItemGroup {
  whole: Trial;
  items: BookItem[];
}

const NO_PART: BookPart = { firstPage: 1, cover: null, divider: null, index: null };
const names = tr.yearbook.item;
const book = tr.yearbook.book;

function itemGroups(model: BookModel): ItemGroup[] {
  const bare: BookModel = { ...model, cover: null, school: { ...model.school, logo: null }, schoolMessages: [], branches: [] };
  const coverPart: BookPart = { ...NO_PART, cover: { subtitle: null } };
  const school = (schoolMessages: BookModel['schoolMessages']): Trial => ({ model: { ...bare, schoolMessages }, part: coverPart });
  const groups: ItemGroup[] = [
    {
      whole: school(model.schoolMessages),
      items: [
        { label: names.schoolName, texts: [model.school.name, model.title], alone: school([]) },
        ...model.schoolMessages.map((m) => ({
          label: names.schoolMessage(m.author),
          texts: [m.body, m.author],
          alone: school([m]),
          leaveOut: () => ((model.schoolMessages = model.schoolMessages.filter((other) => other !== m)), null),
        })),
      ],
    },
  ];
  for (const branch of model.branches) {
    const divider = (teacherMessages: BookModel['schoolMessages']): Trial => ({
      model: { ...bare, branches: [{ name: branch.name, teacherMessages, students: [] }] },
      part: { ...NO_PART, divider: { classList: [], panel: [] } },
    });
    groups.push({
      whole: divider(branch.teacherMessages),
      items: [
        { label: names.branchName(branch.name), texts: [branch.name], alone: divider([]), leaveOut: () => (branch.name = book.unplacedName) },
        ...branch.teacherMessages.map((m) => ({
          label: names.teacherMessage(branch.name, m.author),
          texts: [m.body, m.author],
          alone: divider([m]),
          leaveOut: () => ((branch.teacherMessages = branch.teacherMessages.filter((other) => other !== m)), null),
        })),
      ],
    });
    for (const s of branch.students) {
      // The name shows on the student's page, in the class list and in the index.
      const page = (changes: Partial<BookStudent>): Trial => {
        const student: BookStudent = { ...s, nickname: null, quote: null, messages: [], portrait: null, panelPortrait: null, ...changes };
        return {
          model: { ...bare, branches: [{ name: branch.name, teacherMessages: [], students: [student] }] },
          part: {
            ...NO_PART,
            divider: { classList: [s.name], panel: [{ id: s.id, name: s.name, portrait: null }] },
            index: { entries: [{ id: s.id, name: s.indexName }], knownPages: {} },
          },
        };
      };
      const studentId = s.id;
      const rename = (part: BookPart) => {
        const shown = book.unplacedName;
        if (part.divider) {
          part.divider.classList = part.divider.classList.map((name) => (name === s.name ? shown : name));
          for (const entry of part.divider.panel) if (entry.name === s.name) entry.name = shown;
        }
        for (const entry of part.index?.entries ?? []) if (entry.id === s.id) entry.name = shown;
        s.name = s.indexName = shown;
        return shown;
      };
      // A student printed without a name has no name to set (and others may share the empty one).
      const items: BookItem[] =
        s.name === '' ? [] : [{ label: names.studentName(s.name), studentId, texts: [s.name, s.indexName], alone: page({}), leaveOut: rename }];
      if (s.nickname)
        items.push({
          label: names.nickname(s.name),
          studentId,
          texts: [s.nickname],
          alone: page({ nickname: s.nickname }),
          leaveOut: () => (s.nickname = null),
        });
      if (s.quote) items.push({ label: names.quote(s.name), studentId, texts: [s.quote], alone: page({ quote: s.quote }), leaveOut: () => (s.quote = null) });
      for (const m of s.messages)
        items.push({
          label: names.message(s.name, m.author),
          studentId,
          texts: [m.body, m.author],
          alone: page({ messages: [m] }),
          leaveOut: () => ((s.messages = s.messages.filter((other) => other !== m)), null),
        });
      groups.push({ whole: page({ nickname: s.nickname, quote: s.quote, messages: s.messages }), items });
    }
  }
  return groups;
}

/** A text with characters no font has, and the student whose page holds it (when one does). */
export type FoundSubstitution = Substitution & { studentId?: number };

/** Every item of the book with characters no bundled font has, in the book's order. */
export function substitutions(model: BookModel): FoundSubstitution[] {
  const found: FoundSubstitution[] = [];
  for (const { items } of itemGroups(model)) {
    for (const { label, studentId, texts } of items) {
      const characters = [...new Set(texts.flatMap(unprintable))];
      if (characters.length) found.push({ item: label, characters, ...(studentId === undefined ? {} : { studentId }) });
    }
  }
  return found;
}

/** A text the layout could not set: what it is, whose page, and what was printed instead (null: left out). */
export interface UnplacedItem {
  item: string;
  studentId?: number;
  shown: string | null;
  /** The school's name: no book without it. */
  failsBook?: true;
}

/**
 * The first item a layout fails on, tried group by group and then item by item (`laysOut` answers
 * whether a trial book lays out), taken out of `model` and `part` (or given a stand-in) so that the
 * rest can be laid out (but the school's name); null when each lays out on its own.
 */
export async function leaveOutFailing(model: BookModel, part: BookPart, laysOut: (trial: Trial) => Promise<boolean>): Promise<UnplacedItem | null> {
  for (const { whole, items } of itemGroups(model)) {
    if (await laysOut(whole)) continue;
    for (const { label, studentId, alone, leaveOut } of items) {
      if (await laysOut(alone)) continue;
      const about = { item: label, ...(studentId === undefined ? {} : { studentId }) };
      return leaveOut ? { ...about, shown: leaveOut(part) } : { ...about, shown: null, failsBook: true };
    }
  }
  return null;
}
