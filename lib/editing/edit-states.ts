/**
 * The state of each analysis's waiting edits, for the library's rows: the outbox grouped by analysis,
 * each group read as the status line reads it (edit-status.ts).
 */
import type { OutboxEntry } from "../db/schema";
import { type EditStatus, editStatusOf } from "./edit-status";

export type EditStateKind = Exclude<EditStatus["kind"], "none">;
export type EditStates = ReadonlyMap<string, EditStateKind>;

export function editStatesOf(entries: readonly OutboxEntry[], now: number): EditStates {
  const byAnalysis = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const group = byAnalysis.get(entry.analysisId);
    if (group) group.push(entry);
    else byAnalysis.set(entry.analysisId, [entry]);
  }
  const states = new Map<string, EditStateKind>();
  for (const [analysisId, group] of byAnalysis) {
    const status = editStatusOf(group, now);
    if (status.kind !== "none") states.set(analysisId, status.kind);
  }
  return states;
}
