/**
 * JSON typed by a person: parsed with `JSON.parse`, and when that fails, the first error located by a
 * small scanner so every browser reports the same line, column and reason (engines word and place
 * their errors differently, and some give no position at all).
 */
export type JsonSyntaxReason =
  | "unexpected_end"
  | "expected_value"
  | "expected_property_name"
  | "expected_colon"
  | "expected_comma_or_brace"
  | "expected_comma_or_bracket"
  | "expected_end"
  | "bad_string"
  | "bad_number";

export interface JsonSyntaxError {
  reason: JsonSyntaxReason;
  /** Offset in UTF-16 code units, 0-based. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

export function parseJsonText(text: string): JsonTextResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const { offset, reason } = locateJsonError(text);
    return { ok: false, error: { reason, offset, ...lineAndColumn(text, offset) } };
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - (before.lastIndexOf("\n") + 1) + 1;
  return { line, column };
}

class Failure {
  constructor(
    readonly offset: number,
    readonly reason: JsonSyntaxReason,
  ) {}
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** The first syntax error of a text `JSON.parse` refused. */
function locateJsonError(text: string): { offset: number; reason: JsonSyntaxReason } {
  let i = 0;
  const fail = (reason: JsonSyntaxReason): never => {
    throw i >= text.length ? new Failure(text.length, "unexpected_end") : new Failure(i, reason);
  };
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
  };
  const readString = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail("bad_string");
      const char = text[i] as string;
      if (char === '"') {
        i++;
        return;
      }
      if (char === "\\") {
        i++;
        const escaped = text[i];
        if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) i++;
        else if (escaped === "u") {
          HEX4.lastIndex = i + 1;
          if (!HEX4.test(text)) fail("bad_string");
          i += 5;
        } else fail("bad_string");
      } else if (char.charCodeAt(0) < 0x20) fail("bad_string");
      else i++;
    }
  };
  const value = (): void => {
    skipWhitespace();
    const char = text[i];
    if (char === "{") {
      object();
      return;
    }
    if (char === "[") {
      array();
      return;
    }
    if (char === '"') {
      readString();
      return;
    }
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) fail("bad_number");
      i += (match as RegExpExecArray)[0].length;
      return;
    }
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    fail("expected_value");
  };
  const object = () => {
    i++;
    skipWhitespace();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] !== '"') fail("expected_property_name");
      readString();
      skipWhitespace();
      if (text[i] !== ":") fail("expected_colon");
      i++;
      value();
      skipWhitespace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return;
      }
      fail("expected_comma_or_brace");
    }
  };
  const array = () => {
    i++;
    skipWhitespace();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      skipWhitespace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "]") {
        i++;
        return;
      }
      fail("expected_comma_or_bracket");
    }
  };
  try {
    value();
    skipWhitespace();
    if (i < text.length) fail("expected_end");
  } catch (error) {
    if (error instanceof Failure) return { offset: error.offset, reason: error.reason };
    throw error;
  }
  // JSON.parse refused what the scanner accepts: should not happen; point at the start.
  return { offset: 0, reason: "expected_value" };
}
