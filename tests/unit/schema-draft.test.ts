/** The one `$schema` rule: which draft a response schema is read by, and which `$schema`s are refused. */
import { describe, expect, it } from "vitest";
import { schemaDraft } from "../../lib/schema/schema-draft";

describe("schemaDraft", () => {
  it("reads a schema without $schema as 2020-12", () => {
    expect(schemaDraft(undefined)).toEqual({ draft: "2020-12" });
  });

  it.each([
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    ["https://json-schema.org/draft/2020-12/schema#", "2020-12"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["http://json-schema.org/draft-07/schema", "draft-07"],
  ])("takes %s as %s", (declared, draft) => {
    expect(schemaDraft(declared)).toEqual({ draft });
  });

  it.each([
    "http://json-schema.org/draft-04/schema#",
    "http://json-schema.org/draft-06/schema#",
    "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft/2020-12/schema/extra",
    // Not the meta-schemas' own URIs: ajv resolves neither.
    "https://json-schema.org/draft-07/schema",
    "http://json-schema.org/draft/2020-12/schema",
    "json-schema.org/draft-07/schema",
    "constructor",
    "",
  ])("refuses %j as unsupported, reading the schema as 2020-12", (declared) => {
    expect(schemaDraft(declared)).toEqual({ draft: "2020-12", refused: "unsupported" });
  });

  it("refuses a $schema that is not a string", () => {
    for (const declared of [7, null, true, ["https://json-schema.org/draft/2020-12/schema"]]) {
      expect(schemaDraft(declared)).toEqual({ draft: "2020-12", refused: "not_string" });
    }
  });
});
