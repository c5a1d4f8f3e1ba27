/**
 * The official JSON-Schema-Test-Suite's required tests (../shared/testdata/json-schema-test-suite, see
 * SOURCE.txt there) run through `validateAgainstSchema`, the extension's one schema validator: at least 98% of the
 * cases of each draft must get the suite's verdict. Remote references (refRemote.json) and the optional tests are left out:
 * neither the extension nor the service loads schemas from elsewhere. Known misses, printed below: some
 * `$dynamicRef` scopes; `format`, which 2020-12 makes an annotation by default but which is asserted here
 * as the service's ajv (with ajv-formats) asserts it; `$ref`s to the drafts' meta-schemas, not bundled.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateAgainstSchema } from "../../lib/schema/json-schema-validate";
import { sharedTestdata } from "../helpers/shared-testdata";

const SUITE = sharedTestdata("json-schema-test-suite");
/** Remote references: neither the extension nor the service loads schemas from elsewhere. */
const LEFT_OUT = new Set(["refRemote.json"]);
const REQUIRED_PASS_RATE = 0.98;

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const DRAFTS = [
  // A schema without `$schema` is read as 2020-12, as the service reads it; the draft-07 cases say which
  // draft they are, as a user's draft-07 schema does.
  { folder: "draft2020-12", declare: "https://json-schema.org/draft/2020-12/schema" },
  { folder: "draft7", declare: "http://json-schema.org/draft-07/schema#" },
];

function declared(schema: unknown, draft: string): unknown {
  if (typeof schema !== "object" || schema === null || "$schema" in schema) return schema;
  return { $schema: draft, ...schema };
}

/** Whether the validator gives the suite's verdict (throwing counts as a wrong verdict). */
function agrees(schema: unknown, data: unknown, valid: boolean): boolean {
  try {
    return (validateAgainstSchema(schema, data).length === 0) === valid;
  } catch {
    return false;
  }
}

function runDraft(suite: string, folder: string, draft: string) {
  let total = 0;
  let passed = 0;
  const failing: string[] = [];
  const files = readdirSync(join(suite, folder)).filter(
    (name) => name.endsWith(".json") && !LEFT_OUT.has(name),
  );
  for (const file of files.sort()) {
    const groups = JSON.parse(readFileSync(join(suite, folder, file), "utf8")) as SuiteGroup[];
    for (const group of groups) {
      const schema = declared(group.schema, draft);
      const wrong = group.tests.filter((test) => !agrees(schema, test.data, test.valid)).length;
      total += group.tests.length;
      passed += group.tests.length - wrong;
      if (wrong > 0) failing.push(`${file} › ${group.description} (${wrong} of ${group.tests.length})`);
    }
  }
  return { files: files.length, total, passed, failing };
}

describe.skipIf(!SUITE)("validateAgainstSchema on the JSON-Schema-Test-Suite (required tests)", () => {
  for (const { folder, declare } of DRAFTS) {
    it(`${folder}: at least ${REQUIRED_PASS_RATE * 100}% of the cases`, () => {
      const { files, total, passed, failing } = runDraft(SUITE as string, folder, declare);
      const rate = passed / total;
      console.log(
        `${folder}: ${passed} of ${total} cases (${(rate * 100).toFixed(1)}%) in ${files} files; failing groups:\n` +
          (failing.map((group) => `  ${group}`).join("\n") || "  none"),
      );
      expect(files).toBeGreaterThan(30);
      expect(rate).toBeGreaterThanOrEqual(REQUIRED_PASS_RATE);
    });
  }
});
