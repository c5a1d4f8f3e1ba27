import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { recordsForPage } from "../../lib/db/records";
import type { AnalyzeJobRequest } from "../../lib/db/schema";
import { newestTurnOfEachThread } from "../../lib/thread/thread-turns";
import { EarlierAnalysisItem } from "./earlier-analysis-item";
import { LatestAnalysis } from "./latest-analysis";

export interface EarlierAnalysesProps {
  pageUrl: string;
  /** Analyses shown elsewhere in the popup (the job's result). */
  exclude: readonly string[];
  /** Show the newest one as the latest analysis, with its actions (no job's result is shown). */
  showLatest: boolean;
  windowId: number | undefined;
  onAnalyzeAgain: (request: AnalyzeJobRequest | undefined) => void;
}

/**
 * The cache's analyses of this page, newest first (live: new ones appear as they arrive), a thread once as
 * its newest turn: the latest one with its actions when asked, then the others folded to one line, each
 * opening to its card.
 */
export function EarlierAnalyses({
  pageUrl,
  exclude,
  showLatest,
  windowId,
  onAnalyzeAgain,
}: EarlierAnalysesProps) {
  const records = useLiveQuery(() => recordsForPage(db, pageUrl), [pageUrl]);
  const shown = newestTurnOfEachThread(records ?? [], exclude);
  const [latest, ...rest] = shown;
  const earlier = showLatest ? rest : shown;
  return (
    <>
      {showLatest && latest ? (
        <LatestAnalysis record={latest} windowId={windowId} onAnalyzeAgain={onAnalyzeAgain} />
      ) : null}
      {earlier.length > 0 ? (
        <details className="earlier">
          <summary className="earlier__summary">
            <h2 id="earlier-heading">
              {earlier.length === 1
                ? i18n.t("popup.earlier.one")
                : i18n.t("popup.earlier.many", { count: earlier.length })}
            </h2>
          </summary>
          <ul className="earlier__list" aria-labelledby="earlier-heading">
            {earlier.map((record) => (
              <li key={record.analysisId}>
                <EarlierAnalysisItem record={record} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
