import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { db } from "../../lib/db/database";
import { jobById, latestJobForTab } from "../../lib/db/jobs";
import type { AnalyzeJob } from "../../lib/db/schema";

// What the popup shows from the database loads with it, in this one module (see entrypoints/popup/App.tsx).
export { EarlierAnalyses } from "./earlier-analyses";
export { JobPanel } from "./job-panel";

/** The job the popup shows for this page: the one it started here, else the newest one started on it. */
export interface PageActivity {
  job: AnalyzeJob | null;
}

/**
 * Follows this page's job in Dexie and reports it up (`onChange`), rendering nothing. It is loaded on its
 * own (with Dexie), so the popup's first screen does not wait for the database code to load.
 */
export function PageActivityWatcher({
  pageUrl,
  storedJobId,
  onChange,
}: {
  pageUrl: string | undefined;
  storedJobId: string | undefined;
  onChange: (activity: PageActivity) => void;
}) {
  const job = useLiveQuery(async () => {
    if (storedJobId) return (await jobById(db, storedJobId)) ?? null;
    return pageUrl ? ((await latestJobForTab(db, pageUrl)) ?? null) : null;
  }, [storedJobId, pageUrl]);
  useEffect(() => {
    if (job !== undefined) onChange({ job });
  }, [job, onChange]);
  return null;
}
