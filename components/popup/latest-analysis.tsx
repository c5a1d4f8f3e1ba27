import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { jobOfAnalysis } from "../../lib/db/jobs";
import type { AnalyzeJobRequest, CachedAnalysis } from "../../lib/db/schema";
import { formatDate } from "../format-date";
import { Button } from "../ui/button";
import { snippet } from "./earlier-analysis-item";
import { OpenSidePanelButton } from "./open-side-panel-button";

const FIRST_LINES_LENGTH = 280;

/**
 * The newest saved analysis of this page: when, with which prompt (when this browser ran it), the first
 * lines of its text, and two ways on: read it whole in the side panel, or analyze the page again.
 */
export function LatestAnalysis({
  record,
  windowId,
  onAnalyzeAgain,
}: {
  record: CachedAnalysis;
  windowId: number | undefined;
  /** With the request it was made with, when known. */
  onAnalyzeAgain: (request: AnalyzeJobRequest | undefined) => void;
}) {
  const job = useLiveQuery(() => jobOfAnalysis(db, record.analysisId), [record.analysisId]);
  const when = record.updatedAt ?? record.createdAt;
  const text = snippet(record, FIRST_LINES_LENGTH);
  return (
    <section className="latest" aria-labelledby="latest-heading" data-analysis-id={record.analysisId}>
      <h2 id="latest-heading">{i18n.t("popup.latest.heading")}</h2>
      {when ? (
        <p className="latest__date">
          <time dateTime={when}>{formatDate(when, true)}</time>
        </p>
      ) : null}
      {job ? (
        <p className="latest__prompt">
          <span className="latest__label">{i18n.t("popup.latest.prompt")}</span> {job.request.prompt}
        </p>
      ) : null}
      <p className="latest__text">{text || i18n.t("popup.result.noText")}</p>
      <div className="latest__actions">
        <OpenSidePanelButton
          size="small"
          windowId={windowId}
          focus={{ jobId: job?.id ?? "", analysisIds: [record.analysisId] }}
        />
        <Button size="small" onClick={() => onAnalyzeAgain(job?.request)}>
          {i18n.t("popup.latest.again")}
        </Button>
      </div>
    </section>
  );
}
