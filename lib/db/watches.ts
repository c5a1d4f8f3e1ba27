/** Reading watches and their runs (lib/watch): the pages read these; only the worker writes. */
import type { LinklensDatabase } from "./database";
import type { WatchRow, WatchRunRow, WatchTarget } from "./schema";

/** How many runs found a change the user has not seen (the toolbar's count). */
export function unseenChangeRuns(db: LinklensDatabase): Promise<number> {
  return db.watchRuns.filter((run) => run.changed > 0 && run.seen !== true).count();
}

/** The watch of `target` (an analysis or a comparison), if there is one. */
export async function watchOf(db: LinklensDatabase, target: WatchTarget): Promise<WatchRow | undefined> {
  const watches = await db.watches.toArray();
  return watches.find((watch) =>
    target.kind === "analysis"
      ? watch.target.kind === "analysis" && watch.target.analysisId === target.analysisId
      : watch.target.kind === "comparison" && watch.target.jobId === target.jobId,
  );
}

export interface ChangeEntry {
  run: WatchRunRow;
  watch: WatchRow;
}

/** Every run that found a change (what the user asked about, or only the page's text), newest first. */
export async function changeEntries(db: LinklensDatabase): Promise<ChangeEntry[]> {
  return db.transaction("r", db.watches, db.watchRuns, async () => {
    const watches = new Map((await db.watches.toArray()).map((watch) => [watch.id, watch]));
    const runs = await db.watchRuns.orderBy("startedAt").reverse().toArray();
    return runs.flatMap((run) => {
      const watch = watches.get(run.watchId);
      return watch && run.pages.length > 0 ? [{ run, watch }] : [];
    });
  });
}

/** A watch's runs, oldest first. */
export function runsOf(db: LinklensDatabase, watchId: string): Promise<WatchRunRow[]> {
  return db.watchRuns.where("watchId").equals(watchId).sortBy("startedAt");
}
