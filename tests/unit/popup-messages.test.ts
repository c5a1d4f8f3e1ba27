/**
 * The popup's strings: every `i18n.t` call in the popup's source names a message of locales/en.yml and
 * passes exactly the substitutions that message uses; every popup message in en.yml is used; and each
 * one, through `i18n.t` and the messages.json the build writes, comes out with its substitutions filled.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParsedMessage, parseMessagesText } from "@wxt-dev/i18n/build";
import ts from "typescript";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { i18n } from "#i18n";
import { useEnglishMessages } from "./helpers/english-messages";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What the popup bundle is built from (its own folders and the editors it shares with the options page). */
const POPUP_SOURCES = [
  "entrypoints/popup",
  "components/popup",
  "components/ui",
  "components/json-schema-editor.tsx",
  "components/json-schema-messages.ts",
  "components/metadata-editor.tsx",
  "components/metadata-row-messages.ts",
  "components/rows-editor.tsx",
];

/** Key prefixes whose messages only the popup and its editors use. */
const POPUP_PREFIXES = ["popup.", "schemaEditor.", "metadataEditor."];

interface TCall {
  where: string;
  /** `undefined` when the key is not a string literal (it can't be checked). */
  key: string | undefined;
  /** Property names of a `{ name: … }` argument; `undefined` when there is none. */
  named: string[] | undefined;
  /** Element count of a `[…]` argument; `undefined` when there is none. */
  positional: number | undefined;
  /** Whether a number (a plural count) is passed. */
  count: boolean;
  /** Whether an argument is of a kind this test can't read (a spread, a variable…). */
  opaque: boolean;
}

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (/\.tsx?$/.test(path)) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(full, name));
}

function propertyNames(literal: ts.ObjectLiteralExpression): string[] | undefined {
  const names: string[] = [];
  for (const property of literal.properties) {
    if (ts.isShorthandPropertyAssignment(property)) names.push(property.name.text);
    else if (
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    )
      names.push(property.name.text);
    else return undefined;
  }
  return names;
}

function tCalls(file: string): TCall[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const calls: TCall[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "t" &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "i18n"
    ) {
      const [key, ...rest] = node.arguments;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      const call: TCall = {
        where: `${relative(ROOT, file)}:${line + 1}`,
        key: key && ts.isStringLiteralLike(key) ? key.text : undefined,
        named: undefined,
        positional: undefined,
        count: false,
        opaque: false,
      };
      for (const argument of rest) {
        if (ts.isObjectLiteralExpression(argument)) {
          call.named = propertyNames(argument);
          if (!call.named) call.opaque = true;
        } else if (ts.isArrayLiteralExpression(argument)) {
          call.positional = argument.elements.length;
          if (argument.elements.some(ts.isSpreadElement)) call.opaque = true;
        } else if (ts.isSpreadElement(argument)) call.opaque = true;
        // Anything else is a plural's count: i18n.t's generated types make it a number for plural keys only.
        else call.count = true;
      }
      calls.push(call);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

const messages = new Map<string, ParsedMessage>(
  parseMessagesText(readFileSync(join(ROOT, "locales/en.yml"), "utf8"), "YAML").map((message) => [
    message.key.join("."),
    message,
  ]),
);
const calls = POPUP_SOURCES.flatMap(sourceFiles).flatMap(tCalls);
const describeCall = (call: TCall) => `${call.where} i18n.t(${JSON.stringify(call.key)})`;

describe("the popup's i18n.t calls", () => {
  it("are found in every popup source (the scan reads the popup)", () => {
    const withoutCalls = POPUP_SOURCES.filter(
      (path) => !calls.some((call) => call.where.startsWith(`${path}`)),
    );
    expect(withoutCalls).toEqual([]);
    expect(calls.length).toBeGreaterThan(100);
  });

  it("name their message with a string literal and pass arguments this test can read", () => {
    const unreadable = calls.filter((call) => call.key === undefined || call.opaque).map(describeCall);
    expect(unreadable).toEqual([]);
  });

  it("name messages that exist in locales/en.yml", () => {
    const missing = calls.filter((call) => call.key && !messages.has(call.key)).map(describeCall);
    expect(missing).toEqual([]);
  });

  it("pass exactly the named substitutions their message uses", () => {
    const mismatched = calls.flatMap((call) => {
      const message = call.key ? messages.get(call.key) : undefined;
      if (!message) return [];
      const expected = [...message.namedSubstitutions].sort();
      const given = [...(call.named ?? [])].sort();
      return JSON.stringify(expected) === JSON.stringify(given)
        ? []
        : [`${describeCall(call)} passes {${given}} but the message uses {${expected}}`];
    });
    expect(mismatched).toEqual([]);
  });

  it("pass as many positional substitutions ($1…) as their message uses, and a count only to plurals", () => {
    const mismatched = calls.flatMap((call) => {
      const message = call.key ? messages.get(call.key) : undefined;
      if (!message) return [];
      const plural = message.type === "plural";
      // A plural's count is its $1 when no list is given (see i18n.t).
      const given = call.positional ?? (call.count ? 1 : 0);
      const problems = [];
      if (given !== message.substitutions)
        problems.push(`${describeCall(call)} passes ${given} of ${message.substitutions} substitutions`);
      if (plural !== call.count)
        problems.push(`${describeCall(call)}: plural ${plural}, count given ${call.count}`);
      return problems;
    });
    expect(mismatched).toEqual([]);
  });
});

describe("the popup's messages in locales/en.yml", () => {
  const popupKeys = [...messages.keys()].filter((key) =>
    POPUP_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );

  it("are all used by the popup", () => {
    const used = new Set(calls.map((call) => call.key));
    expect(popupKeys.length).toBeGreaterThan(100);
    expect(popupKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  describe("through i18n.t", () => {
    beforeEach(() => {
      fakeBrowser.reset();
      useEnglishMessages();
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it("read as en.yml writes them, with every named substitution filled in", () => {
      const t = i18n.t as (key: string, ...args: Array<number | Record<string, string>>) => string;
      for (const key of popupKeys) {
        const message = messages.get(key);
        if (message?.type !== "simple" && message?.type !== "plural")
          throw new Error(`${key} is neither a simple nor a plural message`);
        const values = Object.fromEntries(
          message.namedSubstitutions.map((name) => [name, `<${name} value>`]),
        );
        const filled = (text: string) =>
          message.namedSubstitutions.reduce(
            (result, name) => result.replaceAll(`{${name}}`, `<${name} value>`),
            text,
          );
        // A plural message: English's "one" form for 1, its other form ("n") with the count for 7.
        const forms: Array<[string, number | undefined]> =
          message.type === "simple"
            ? [[message.message, undefined]]
            : [
                [message.plurals[1] ?? "", 1],
                [message.plurals.n ?? "", 7],
              ];
        for (const [text, count] of forms) {
          const expected = filled(text).replaceAll("$1", String(count));
          const shown = count === undefined ? t(key, values) : t(key, count, values);
          expect(shown, key).toBe(expected);
          expect(expected, key).not.toMatch(/\{[A-Za-z0-9_]+\}|\$\d/);
        }
      }
    });
  });
});
