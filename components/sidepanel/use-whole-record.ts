import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import { db } from "../../lib/db/database";
import type { CachedAnalysis } from "../../lib/db/schema";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";

export type RefreshState =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done" }
  | { kind: "failed"; message: string };

/**
 * The cached analysis `analysisId` (live), `null` when not cached, `undefined` while loading; and a
 * refresh through the worker (`analysis.refresh`). A record that is not cached, or cached only partly
 * (from a related listing with chosen fields), is read whole once on its own, unless the user removed
 * it from the library (`removed`).
 */
export function useWholeRecord(analysisId: string) {
  const record = useLiveQuery(async () => (await db.analyses.get(analysisId)) ?? null, [analysisId]);
  // Removed from the library by the user: it is not read again (a refresh would not cache it anyway).
  const removed = useLiveQuery(async () => (await db.removed.get(analysisId)) !== undefined, [analysisId]);
  const [refresh, setRefresh] = useState<RefreshState>({ kind: "idle" });

  const run = useCallback(async () => {
    setRefresh({ kind: "busy" });
    try {
      await sendCommand("analysis.refresh", { analysisId });
      setRefresh({ kind: "done" });
    } catch (error) {
      setRefresh({ kind: "failed", message: commandErrorText(error) });
    }
  }, [analysisId]);

  const needsWhole = removed === false && (record === null || record?.partial === true);
  useEffect(() => {
    if (needsWhole && refresh.kind === "idle") void run();
  }, [needsWhole, refresh.kind, run]);

  return { record: record as CachedAnalysis | null | undefined, removed: removed === true, refresh, run };
}
