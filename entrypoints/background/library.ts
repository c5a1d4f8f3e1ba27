/**
 * The user's library in the local cache: importing a JSON export, and deleting analyses with undo.
 * The API has no delete: a deleted analysis is gone from this browser only, and stays gone: it is
 * marked removed (`removed`), so a later refresh, listing or import does not cache it again; only
 * undo, or a new analysis that answers it, brings it back.
 */
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import { isOlder, removedIds } from "../../lib/db/records";
import type { AnalyzeJob, CachedAnalysis, DeletedBatch } from "../../lib/db/schema";
import { checkImportDocument, type ImportSummary, planImport, summaryOf } from "../../lib/export/import-json";
import { UNDO_WINDOW_MS } from "../../lib/library/undo-window";
import type { CommandHandlers, DeleteResult, RestoreResult } from "../../lib/messaging/protocol";

/** Where a delete's undo copy lives: it must survive the worker being stopped (not a variable). */
export interface UndoStore {
  put(entry: DeletedBatch): Promise<void>;
  get(token: string): Promise<DeletedBatch | undefined>;
  remove(token: string): Promise<void>;
  removeExpired(now: number): Promise<void>;
}

/** Undo copies in Dexie's `deleted` table, beside the cache they come from. */
export function databaseUndoStore(db: LinklensDatabase): UndoStore {
  return {
    put: async (entry) => {
      await db.deleted.put(entry);
    },
    get: (token) => db.deleted.get(token),
    remove: async (token) => {
      await db.deleted.delete(token);
    },
    removeExpired: async (now) => {
      await db.deleted.where("expiresAt").belowOrEqual(now).delete();
    },
  };
}

export interface LibraryDeps {
  db: LinklensDatabase;
  undo?: UndoStore;
  now?: () => number;
  newToken?: () => string;
  /** After an import added watches (the watcher sets its alarm for them). */
  onWatchesImported?: () => unknown;
}

