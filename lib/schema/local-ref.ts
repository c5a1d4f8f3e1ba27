/** Local `$ref`s of a JSON Schema document, resolved the way the service resolves them. */
import { splitFragmentPointer } from "./json-pointer";

/** Resolves "#", "#/json/pointer" within `root`; undefined for anything else. */
export function resolveLocalRef(ref: string, root: Record<string, unknown>): unknown {
  const rootId = typeof root.$id === "string" ? root.$id.replace(/#$/, "") : undefined;
  let fragment = ref;
  if (rootId && ref.startsWith(rootId)) fragment = ref.slice(rootId.length);
  if (fragment === "#" || fragment === "") return root;
  if (!fragment.startsWith("#/")) return undefined;
  const keys = splitFragmentPointer(fragment.slice(1));
  if (!keys) return undefined;
  let node: unknown = root;
  for (const key of keys) {
    // Own keys only: "#/a/constructor" names nothing in the document.
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
