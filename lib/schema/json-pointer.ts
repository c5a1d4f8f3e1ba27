/**
 * JSON Pointers (RFC 6901): "/a~1b/0" names the key "a/b", then the item 0. A token escapes "~" as "~0" and
 * "/" as "~1"; unescaping replaces "~1" before "~0", so "~01" reads back as "~1", not "/". In a URI fragment
 * ("#/a%20b", RFC 6901 §6, as `$ref` and ajv read it) each token is also percent-encoded.
 */

/** A key or index as a pointer token: "a/b" → "a~1b". */
export const escapeToken = (token: string | number): string =>
  String(token).replace(/~/g, "~0").replace(/\//g, "~1");

/** A pointer token as the key it names: "a~1b" → "a/b". */
export const unescapeToken = (token: string): string => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** The pointer to the place the keys lead to: ["a/b", 0] → "/a~1b/0"; [] → "" (the whole document). */
export const joinPointer = (tokens: readonly (string | number)[]): string =>
  tokens.map((token) => `/${escapeToken(token)}`).join("");

/** The keys a pointer names ("/a~1b/0" → ["a/b", "0"]); `undefined` when it is not a pointer. */
export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** `joinPointer`, each token also percent-encoded, for a URI fragment (without its "#"). */
export const joinFragmentPointer = (tokens: readonly (string | number)[]): string =>
  tokens.map((token) => `/${encodeURIComponent(escapeToken(token))}`).join("");

/**
 * The keys a URI fragment's pointer names (without its "#": "/a%20b" → ["a b"]); `undefined` when it is
 * not a pointer or its percent-encoding is malformed.
 */
export function splitFragmentPointer(fragment: string): string[] | undefined {
  if (fragment === "") return [];
  if (!fragment.startsWith("/")) return undefined;
  try {
    return fragment
      .slice(1)
      .split("/")
      .map((token) => unescapeToken(decodeURIComponent(token)));
  } catch {
    return undefined;
  }
}
