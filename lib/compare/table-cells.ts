/**
 * What a comparison's cells show and how they sort: one column per top-level property of the schema,
 * nested values as compact JSON, arrays joined; numbers sort as numbers and dates as dates.
 */

/** The schema's top-level property names, in the schema's order (none when it has no `properties`). */
export function schemaColumns(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return [];
  return Object.keys(properties);
}

/** A value as one line of the table: strings as they are, arrays joined with ", ", objects as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(itemText).join(", ");
  return JSON.stringify(value);
}

function itemText(item: unknown): string {
  return typeof item === "string" ? item : JSON.stringify(item);
}

/** A calendar date or an ISO timestamp (`2026-03-01`, `2026-03-01T10:00:00Z`): sorted as a date. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type SortKey = { kind: 0; number: number } | { kind: 1; text: string } | { kind: 2 };

function sortKey(value: unknown): SortKey {
  if (typeof value === "number" && Number.isFinite(value)) return { kind: 0, number: value };
  if (typeof value === "string" && ISO_DATE.test(value.trim())) {
    const time = Date.parse(value.trim());
    if (Number.isFinite(time)) return { kind: 0, number: time };
  }
  const text = cellText(value);
  return text === "" ? { kind: 2 } : { kind: 1, text };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/**
 * Orders two cells ascending: numbers (and dates, by their time) before text, text in the user's
 * collation with digits as numbers; an empty cell last in either direction is the caller's choice.
 */
export function compareCells(a: unknown, b: unknown): number {
  const left = sortKey(a);
  const right = sortKey(b);
  if (left.kind !== right.kind) return left.kind - right.kind;
  if (left.kind === 0 && right.kind === 0) return left.number - right.number;
  if (left.kind === 1 && right.kind === 1) return collator.compare(left.text, right.text);
  return 0;
}

/** Whether a cell is empty, so a sort can keep empty cells at the end either way. */
export function isEmptyCell(value: unknown): boolean {
  return cellText(value) === "";
}
