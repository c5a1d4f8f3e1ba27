import "./compare.css";
import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { comparisonJobs } from "../../lib/db/comparisons";
import { db } from "../../lib/db/database";
import { formatDate } from "../format-date";
import { comparisonTitle } from "./comparison-title";

export interface ComparisonListProps {
  onOpen: (jobId: string) => void;
}

/**
 * The library's comparisons, one row each ("Compare: 24 pages · schema Pricing"), above its analyses;
 * nothing at all until there is one, so the analyses start as high as before.
 */
export function ComparisonList({ onOpen }: ComparisonListProps) {
  const jobs = useLiveQuery(() => comparisonJobs(db), []);
  if (!jobs || jobs.length === 0) return null;
  return (
    <section className="comparison-list" aria-label={i18n.t("compare.listLabel")}>
      {jobs.length > 0 ? (
        <ul>
          {jobs.map((job) => (
            <li key={job.id}>
              <button type="button" className="comparison-list__row" onClick={() => onOpen(job.id)}>
                <span className="comparison-list__title">{comparisonTitle(job)}</span>
                <span className="comparison-list__meta">
                  {i18n.t(`compare.jobStatus.${job.status}`)} · {formatDate(job.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
