import { i18n } from "#i18n";
import type { CachedAnalysis } from "../../lib/db/schema";
import { isFollowUp, promptOf, threadIdOf } from "../../lib/thread/thread-metadata";
import { WatchControl } from "./watch-control";

/**
 * The watch of an analysis's page, under its detail. A thread's page is watched with the thread's first
 * question (the later turns build on answers a new run would not have). Not offered when this browser
 * does not know what the analysis asked.
 */
export function AnalysisWatch({ record }: { record: CachedAnalysis }) {
  if (record.partial || !record.analysis?.url || !promptOf(record)) return null;
  return (
    <>
      <WatchControl
        target={{ kind: "analysis", analysisId: threadIdOf(record) }}
        links={1}
        withSchema={record.jsonContent != null}
      />
      {isFollowUp(record) ? <p className="watch-control__note">{i18n.t("watch.threadNote")}</p> : null}
    </>
  );
}
