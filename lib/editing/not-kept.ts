/**
 * What a service kept of an edit it answered with a record that lacks it: the seed leaves open whether an
 * update replaces or merges, so a service may keep metadata keys the user removed, or drop a field. The
 * outbox checks every answer (not only after a 412) and words the difference for the user.
 */
import type { AnalysisRecord } from "../api/contract";
import type { ApiErrorInit } from "../api/errors";
import type { AnalysisPatch } from "../db/schema";
import { sameJson } from "../json/same-json";

export const EDIT_NOT_KEPT = "edit_not_kept";

const FIELD_NAMES = { textContent: "text", jsonContent: "JSON content", metadata: "metadata" } as const;

const quoted = (keys: string[]) => keys.map((key) => `"${key}"`).join(", ");

/** One clause per edited field the record does not hold as edited; empty when it holds the whole edit. */
function notKeptClauses(patch: AnalysisPatch, record: AnalysisRecord): string[] {
  const clauses: string[] = [];
  for (const field of ["textContent", "jsonContent", "metadata"] as const) {
    const mine = patch[field];
    const theirs = record[field];
    if (mine === undefined || sameJson(mine, theirs)) continue;
    const name = FIELD_NAMES[field];
    if (theirs === undefined) {
      clauses.push(`it returned no ${name}`);
      continue;
    }
    if (field === "textContent") {
      clauses.push("it kept another text");
      continue;
    }
    const mineObject = mine as Record<string, unknown>;
    const theirsObject = theirs as Record<string, unknown>;
    const kept = Object.keys(theirsObject).filter((key) => !(key in mineObject));
    const changed = Object.keys(mineObject).filter(
      (key) => key in theirsObject && !sameJson(mineObject[key], theirsObject[key]),
    );
    const missing = Object.keys(mineObject).filter((key) => !(key in theirsObject));
    if (kept.length > 0) {
      const what = kept.length === 1 ? `key ${quoted(kept)}` : `keys ${quoted(kept)}`;
      clauses.push(`it merged your ${name} with its own and kept the ${what}, which you removed`);
    }
    if (changed.length > 0) clauses.push(`it kept other values of ${quoted(changed)} in the ${name}`);
    if (missing.length > 0) clauses.push(`it left out ${quoted(missing)} from the ${name}`);
  }
  return clauses;
}

/** The outbox entry's error when the answer lacks the edit, or `undefined` when it holds all of it. */
export function notKeptError(patch: AnalysisPatch, record: AnalysisRecord): ApiErrorInit | undefined {
  const clauses = notKeptClauses(patch, record);
  if (clauses.length === 0) return undefined;
  return {
    status: 200,
    code: EDIT_NOT_KEPT,
    message: `The service saved your edit differently: ${clauses.join("; ")}.`,
  };
}
