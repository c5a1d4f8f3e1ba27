/** Making a candidate string satisfy a string schema: format, length and patterns. */
import { fullFormats } from "ajv-formats/dist/formats.js";
import { type LinearPattern, linearPattern, PatternProblem } from "../../../lib/schema/linear-pattern";
import { patternsOf, type Schema } from "../../schema/schema-walk";
import { samplePattern } from "./pattern-sample";

export interface StringConstraints {
  minLength: number;
  maxLength: number;
  /** Every pattern the string must match (several when `allOf` parts each have one), run by RE2. */
  patterns: LinearPattern[];
  /** Why a pattern cannot be used, if one cannot (then no string satisfies the schema). */
  patternProblem?: string;
  format?: string;
}

export function stringConstraints(schema: Schema): StringConstraints {
  const patterns: LinearPattern[] = [];
  let patternProblem: string | undefined;
  for (const source of patternsOf(schema)) {
    try {
      patterns.push(linearPattern(source));
    } catch (error) {
      if (!(error instanceof PatternProblem)) throw error;
      patternProblem = `the pattern ${JSON.stringify(source)} ${error.message}`;
    }
  }
  return {
    minLength: typeof schema.minLength === "number" ? schema.minLength : 0,
    maxLength: typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY,
    patterns,
    patternProblem,
    format: typeof schema.format === "string" ? schema.format : undefined,
  };
}

/** Length in code points, as JSON Schema counts it. */
const lengthOf = (value: string) => [...value].length;

type FormatCheck =
  | RegExp
  | ((value: string) => boolean)
  | { validate: RegExp | ((value: string) => boolean) };

function formatAccepts(format: string, value: string): boolean {
  const check = (fullFormats as Record<string, FormatCheck | undefined>)[format];
  if (check === undefined) return true;
  const validate = check instanceof RegExp || typeof check === "function" ? check : check.validate;
  return validate instanceof RegExp ? validate.test(value) : validate(value);
}

/** A candidate converted to what the format expects (a date to "YYYY-MM-DD", …), or undefined. */
function toFormat(format: string | undefined, value: string): string | undefined {
  switch (format) {
    case undefined:
      return value;
    case "date-time":
    case "iso-date-time": {
      const time = parseDate(value);
      return time === undefined ? undefined : new Date(time).toISOString();
    }
    case "date": {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      const time = parseDate(value);
      return time === undefined ? undefined : new Date(time).toISOString().slice(0, 10);
    }
    case "time":
    case "iso-time": {
      const time = parseDate(value);
      return time === undefined ? undefined : `${new Date(time).toISOString().slice(11, 19)}Z`;
    }
    case "uri":
    case "url":
    case "iri": {
      try {
        return new URL(value).href;
      } catch {
        return undefined;
      }
    }
    default:
      return formatAccepts(format, value) ? value : undefined;
  }
}

/** Epoch milliseconds of a date or date-time string ("2024", "2024-03" and "2024-03-05" included). */
function parseDate(value: string): number | undefined {
  let text = value.trim();
  if (/^\d{4}$/.test(text)) text = `${text}-01-01`;
  else if (/^\d{4}-\d{2}$/.test(text)) text = `${text}-01`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text = `${text}T00:00:00Z`;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Cuts `value` to at most `max` code points (and no fewer than `min`): at a sentence end if one is
 * near, else at a word, with "…".
 */
export function truncate(value: string, max: number, min = 0): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  if (max <= 1) return chars.slice(0, Math.max(0, max)).join("");
  const floor = Math.max(min, max * 0.5);
  const head = chars.slice(0, max).join("");
  const sentenceEnd = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "));
  if (sentenceEnd + 1 >= floor) return head.slice(0, sentenceEnd + 1);
  const room = chars.slice(0, max - 1).join("");
  const space = room.lastIndexOf(" ");
  const cut = space + 1 >= floor ? room.slice(0, space).replace(/[\s,;:.-]+$/, "") : room;
  return lengthOf(cut) + 1 >= min ? `${cut}…` : `${room}…`;
}

/**
 * The first candidate that can be made to satisfy the constraints (converted to the format, cut to
 * maxLength, lengthened to minLength with `padding`), else a sample of the pattern; undefined if none.
 */
export function fitString(
  candidates: Array<string | undefined>,
  constraints: StringConstraints,
  padding: () => string,
): string | undefined {
  if (constraints.patternProblem !== undefined) return undefined;
  const tried = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === undefined || tried.has(candidate)) continue;
    tried.add(candidate);
    const formatted = toFormat(constraints.format, candidate.trim());
    if (formatted === undefined) continue;
    const fitted = fitLength(formatted, constraints, padding);
    if (fitted !== undefined && accepts(fitted, constraints)) return fitted;
  }
  const [first] = constraints.patterns;
  if (first !== undefined) {
    const sample = samplePattern(first, constraints.minLength, constraints.maxLength);
    if (sample !== undefined && accepts(sample, constraints)) return sample;
  }
  return undefined;
}

function accepts(value: string, constraints: StringConstraints): boolean {
  const length = lengthOf(value);
  if (length < constraints.minLength || length > constraints.maxLength) return false;
  if (constraints.format !== undefined && !formatAccepts(constraints.format, value)) return false;
  return constraints.patterns.every((pattern) => pattern.test(value));
}

/** How far past a minLength padding may run before it is cut. */
const PADDING_SLACK = 200;

function fitLength(value: string, constraints: StringConstraints, padding: () => string): string | undefined {
  const { minLength } = constraints;
  let fitted = value;
  let limit = constraints.maxLength;
  // Lengthening a formatted value (a URL, a date) would break it; only free text is padded.
  if (lengthOf(fitted) < minLength && constraints.format === undefined) {
    const extra = padding();
    fitted = `${fitted} ${extra}`.trim();
    const missing = minLength - lengthOf(fitted);
    if (missing > 0 && extra.length > 0) {
      fitted += ` ${extra}`.repeat(Math.ceil(missing / (lengthOf(extra) + 1)));
    }
    limit = Math.min(limit, minLength + PADDING_SLACK);
  }
  if (lengthOf(fitted) > limit) {
    if (constraints.format !== undefined) return undefined;
    fitted = truncate(fitted, limit, minLength);
  }
  return lengthOf(fitted) >= minLength ? fitted : undefined;
}
