/**
 * Dates as the reader's locale writes them. A service sends two kinds: an instant (a timestamp such as
 * `createdAt`, shown in the reader's time zone) and a calendar date (`publishedDate` may be `2025-03-14`,
 * `2025-03` or `2025`). A calendar date has no time zone: it is the same day for every reader, so it is
 * never read as midnight UTC and moved into the reader's zone (which shows the day before west of UTC).
 */

import { uiLanguageTag } from "../lib/i18n/ui-language";

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, and nothing else. */
const CALENDAR_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

// Made on first use, so that they follow the time zone the page runs in (and a test's TZ), and again when
// another language is shown: dates are written as the UI's language writes them, not the browser's.
let formats: Record<"date" | "dateTime" | "day" | "month" | "year", Intl.DateTimeFormat> | undefined;
let formatsTag: string | undefined;
function format(kind: keyof NonNullable<typeof formats>): Intl.DateTimeFormat {
  const tag = uiLanguageTag();
  if (formatsTag !== tag) formats = undefined;
  formatsTag = tag;
  formats ??= {
    date: new Intl.DateTimeFormat(tag, { dateStyle: "medium" }),
    dateTime: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }),
    // A calendar date is written as the UTC day it names, whatever the reader's zone.
    day: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }),
    month: new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", timeZone: "UTC" }),
    year: new Intl.DateTimeFormat(tag, { year: "numeric", timeZone: "UTC" }),
  };
  return formats[kind];
}

export interface CalendarDate {
  year: number;
  /** 1 to 12, when the date names a month. */
  month?: number;
  /** 1 to 31, when the date names a day. */
  day?: number;
}

/** The calendar date `value` names (`2025-03-14`, `2025-03`, `2025`), or null when it is not one. */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2] === undefined) return { year };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return { year, month };
  const day = Number(match[3]);
  // 2025-02-30 is no day: the UTC date it would roll over to has another month.
  if (day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1) return null;
  return { year, month, day };
}

/** A calendar date as the reader's locale writes it ("Mar 14, 2025", "March 2025", "2025"). */
function formatCalendarDate({ year, month, day }: CalendarDate): string {
  // Date.UTC reads years 0 to 99 as 1900 to 1999; setUTCFullYear does not.
  const date = new Date(Date.UTC(2000, (month ?? 1) - 1, day ?? 1));
  date.setUTCFullYear(year);
  return format(day !== undefined ? "day" : month !== undefined ? "month" : "year").format(date);
}

/**
 * A date (epoch ms, an ISO timestamp or a calendar date) as the reader's locale writes it: an instant in
 * the reader's time zone (with the time when `withTime`), a calendar date as the day, month or year it
 * names, the same everywhere. Text that is not a date stays as given.
 */
export function formatDate(value: string | number, withTime = false): string {
  if (typeof value === "string") {
    const calendar = parseCalendarDate(value);
    if (calendar) return formatCalendarDate(calendar);
    // Shaped as a calendar date but naming none (2025-02-30): Date.parse would roll it into March.
    if (CALENDAR_DATE.test(value.trim())) return value;
  }
  const time = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(time)) return String(value);
  return format(withTime ? "dateTime" : "date").format(time);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
let relativeTag: string | undefined;

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** How long ago (or ahead) instant `time` is from `now`, as the locale says it: "2 min. ago", "yesterday". */
export function formatRelativeTime(time: number, now: number = Date.now()): string {
  const tag = uiLanguageTag();
  if (relativeFormat === undefined || relativeTag !== tag) {
    relativeFormat = new Intl.RelativeTimeFormat(tag, { numeric: "auto", style: "short" });
    relativeTag = tag;
  }
  let amount = (time - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return formatDate(time, true);
}
