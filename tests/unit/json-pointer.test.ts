/** JSON Pointers as RFC 6901 writes them, and in a URI fragment (§6) as `$ref` and ajv read them. */
import { describe, expect, it } from "vitest";
import {
  escapeToken,
  joinFragmentPointer,
  joinPointer,
  splitFragmentPointer,
  splitPointer,
  unescapeToken,
} from "../../lib/schema/json-pointer";

/** RFC 6901 §5: the document and the pointers into it. */
const RFC_DOCUMENT: Record<string, unknown> = {
  foo: ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  'k"l': 6,
  " ": 7,
  "m~n": 8,
};
const RFC_POINTERS: [string, unknown][] = [
  ["", RFC_DOCUMENT],
  ["/foo", ["bar", "baz"]],
  ["/foo/0", "bar"],
  ["/", 0],
  ["/a~1b", 1],
  ["/c%d", 2],
  ["/e^f", 3],
  ["/g|h", 4],
  ["/i\\j", 5],
  ['/k"l', 6],
  ["/ ", 7],
  ["/m~0n", 8],
];

const follow = (keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], RFC_DOCUMENT);

describe("JSON pointers", () => {
  it("escapes ~ and / in a token and reads them back", () => {
    expect(escapeToken("a/b")).toBe("a~1b");
    expect(escapeToken("m~n")).toBe("m~0n");
    expect(escapeToken("~1")).toBe("~01");
    expect(escapeToken(3)).toBe("3");
    expect(unescapeToken("a~1b")).toBe("a/b");
    expect(unescapeToken("m~0n")).toBe("m~n");
  });

  it('unescapes ~1 before ~0, so "~01" is the key "~1", not "/"', () => {
    expect(unescapeToken("~01")).toBe("~1");
    expect(unescapeToken(escapeToken("~/~1/~0"))).toBe("~/~1/~0");
  });

  it("resolves every pointer of RFC 6901's example", () => {
    for (const [pointer, value] of RFC_POINTERS) {
      const keys = splitPointer(pointer);
      expect(keys, pointer).toBeDefined();
      expect(follow(keys ?? []), pointer).toEqual(value);
      expect(joinPointer(keys ?? [])).toBe(pointer);
    }
  });

  it("joins keys and indexes, the empty path being the whole document", () => {
    expect(joinPointer([])).toBe("");
    expect(joinPointer(["tags", 0, "a/b"])).toBe("/tags/0/a~1b");
    expect(joinPointer([""])).toBe("/");
  });

  it("refuses a text that is not a pointer", () => {
    expect(splitPointer("foo")).toBeUndefined();
    expect(splitPointer("#/foo")).toBeUndefined();
  });

  it("percent-encodes tokens in a URI fragment and decodes them back", () => {
    expect(joinFragmentPointer(["$defs", "a b", "c/d", "%"])).toBe("/%24defs/a%20b/c~1d/%25");
    expect(splitFragmentPointer("/%24defs/a%20b/c~1d/%25")).toEqual(["$defs", "a b", "c/d", "%"]);
    expect(splitFragmentPointer("/$defs/thing")).toEqual(["$defs", "thing"]);
    expect(splitFragmentPointer("")).toEqual([]);
  });

  it("refuses a fragment that is not a pointer or whose percent-encoding is malformed", () => {
    expect(splitFragmentPointer("foo")).toBeUndefined();
    expect(splitFragmentPointer("/%E0%A4%A")).toBeUndefined();
  });
});
