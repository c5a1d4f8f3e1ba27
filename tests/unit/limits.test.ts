import { describe, expect, it } from "vitest";
import { LIMITS as CONTRACT_LIMITS, Metadata } from "../../lib/api/contract";
import { metadataKeyLengthProblem, tooManyMetadataKeys } from "../../lib/api/field-schemas";
import { LIMITS } from "../../lib/api/limits";

// The zod-free rules (the popup's) and the contract's zod schema must never disagree.
describe("the zod-free metadata rules and the contract's Metadata schema", () => {
  it("share one LIMITS object", () => {
    expect(CONTRACT_LIMITS).toBe(LIMITS);
  });

  it.each([0, 1, LIMITS.maxMetadataKeyLength, LIMITS.maxMetadataKeyLength + 1])(
    "agree on a key of %i characters",
    (length) => {
      const key = "k".repeat(length);
      const accepted = Metadata.safeParse({ [key]: "v" }).success;
      expect(metadataKeyLengthProblem(key) === undefined).toBe(accepted);
    },
  );

  it("name the problem of a key", () => {
    expect(metadataKeyLengthProblem("")).toBe("key_empty");
    expect(metadataKeyLengthProblem("k".repeat(LIMITS.maxMetadataKeyLength + 1))).toBe("key_too_long");
  });

  it.each([1, LIMITS.maxMetadataKeys, LIMITS.maxMetadataKeys + 1])("agree on %i keys", (count) => {
    const metadata = Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    expect(tooManyMetadataKeys(count)).toBe(!Metadata.safeParse(metadata).success);
  });
});
