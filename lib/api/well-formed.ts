/**
 * The contract's rule that every string, keys included, is well-formed Unicode. JSON lets a `\ud800` escape
 * through that UTF-8 could never carry; storing it would silently turn it into U+FFFD.
 */

export type IllFormedString = {
  path: string;
  message: string;
};

const LONE_SURROGATE = /\p{Surrogate}/gu;

/** A path segment that shows a lone surrogate as its `\uXXXX` escape rather than as a broken character. */
const printableSegment = (segment: string) =>
  segment.replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);

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
        }
        pending.push([child, childPath]);
      }
    }
  }
  return found;
}
