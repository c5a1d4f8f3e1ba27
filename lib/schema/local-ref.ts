/** Local `$ref`s of a JSON Schema document, resolved the way the service resolves them. */

/** Resolves "#", "#/json/pointer" within `root`; undefined for anything else. */
export function resolveLocalRef(ref: string, root: Record<string, unknown>): unknown {
  const rootId = typeof root.$id === "string" ? root.$id.replace(/#$/, "") : undefined;
  let fragment = ref;
  if (rootId && ref.startsWith(rootId)) fragment = ref.slice(rootId.length);
  if (fragment === "#" || fragment === "") return root;
  if (!fragment.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(2).split("/")) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
