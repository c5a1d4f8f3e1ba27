import { storage } from "wxt/utils/storage";

/** What the side panel should show when it opens: the results of one job, or the watches' changes. */
export interface SidepanelFocus {
  jobId: string;
  /** The job's analyses, in link order (empty for a job that failed). */
  analysisIds: string[];
  /** `changes`: the Changes view (a watch notification was clicked). */
  view?: "changes";
}

/**
 * `storage.session` key `sidepanelFocus`, written by the worker when a job notification is clicked. The
 * side panel may open before the write lands, so it should watch this item, not only read it once.
 */
export const sidepanelFocusItem = storage.defineItem<SidepanelFocus | null>("session:sidepanelFocus", {
  fallback: null,
});