export function createLibrary(deps: LibraryDeps) {
  const { db, undo = databaseUndoStore(db), now = Date.now, newToken = () => crypto.randomUUID() } = deps;
  /** Ids among `ids` with an edit waiting to be sent: the row's mark, or an outbox entry. */
  async function pendingIdsOf(ids: readonly string[], rows: readonly (CachedAnalysis | undefined)[]) {
    const queued = await db.outbox
      .where("analysisId")
      .anyOf([...ids])
      .toArray();
    const pending = new Set(queued.map((entry) => entry.analysisId));
    for (const row of rows) if (row?.pending) pending.add(row.analysisId);
    return pending;
  }

  return {
    /**
     * Merges a JSON export into the cache in one transaction: an invalid document throws (code
     * `invalid_import`) and changes nothing.
     */
    async importDocument(value: unknown): Promise<ImportSummary> {
      const check = checkImportDocument(value);
      if (!check.ok) {
        const { message } = check.problem;
        const details = check.problem.kind === "invalid" ? check.problem.issues : undefined;
        throw new ApiError({ status: 0, code: "invalid_import", message, details });
      }
      const { document } = check;
      const ids = document.analyses.map((analysis) => analysis.analysisId);
      const usageIds = (document.usage ?? []).map((row) => row.usageId);
      const watchIds = (document.watches ?? []).map((watch) => watch.id);
      const tables = [db.analyses, db.outbox, db.usage, db.removed, db.watches];
      const summary = await db.transaction("rw", tables, async () => {
        const rows = await db.analyses.bulkGet(ids);
        const cached = new Map(rows.flatMap((row) => (row ? [[row.analysisId, row] as const] : [])));
        const knownUsage = await db.usage.bulkGet(usageIds);
        // An analysis the user removed stays removed: the import skips it.
        const removed = await removedIds(db, ids);
        const kept = document.analyses.filter((analysis) => !removed.has(analysis.analysisId));
        const plan = planImport({
          document: { ...document, analyses: kept },
          cached,
          pendingIds: await pendingIdsOf(ids, rows),
          knownUsageIds: new Set(knownUsage.flatMap((row) => (row ? [row.usageId] : []))),
          knownWatchIds: new Set(
            (await db.watches.bulkGet(watchIds)).flatMap((row) => (row ? [row.id] : [])),
          ),
          now: now(),
        });
        await db.analyses.bulkPut([...plan.added, ...plan.updated]);
        await db.usage.bulkAdd(plan.usage.added);
        await db.watches.bulkAdd(plan.watches.added);
        const summary = summaryOf(plan);
        return { ...summary, skipped: summary.skipped + removed.size };
      });
      // Imported watches are due on their own schedule: the watches' alarm is set for them.
      if (summary.watches.added > 0) await deps.onWatchesImported?.();
      return summary;
    },

    /**
     * Removes analyses from the cache, and comparisons `jobIds` (their jobs and their pages' retries) with
     * them, keeping both for `restore` for `UNDO_WINDOW_MS`. An analysis with an edit not yet sent stays
     * (deleting it would lose the edit): it is listed in `keptPending`.
     */
    async delete(analysisIds: readonly string[], jobIds: readonly string[] = []): Promise<DeleteResult> {
      const at = now();
      await undo.removeExpired(at);
      const ids = [...new Set(analysisIds)];
      const jobs = await removeComparisons(jobIds);
      const { removed, keptPending } = await db.transaction(
        "rw",
        db.analyses,
        db.outbox,
        db.removed,
        async () => {
          const rows = await db.analyses.bulkGet(ids);
          const pending = await pendingIdsOf(ids, rows);
          const removable = rows.filter(
            (row): row is CachedAnalysis => row !== undefined && !pending.has(row.analysisId),
          );
          await db.analyses.bulkDelete(removable.map((row) => row.analysisId));
          await db.removed.bulkPut(removable.map((row) => ({ analysisId: row.analysisId, removedAt: at })));
          return { removed: removable, keptPending: ids.filter((id) => pending.has(id)) };
        },
      );
      if (removed.length === 0 && jobs.length === 0) return { deleted: 0, undoToken: null, keptPending };
      const token = newToken();
      try {
        await undo.put({
          token,
          rows: removed,
          ...(jobs.length > 0 && { jobs }),
          expiresAt: at + UNDO_WINDOW_MS,
        });
      } catch (error) {
        // Without its undo entry a delete is not done: the rows go back and the caller learns why.
        await putBack(removed);
        await putBackJobs(jobs);
        throw new ApiError({
          status: 0,
          code: "undo_unavailable",
          message: `the analyses were not deleted: their undo copy could not be kept (${messageOf(error)})`,
        });
      }
      return { deleted: removed.length, undoToken: token, keptPending };
    },

    /** Puts back what a delete removed; an analysis cached again since then keeps its newer row. */
    async restore(undoToken: string): Promise<RestoreResult> {
      const entry = await undo.get(undoToken);
      if (!entry || entry.expiresAt <= now()) {
        if (entry) await undo.remove(undoToken);
        throw new ApiError({
          status: 0,
          code: "undo_expired",
          message: "this delete can no longer be undone (undo is kept for 10 minutes)",
        });
      }
      const restored = await putBack(entry.rows);
      await putBackJobs(entry.jobs ?? []);
      await undo.remove(undoToken);
      return { restored, skipped: entry.rows.length - restored };
    },
  };

  /** Takes comparisons `jobIds` out of the jobs table, with their pages' retries; answers what it took. */
  function removeComparisons(jobIds: readonly string[]): Promise<AnalyzeJob[]> {
    if (jobIds.length === 0) return Promise.resolve([]);
    const comparisons = new Set(jobIds);
    return db.transaction("rw", db.jobs, async () => {
      const jobs = await db.jobs
        .filter(
          (job) =>
            (job.comparison !== undefined && comparisons.has(job.id)) ||
            (job.retryOf !== undefined && comparisons.has(job.retryOf.jobId)),
        )
        .toArray();
      await db.jobs.bulkDelete(jobs.map((job) => job.id));
      return jobs;
    });
  }

  /** Puts deleted comparisons' jobs back, unless a job of the same id is there again. */
  function putBackJobs(jobs: readonly AnalyzeJob[]): Promise<void> {
    if (jobs.length === 0) return Promise.resolve();
    return db.transaction("rw", db.jobs, async () => {
      const present = await db.jobs.bulkGet(jobs.map((job) => job.id));
      await db.jobs.bulkPut(jobs.filter((_, index) => present[index] === undefined));
    });
  }

  /**
   * Writes back the rows that are not in the cache again with an equal or newer version; returns how
   * many. None of them is marked removed any more.
   */
  function putBack(rows: readonly CachedAnalysis[]): Promise<number> {
    return db.transaction("rw", db.analyses, db.removed, async () => {
      await db.removed.bulkDelete(rows.map((row) => row.analysisId));
      const current = await db.analyses.bulkGet(rows.map((row) => row.analysisId));
      const back = rows.filter((row, index) => {
        const present = current[index];
        return present === undefined || (!present.pending && isOlder(present.updatedAt, row.updatedAt));
      });
      await db.analyses.bulkPut(back);
      return back.length;
    });
  }
}

export type Library = ReturnType<typeof createLibrary>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function libraryCommandHandlers(
  library: Library,
): Pick<CommandHandlers, "analyses.import" | "analyses.delete" | "analyses.restore"> {
  return {
    "analyses.import": ({ document }) => library.importDocument(document),
    "analyses.delete": ({ analysisIds, jobIds }) => library.delete(analysisIds, jobIds),
    "analyses.restore": ({ undoToken }) => library.restore(undoToken),
  };
}
