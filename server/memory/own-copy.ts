/**
 * A string of its own, holding none of the text it was cut from: V8 keeps a slice of a long string (an id
 * or a word read out of a database row's text) as a view that holds the whole string alive, so what is kept
 * for long (a cache's keys, an index's words) is copied first. For well-formed text (a lone surrogate would
 * come back as U+FFFD), which ids and lexemes are.
 */
export function ownCopy(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}
