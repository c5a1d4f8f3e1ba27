/**
 * How JSON documents are kept in the store's columns.
 *
 * `jsonb` is what SQL filters and indexes work on, but it refuses U+0000 in strings and keys (a string the
 * contract accepts) and stores an object's keys in its own order. So:
 * - `jsonbDocument` columns hold the document with every U+0000 and every U+FFFF written as U+FFFF followed
 *   by `0` or by U+FFFF again: an escape that changes nothing else (U+FFFF is a noncharacter, absent from
 *   text in practice), so two documents are equal as jsonb exactly when they were equal as written. A SQL
 *   filter compares with `toJsonbText(value)` of what it looks for.
 * - `jsonText` columns hold a document exactly as written (key order kept), for the documents whose key
 *   order a client sees (jsonContent and metadata keep a jsonb copy for SQL beside it).
 *
 * Both map to text on the wire: the drivers are set not to parse jsonb themselves (`JSONB_OID`), so each
 * document is parsed once, here.
 */
import { customType } from "drizzle-orm/pg-core";

export const JSONB_OID = 3802;

const ESCAPE = "\uffff";
/** In JSON text: an escaped U+0000, or any other escape pair (skipped whole), or a U+FFFF. */
const ENCODED_CHARACTERS = /\\u0000|\\.|\uffff/g;
const ESCAPED_CHARACTERS = /\uffff([0\uffff])/g;
const NEEDS_ENCODING = /\\u0000|\uffff/;

/** `JSON.stringify(value)` with U+0000 and U+FFFF escaped for jsonb (see above). */
export function toJsonbText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!NEEDS_ENCODING.test(text)) return text;
  return text.replace(ENCODED_CHARACTERS, (match) => {
    if (match === "\\u0000") return `${ESCAPE}0`;
    return match === ESCAPE ? ESCAPE + ESCAPE : match;
  });
}

/** The document `toJsonbText` wrote, from jsonb's text (where U+FFFF appears as itself). */
export function fromJsonbText(text: string): unknown {
  if (!text.includes(ESCAPE)) return JSON.parse(text);
  return JSON.parse(
    text.replace(ESCAPED_CHARACTERS, (_match, escaped: string) => (escaped === "0" ? "\\u0000" : ESCAPE)),
  );
}

/** A driver that parsed jsonb after all gives an object: back to text, so that it is decoded the same way. */
const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** A `jsonb` column of `T`, escaped as above. */
export const jsonbDocument = <T>() =>
  customType<{ data: T; driverData: string }>({
    dataType: () => "jsonb",
    toDriver: (value) => toJsonbText(value),
    fromDriver: (value) => fromJsonbText(asText(value)) as T,
  });

/** A `text` column holding a JSON document of `T` exactly as `JSON.stringify` wrote it. */
export const jsonText = <T>() =>
  customType<{ data: T; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  });
