import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { recordsByIds } from "../../lib/db/records";
import type { AnalyzeJob } from "../../lib/db/schema";
import { ThreadConversation } from "../thread/thread-conversation";
import { ThreadTotal } from "../thread/thread-total";
import { AnalysisCard } from "./analysis-card";
import { OpenSidePanelButton } from "./open-side-panel-button";

/**
 * A finished job: its analyses (live from the cache), the links it could not analyze, and its cost, with
 * the whole thread's beside it once follow-ups were asked (under each answer when the job has several).
 */
export function JobResult({ job, windowId }: { job: AnalyzeJob; windowId: number | undefined }) {
  const ids = job.analysisIds;
  const records = useLiveQuery(() => recordsByIds(db, ids), [ids.join("\n")]);
  return (
    <div className="job-result">
      {records?.map((record) => (
        <div key={record.analysisId} className="job-result__answer">
          <AnalysisCard record={record} />
          <ThreadConversation analysisId={record.analysisId} />
          {ids.length > 1 ? <ThreadTotal analysisId={record.analysisId} /> : null}
        </div>
      ))}
      {records && ids.length === 0 ? <p>{i18n.t("popup.job.noResults")}</p> : null}
      {job.linkLimit?.learned !== undefined ? (
        <p className="ll-notice ll-notice--info" data-testid="job-link-limit">
          {i18n.t("popup.job.linkLimit", { size: job.linkLimit.learned })}
        </p>
      ) : null}
      {job.failures.length > 0 ? (
        <div className="ll-notice ll-notice--warning">
          <p>{i18n.t("popup.job.failures")}</p>
          <ul>
            {job.failures.map((failure) => (
              <li key={failure.link}>
                {i18n.t("popup.job.failure", { link: failure.link, message: failure.message })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="job-result__usage">
        <div>
          <dt>{i18n.t("popup.job.cost")}</dt>
          <dd data-testid="job-cost">{i18n.t("credits", job.costCredits)}</dd>
          {ids.length === 1 ? (
            <dd>
              <ThreadTotal analysisId={ids[0] as string} />
            </dd>
          ) : null}
        </div>
      </dl>
      {job.usageIds.length > 0 ? (
        <details className="job-result__details">
          <summary>{i18n.t("popup.job.details")}</summary>
          <dl className="job-result__usage">
            <div>
              <dt>{i18n.t("popup.job.usage")}</dt>
              <dd>
                {job.usageIds.map((usageId) => (
                  <code key={usageId}>{usageId}</code>
                ))}
              </dd>
            </div>
          </dl>
        </details>
      ) : null}
      {ids.length > 0 ? (
        <OpenSidePanelButton windowId={windowId} focus={{ jobId: job.id, analysisIds: ids }} />
      ) : null}
    </div>
  );
}
