/** Dates: shown dd/mm/yyyy, sent yyyy-mm-dd. Calendar dates, no time zone shift. */

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A local Date → 'yyyy-mm-dd' (what the API is sent). */
export function toApiDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'yyyy-mm-dd' → a local Date at midnight, or null when it is not a real calendar date. */
export function fromApiDate(value: string): Date | null {
  const m = API_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(y, mo, d) ? new Date(y, mo - 1, d) : null;
}

export function isApiDate(value: string): boolean {
  return fromApiDate(value) !== null;
}

/** 'yyyy-mm-dd', an ISO timestamp or a Date → 'dd/mm/yyyy'; '' for nothing or nonsense. */
export function displayDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${pad(value.getFullYear(), 4)}`;
  }
  const day = fromApiDate(value.slice(0, 10));
  if (value.length > 10) return displayDate(new Date(value));
  return day ? displayDate(day) : '';
}

/** An ISO timestamp → 'dd/mm/yyyy hh:mm' in the reader's own clock; '' for nothing or nonsense. */
export function displayDateTime(value: string | null | undefined): string {
  const day = displayDate(value);
  if (!day || !value) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? day : `${day} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** 'dd/mm/yyyy' typed by a person → 'yyyy-mm-dd', or null when it is not a real date. */
export function parseDisplayDate(value: string): string | null {
  const m = DISPLAY_DATE.exec(value.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(y, mo, d) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** Schools keep Türkiye's calendar: every "today" of the product is this zone's day, on any server or browser. */
const SCHOOL_TIME_ZONE = 'Europe/Istanbul';
const schoolDay = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Türkiye at `now`, as 'yyyy-mm-dd' (the one "today" of server and web alike). */
export function todayInTurkey(now: Date = new Date()): string {
  return schoolDay.format(now);
}

/** 'yyyy-mm-dd' moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(apiDate: string, days: number): string {
  const [y, m, d] = apiDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one 'yyyy-mm-dd' to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
