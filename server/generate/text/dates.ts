/**
 * Dates as the languages we read write them: English, French, German and Spanish month names (and the
 * English abbreviations), month-day-year and day-month-year orders, ordinals ("1st", "1er", "1."), "de"
 * between the parts ("5 de marzo de 2024"), ISO dates and German numeric ones ("05.03.2024"). One table
 * serves the page's facts (the first date a text gives, `dateIn`) and the answer spans (`DATE_MENTION`).
 */

/** Month names as each language writes them: English and German capitalized, French and Spanish not. */
const MONTH_NAMES_BY_LANGUAGE: Record<string, readonly string[]> = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
  es: [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
  de: [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
  ],
};
/** English abbreviations, with the month they stand for. */
const ENGLISH_ABBREVIATIONS: ReadonlyArray<[string, number]> = [
  ["Jan", 1],
  ["Feb", 2],
  ["Mar", 3],
  ["Apr", 4],
  ["Jun", 6],
  ["Jul", 7],
  ["Aug", 8],
  ["Sep", 9],
  ["Sept", 9],
  ["Oct", 10],
  ["Nov", 11],
  ["Dec", 12],
];

/** Every month name and abbreviation (lower case) → its number. */
const MONTH_NUMBERS = new Map<string, number>();
/** The names English alone writes ("may", "march"): in lower case they are other words. */
const ENGLISH_ONLY = new Set<string>();
for (const [language, names] of Object.entries(MONTH_NAMES_BY_LANGUAGE)) {
  for (const [index, name] of names.entries()) MONTH_NUMBERS.set(name.toLowerCase(), index + 1);
  if (language === "en") for (const name of names) ENGLISH_ONLY.add(name.toLowerCase());
}
for (const [abbreviation, month] of ENGLISH_ABBREVIATIONS) {
  MONTH_NUMBERS.set(abbreviation.toLowerCase(), month);
  ENGLISH_ONLY.add(abbreviation.toLowerCase());
}
for (const [language, names] of Object.entries(MONTH_NAMES_BY_LANGUAGE)) {
  if (language !== "en") for (const name of names) ENGLISH_ONLY.delete(name.toLowerCase());
}

/** Each name once, as its language writes it, full names before abbreviations ("March" before "Mar"). */
const MONTH_WORDS = [
  ...new Map(
    [...Object.values(MONTH_NAMES_BY_LANGUAGE).flat(), ...ENGLISH_ABBREVIATIONS.map(([name]) => name)].map(
      (name) => [name.toLowerCase(), name],
    ),
  ).values(),
];

/** The month names and abbreviations as a regular expression's alternatives (as written: see MONTH_WORDS). */
export const MONTH_NAMES = MONTH_WORDS.join("|");

/** After a day's number: "1st", "2nd", "1er", "5." */
const ORDINAL = "(?:st|nd|rd|th|er)?\\.?";

/**
 * A date in a sentence, for the answer spans: ISO, a month with a day or a year or both ("14 March 2025",
 * "March 14, 2025", "1er mars", "5. März 2024", "5 de marzo de 2024"), or a year or decade ("1990s").
 */
export const DATE_MENTION = new RegExp(
  `\\b(?:\\d{4}-\\d{2}-\\d{2}|(?:\\d{1,2}${ORDINAL}\\s+(?:de\\s+)?)?(?:${MONTH_NAMES})\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?,?(?:\\s+(?:de\\s+)?\\d{4})?|(?:1[0-9]|20)\\d{2}s?)\\b`,
  "giu",
);

const MONTH = `(${MONTH_NAMES})`;
/** The ways a text gives a date, most precise first; each match read as [year, month, day?]. */
const DATE_FORMS: Array<[RegExp, (match: RegExpExecArray) => string | undefined]> = [
  [/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => isoDate(m[1], Number(m[2]), m[3])],
  [
    new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "giu"),
    (m) => isoDate(m[3], monthNumber(m[1]), m[2]),
  ],
  [
    new RegExp(`\\b(\\d{1,2})${ORDINAL}\\s+(?:de\\s+)?${MONTH}\\.?,?\\s+(?:de\\s+)?(\\d{4})\\b`, "giu"),
    (m) => isoDate(m[3], monthNumber(m[2]), m[1]),
  ],
  [/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g, (m) => isoDate(m[3], Number(m[2]), m[1])],
  [new RegExp(`\\b${MONTH}\\.?\\s+(?:de\\s+)?(\\d{4})\\b`, "giu"), (m) => isoDate(m[2], monthNumber(m[1]))],
  [/\b(1[5-9]\d{2}|20\d{2})\b/g, (m) => m[1]],
];

/** The month a name stands for; an English-only name in lower case ("may", "march") is another word. */
function monthNumber(name: string | undefined): number | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  if (ENGLISH_ONLY.has(key) && name === key) return undefined;
  return MONTH_NUMBERS.get(key);
}

/** "2024-03-05" (or "2024-03" without a day), undefined when there is no such day. */
function isoDate(year: string | undefined, month: number | undefined, day?: string): string | undefined {
  if (!year || !month || month > 12) return undefined;
  const mm = String(month).padStart(2, "0");
  if (day === undefined) return `${year}-${mm}`;
  const dd = day.padStart(2, "0");
  const parsed = new Date(`${year}-${mm}-${dd}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.getUTCDate() !== Number(day)
    ? undefined
    : `${year}-${mm}-${dd}`;
}

/** The first date `text` gives in its most precise form: "2024-03-05", "2024-03" or "2024", as written. */
export function dateIn(text: string): string | undefined {
  for (const [pattern, toDate] of DATE_FORMS) {
    for (const match of text.matchAll(pattern)) {
      const date = toDate(match);
      if (date) return date;
    }
  }
  return undefined;
}
