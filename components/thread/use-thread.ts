import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../lib/db/database";
import { openThreadJobs } from "../../lib/db/jobs";
import type { AnalyzeJob } from "../../lib/db/schema";
import { readThread, type ThreadTurn } from "../../lib/thread/thread-turns";

export interface ThreadView {
  threadId: string;
  turns: ThreadTurn[];
  /** Follow-ups on their way, or failed: no analysis yet. */
  open: AnalyzeJob[];
}

/** The thread `analysisId` belongs to, live from Dexie; `undefined` while it loads or when it is not cached. */
export function useThread(analysisId: string): ThreadView | undefined {
  return useLiveQuery(async () => {
    const row = await db.analyses.get(analysisId);
    if (!row) return undefined;
    const { threadId, turns } = await readThread(db, row);
    return { threadId, turns, open: await openThreadJobs(db, threadId) };
  }, [analysisId]);
}
