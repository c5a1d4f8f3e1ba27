/**
 * Rebuild thread: the turns a thread has on the service (another device's, or removed here) are found by
 * the related list filtered by the thread's metadata key, and cached. A service that ignores the filter
 * (the seed leaves filtering open) answers records of other threads too: then nothing it listed is taken,
 * and the thread is what the library holds, which the answer says.
 */
import type { ApiClient } from "../../lib/api/client";
import { type AnalysisRecord, LIMITS, type PartialAnalysisRecord } from "../../lib/api/contract";
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import { THREAD_KEY, threadIdOf } from "../../lib/thread/thread-metadata";
import { readThread } from "../../lib/thread/thread-turns";

/** Pages of the related list read at most: a thread of more turns than this rebuilds what they hold. */
const MAX_PAGES = 10;

export interface RebuildResult {
  /** Turns cached that the library did not hold. */
  restored: number;
  /** Turns the thread now has in the library. */
  turns: number;
  /** The service listed records of other threads: it ignores the filter, and the library alone was used. */
  filterIgnored: boolean;
}

export interface ThreadRebuildDeps {
  db: LinklensDatabase;
  getClient: () => Promise<ApiClient>;
}

function isWhole(record: PartialAnalysisRecord): record is AnalysisRecord {
  return record.createdAt !== undefined && record.updatedAt !== undefined && record.analysis !== undefined;
}

export function createThreadRebuild({ db, getClient }: ThreadRebuildDeps) {
  /** Every record the related list holds for the thread, and whether the service kept to the filter. */
  async function listThread(client: ApiClient, analysisId: string, threadId: string) {
    const found: AnalysisRecord[] = [];
    for (let pageNum = 1; pageNum <= MAX_PAGES; pageNum++) {
      const page = await client.listRelated({
        analysisId,
        pageNum,
        pageSize: LIMITS.maxPageSize,
        metadata: { [THREAD_KEY]: threadId },
      });
      // The thread's first turn carries no key; any other record without it shows the filter was ignored.
      if (page.some((record) => record.analysisId !== threadId && threadIdOf(record) !== threadId))
        return { found: [], ignored: true };
      found.push(...page.filter(isWhole));
      if (page.length < LIMITS.maxPageSize) break;
    }
    return { found, ignored: false };
  }

  async function rebuild(analysisId: string): Promise<RebuildResult> {
    const row = await db.analyses.get(analysisId);
    if (!row)
      throw new ApiError({
        status: 0,
        code: "not_found",
        message: "this analysis is no longer in the library",
      });
    const threadId = threadIdOf(row);
    const before = new Set((await readThread(db, row)).turns.map((turn) => turn.analysisId));
    const client = await getClient();
    const { found, ignored } = await listThread(client, analysisId, threadId);
    if (!ignored) {
      // The first turn is named by the thread: read whole when this library lacks it.
      if (!before.has(threadId) && !found.some((record) => record.analysisId === threadId))
        found.push(await client.getAnalysis(threadId));
      await cacheRecords(db, found, { revive: true });
    }
    const after = (await readThread(db, row)).turns;
    return {
      restored: after.filter((turn) => !before.has(turn.analysisId)).length,
      turns: after.length,
      filterIgnored: ignored,
    };
  }

  return { rebuild };
}
