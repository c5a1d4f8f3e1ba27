import "./compare.css";
import { useLiveQuery } from "dexie-react-hooks";
import { useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import { comparisonActive, comparisonCredits, waitingJobOf } from "../../lib/compare/comparison-jobs";
import { comparisonAnalysisIds } from "../../lib/compare/comparison-rows";
import { comparisonTitle } from "../../lib/compare/comparison-title";
import { schemaColumns } from "../../lib/compare/table-cells";
import { orderRows, type TableSort } from "../../lib/compare/table-order";
import { readComparison } from "../../lib/db/comparisons";
import { db } from "../../lib/db/database";
import { sendCommand } from "../../lib/messaging/protocol";
import { changedCells } from "../../lib/watch/changed-cells";
import { commandErrorText } from "../command-error-text";
import { JobError } from "../popup/job-error";
import { useSettings } from "../popup/use-settings";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { useQueueWake } from "../use-queue-wake";
import { WatchControl } from "../watch/watch-control";
import { ChangedSince } from "./changed-since";
import { ComparisonExport } from "./comparison-export";
import { ComparisonRemoval } from "./comparison-removal";
import { ComparisonTable } from "./comparison-table";
import { useKeptPlace } from "./use-kept-place";

export interface ComparisonViewProps {
  jobId: string;
  /** False while an analysis opened from the table is shown above it: the table stays as it was. */
  shown?: boolean;
  onBack: () => void;
  onOpen: (analysisId: string) => void;
  /** Removes the comparison (its jobs) and its pages' analyses, with undo. */
  onDelete?: (analysisIds: string[], jobIds: string[]) => Promise<void>;
}

const NO_JOBS: never[] = [];

/**
 * A comparison reopened or running: its table, filled as results land (a live query over the job). While
 * it waits on the queue it keeps the worker awake (a stopped worker is started again at once), and a wait
 * for a retry says why and when.
 */
export function ComparisonView({ jobId, shown = true, onBack, onOpen, onDelete }: ComparisonViewProps) {
  const data = useLiveQuery(() => readComparison(db, jobId), [jobId]);
  const settings = useSettings();
  const section = useRef<HTMLElement>(null);
  const keepPlace = useKeptPlace(section, shown);
  const jobs = useMemo(() => (data ? [data.job, ...data.retries] : NO_JOBS), [data]);
  useQueueWake(jobs);
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<TableSort>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string>();
  const allColumns = useMemo(
    () => schemaColumns(data?.job.request.responseFormat?.json_schema.schema ?? {}),
    [data?.job],
  );
  const columns = useMemo(() => allColumns.filter((column) => !hidden.has(column)), [allColumns, hidden]);
  // "Changed since": the pages a watch's runs changed since then, their cells marked (else the last run's).
  const [since, setSince] = useState<number>();
  const changed = useMemo(() => changedCells(data?.runs ?? [], since), [data?.runs, since]);
  const rows = useMemo(() => {
    const shownRows = data ? orderRows(data.rows, columns, filter, sort) : [];
    return since === undefined ? shownRows : shownRows.filter((row) => changed.has(row.link));
  }, [data, columns, filter, sort, since, changed]);

  if (data === undefined) return null;
  if (data === null) {
    return (
      <section hidden={!shown} className="comparison">
        <Button size="small" onClick={onBack}>
          {i18n.t("compare.back")}
        </Button>
        <p>{i18n.t("compare.gone")}</p>
      </section>
    );
  }

  const toggleSort = (column: string) =>
    setSort((current) =>
      current?.column === column
        ? { column, descending: !current.descending }
        : { column, descending: false },
    );
  const toggleColumn = (column: string, shown: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(column);
      else next.add(column);
      return next;
    });
  const retry = async (link: string) => {
    setError(undefined);
    try {
      await sendCommand("compare.retry", { jobId, link });
    } catch (failure) {
      setError(commandErrorText(failure));
    }
  };
  const done = data.rows.filter((row) => row.status !== "waiting").length;
  const waiting = waitingJobOf(data);
  const open = (analysisId: string) => {
    keepPlace();
    onOpen(analysisId);
  };

  return (
    <section ref={section} hidden={!shown} className="comparison" aria-labelledby="comparison-title">
      <div className="comparison__head">
        <Button size="small" onClick={onBack}>
          {i18n.t("compare.back")}
        </Button>
        <h2 id="comparison-title">{comparisonTitle(data.job)}</h2>
      </div>
      <p className="comparison__progress" role="status">
        {i18n.t("compare.progress", { done, total: data.rows.length, credits: comparisonCredits(data) })}
      </p>
      {waiting?.error ? (
        <JobError error={waiting.error} baseUrl={settings?.baseUrl ?? ""} retryAt={waiting.retryAt} />
      ) : null}
      <div className="comparison__toolbar">
        <input
          type="search"
          className="ll-input comparison__filter"
          aria-label={i18n.t("compare.filter")}
          placeholder={i18n.t("compare.filter")}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        <details className="comparison__columns">
          <summary>{i18n.t("compare.columns")}</summary>
          <fieldset>
            <legend className="ll-visually-hidden">{i18n.t("compare.columns")}</legend>
            {allColumns.map((column) => (
              <label key={column}>
                <input
                  type="checkbox"
                  checked={!hidden.has(column)}
                  onChange={(event) => toggleColumn(column, event.currentTarget.checked)}
                />{" "}
                {column}
              </label>
            ))}
          </fieldset>
        </details>
        <ComparisonExport columns={columns} rows={rows} />
      </div>
      <ChangedSince runs={data.runs} since={since} onChange={setSince} />
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <ComparisonTable
        columns={columns}
        rows={rows}
        sort={sort}
        onSort={toggleSort}
        onOpen={open}
        onRetry={(link) => void retry(link)}
        changed={changed}
      />
      <WatchControl
        target={{ kind: "comparison", jobId }}
        links={data.job.request.links.length}
        withSchema={data.job.request.responseFormat !== undefined}
      />
      {onDelete && !comparisonActive(data) ? (
        <ComparisonRemoval
          analysisIds={comparisonAnalysisIds(data.job, data.retries)}
          onDelete={() => onDelete(comparisonAnalysisIds(data.job, data.retries), [data.job.id])}
        />
      ) : null}
    </section>
  );
}
