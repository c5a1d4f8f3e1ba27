/**
 * A thread is one thing in the library: its turns (lib/thread/thread-metadata.ts) show as one row, the
 * first question with the newest turn's start, time and the thread's total cost. Search and filters
 * look at every turn; a turn that matches shows its thread's row.
 */
import { threadCredits } from "../thread/thread-cost";
import { threadIdOf } from "../thread/thread-metadata";
import type { LibraryEntry, LibraryThread } from "./library-entry";

/** The threads of more than one turn among `entries`, by thread id, each oldest turn first. */
export function threadGroups(entries: readonly LibraryEntry[]): Map<string, LibraryEntry[]> {
  const groups = new Map<string, LibraryEntry[]>();
  for (const entry of entries) {
    const id = threadIdOf(entry);
    // Most analyses are no thread's follow-up: a group starts only at a follow-up (or its first turn).
    if (id === entry.analysisId && !groups.has(id)) continue;
    const group = groups.get(id);
    if (group) group.push(entry);
    else groups.set(id, [entry]);
  }
  const byId = groups.size > 0 ? new Map(entries.map((entry) => [entry.analysisId, entry])) : undefined;
  for (const [id, group] of groups) {
    const root = byId?.get(id);
    if (root && !group.includes(root)) group.push(root);
    group.sort((a, b) => a.time - b.time || (a.analysisId < b.analysisId ? -1 : 1));
    if (group.length < 2) groups.delete(id);
  }
  return groups;
}

/** The row a thread shows as: its first turn's entry, with the newest turn's line and time. */
export function threadEntry(turns: readonly LibraryEntry[]): LibraryEntry {
  const first = turns[0] as LibraryEntry;
  const last = turns.at(-1) as LibraryEntry;
  const thread: LibraryThread = { turnIds: turns.map((turn) => turn.analysisId) };
  const total = threadCredits(turns.map((turn) => turn.costCredits));
  return {
    ...first,
    firstLine: last.firstLine,
    time: last.time,
    pending: turns.some((turn) => turn.pending),
    thread,
    ...(total === undefined ? { costCredits: undefined } : { costCredits: total }),
  };
}

/** `entries` (newest first) with each thread's turns replaced by one row, where its newest match was. */
export function oneRowPerThread(
  entries: readonly LibraryEntry[],
  groups: ReadonlyMap<string, readonly LibraryEntry[]>,
): LibraryEntry[] {
  if (groups.size === 0) return entries as LibraryEntry[];
  const shown = new Set<string>();
  const rows: LibraryEntry[] = [];
  for (const entry of entries) {
    const id = threadIdOf(entry);
    const turns = groups.get(id);
    if (!turns) rows.push(entry);
    else if (!shown.has(id)) {
      shown.add(id);
      rows.push(threadEntry(turns));
    }
  }
  return rows;
}

/** The analyses a row stands for: a thread's every turn, else the one analysis. */
export function idsOfRow(entry: LibraryEntry): readonly string[] {
  return entry.thread?.turnIds ?? [entry.analysisId];
}
