/**
 * Which JSON Schema draft a response schema is read by, from its `$schema`: the one rule the service (ajv)
 * and the extension (the typed schema's check, the pages' validator) share. None means 2020-12; otherwise it
 * must be the draft's own meta-schema URI, with or without a closing "#" (the only `$schema`s ajv resolves:
 * "https://json-schema.org/draft-07/schema" names no schema it has), and anything else is refused.
 */
export type SchemaDraft = "2020-12" | "draft-07";

export interface DraftReading {
  /** The draft the schema is read by: 2020-12 when its `$schema` is refused. */
  draft: SchemaDraft;
  /** Why the service refuses the `$schema`: not a string, or another draft or dialect. */
  refused?: "not_string" | "unsupported";
}

const DRAFTS = new Map<string, SchemaDraft>([
  ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
  ["http://json-schema.org/draft-07/schema", "draft-07"],
]);

/** The draft a schema's `$schema` value (`undefined` when absent) declares, and whether it is refused. */
export function schemaDraft(declared: unknown): DraftReading {
  if (declared === undefined) return { draft: "2020-12" };
  if (typeof declared !== "string") return { draft: "2020-12", refused: "not_string" };
  const draft = DRAFTS.get(declared.replace(/#$/, ""));
  return draft ? { draft } : { draft: "2020-12", refused: "unsupported" };
}
