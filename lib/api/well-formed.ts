/**
 * The contract's rules for every string of a request, keys included: well-formed Unicode (JSON lets a `\ud800`
 * escape through that UTF-8 could never carry; storing it would silently turn it into U+FFFD), and no U+0000
 * (CONTRACT.md "NUL": refused in every string alike, since a database's text cannot hold it).
 */

export type IllFormedString = {
  path: string;
  message: string;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this finds.
const UNPRINTABLE = /\p{Surrogate}|\u0000/gu;

/** A path segment that shows a lone surrogate or a NUL as its `\uXXXX` escape rather than as itself. */
const printableSegment = (segment: string) =>
  segment.replace(UNPRINTABLE, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * Every string value and object key of a parsed JSON value that holds a lone surrogate, with its dotted path
 * (`jsonContent.a.0.b`). Iterative, so no nesting can overflow the stack.
 */
export function illFormedStrings(value: unknown, prefix = ""): IllFormedString[] {
  const found: IllFormedString[] = [];
  const pending: [unknown, string][] = [[value, prefix]];
  const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (!item.isWellFormed()) {
        found.push({ path: path || "body", message: "holds a lone surrogate (not well-formed Unicode)" });
      } else if (item.includes("\u0000")) {
        found.push({ path: path || "body", message: "must not contain NUL (U+0000) characters" });
      }
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--)
        pending.push([item[index], join(path, `${index}`)]);
    } else if (typeof item === "object" && item !== null) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const childPath = join(path, printableSegment(key));
        if (!key.isWellFormed()) {
          found.push({
            path: childPath,
            message: "is a key with a lone surrogate (not well-formed Unicode)",
          });
        } else if (key.includes("\u0000")) {
          found.push({ path: childPath, message: "is a key with a NUL (U+0000) character" });
        }
        pending.push([child, childPath]);
      }
    }
  }
  return found;
}
