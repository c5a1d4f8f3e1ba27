/**
 * Questions about the page itself ("Who wrote it and when?", "What is its title?", "How long is it?"):
 * answered from the page's metadata first, as the JSON path does, then from its text.
 */
import { dateIn } from "./dates";
import type { PageFacts } from "./page-facts";
import type { PageField } from "./prompt";

/** "By Jane Doe", "Written by Jane Doe and John Roe" near the top of the text. */
const BYLINE =
  /(?:^|\n)\s*(?:(?:written|posted|published|reported)\s+)?by\s+(\p{Lu}[\p{L}'’.-]+(?:\s+(?:(?:and|&|van|von|de|da)\s+)?\p{Lu}[\p{L}'’.-]+){0,4})/iu;
const BYLINE_CHARS = 1_500;

/** "2025-03-14T08:30:00+01:00" → "14 March 2025 (2025-03-14)"; a year or a month as precise as given. */
function readableDate(date: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (day) {
    const [, year, month, dayOfMonth] = day;
    const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth)));
    if (!Number.isNaN(parsed.getTime())) {
      const long = parsed.toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      return `${long} (${year}-${month}-${dayOfMonth})`;
    }
  }
  const month = /^(\d{4})-(\d{2})$/.exec(date);
  if (month) {
    const parsed = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return parsed.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  }
  return date;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One sentence for each field asked about; undefined when `fields` is empty. */
export function composePageAnswer(facts: PageFacts, fields: PageField[]): string | undefined {
  if (fields.length === 0) return undefined;
  const { page, model } = facts;
  const text = page.analysis.text;
  const lines: string[] = [];
  for (const field of fields) {
    switch (field) {
      case "author": {
        const author = facts.author ?? BYLINE.exec(text.slice(0, BYLINE_CHARS))?.[1];
        lines.push(author ? `It was written by **${author}**.` : "The page does not name its author.");
        break;
      }
      case "date": {
        const published = facts.publishedDate;
        const fromText = published ? undefined : dateIn(text.slice(0, BYLINE_CHARS));
        const date = published ?? fromText;
        lines.push(
          date
            ? `It was published on **${readableDate(date)}**${fromText ? " (the first date in its text)" : ""}.`
            : "The page does not say when it was published.",
        );
        break;
      }
      case "title":
        lines.push(facts.title ? `Its title is “**${facts.title}**”.` : "The page has no title.");
        break;
      case "site": {
        const { host } = facts;
        lines.push(
          page.siteName && page.siteName !== host
            ? `It is published by **${page.siteName}** (${host}).`
            : `It is on **${host}**.`,
        );
        break;
      }
      case "length": {
        lines.push(
          `It is **${model.wordCount.toLocaleString("en-US")} words** long, about ${facts.readingMinutes} min to read.`,
        );
        break;
      }
      case "language": {
        const code = page.language ?? (model.language !== "none" ? model.language : undefined);
        lines.push(
          code ? `It is written in **${languageName(code)}**.` : "The page does not say its language.",
        );
        break;
      }
    }
  }
  return lines.join(" ");
}
