import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { recordsForPage } from "../../lib/db/records";
import { EarlierAnalysisItem } from "./earlier-analysis-item";

/** The cache's other analyses of this page, newest first (live: new ones appear as they arrive). */
export function EarlierAnalyses({ pageUrl, exclude }: { pageUrl: string; exclude: readonly string[] }) {
  const records = useLiveQuery(() => recordsForPage(db, pageUrl), [pageUrl]);
  const earlier = (records ?? []).filter((record) => !exclude.includes(record.analysisId));
  if (earlier.length === 0) return null;
  return (
    <section className="earlier" aria-labelledby="earlier-heading">
      <h2 id="earlier-heading">{i18n.t("popup.earlier.heading")}</h2>
      <ul className="earlier__list">
        {earlier.map((record) => (
          <li key={record.analysisId}>
            <EarlierAnalysisItem record={record} />
          </li>
        ))}
      </ul>
    </section>
  );
}
