import "./watch.css";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { i18n } from "#i18n";
import { cellText } from "../../lib/compare/table-cells";
import { db } from "../../lib/db/database";
import type { WatchPageChange } from "../../lib/db/schema";
import { type ChangeEntry, changeEntries } from "../../lib/db/watches";
import { sendCommand } from "../../lib/messaging/protocol";
import { formatDate } from "../format-date";
import { WatchList } from "./watch-list";

export interface ChangesViewProps {
  /** Opens a changed page's new analysis. */
  onOpenAnalysis: (analysisId: string) => void;
  /** Opens a watched comparison's table, its changed cells marked. */
  onOpenComparison: (jobId: string) => void;
}

/**
 * What the watches found, newest first: each run that changed something, its pages' added and removed
 * sentences or changed fields (old → new), and, told apart, pages whose own text changed while the answer
 * stayed the same. Shown, its changes count as seen (the toolbar's count drops them).
 */
export function ChangesView({ onOpenAnalysis, onOpenComparison }: ChangesViewProps) {
  const entries = useLiveQuery(() => changeEntries(db), []);
  const unseen = entries?.some(({ run }) => run.changed > 0 && run.seen !== true) ?? false;
  useEffect(() => {
    if (unseen) void sendCommand("watch.seen", {}).catch(() => undefined);
  }, [unseen]);

  if (entries === undefined) return <p className="changes__loading">{i18n.t("changes.loading")}</p>;
  return (
    <section className="changes" aria-labelledby="changes-title">
      <h2 id="changes-title">{i18n.t("changes.title")}</h2>
      {entries.length === 0 ? (
        <p className="changes__empty">{i18n.t("changes.empty")}</p>
      ) : (
        <ol className="changes__list">
          {entries.map((entry) => (
            <li key={entry.run.id}>
              <ChangeItem entry={entry} onOpenAnalysis={onOpenAnalysis} onOpenComparison={onOpenComparison} />
            </li>
          ))}
        </ol>
      )}
      <WatchList />
    </section>
  );
}

function ChangeItem({ entry, onOpenAnalysis, onOpenComparison }: { entry: ChangeEntry } & ChangesViewProps) {
  const { run, watch } = entry;
  const comparison = watch.target.kind === "comparison" ? watch.target.jobId : undefined;
  return (
    <article
      className="change"
      aria-labelledby={`change-${run.id}`}
      data-unseen={run.seen ? undefined : true}
    >
      <header className="change__header">
        <h3 id={`change-${run.id}`}>
          {comparison ? (
            <button type="button" className="change__open" onClick={() => onOpenComparison(comparison)}>
              {watch.title}
            </button>
          ) : (
            watch.title
          )}
        </h3>
        <p className="change__when">
          <time dateTime={new Date(run.startedAt).toISOString()}>{formatDate(run.startedAt, true)}</time>
          {" · "}
          {run.changed > 0
            ? i18n.t("changes.pagesChanged", run.changed, [run.changed])
            : i18n.t("changes.onlyPageText")}
        </p>
      </header>
      {run.pages.map((page) => (
        <PageChange key={page.link} page={page} onOpen={() => onOpenAnalysis(page.afterId)} />
      ))}
    </article>
  );
}

function PageChange({ page, onOpen }: { page: WatchPageChange; onOpen: () => void }) {
  return (
    <section className="change__page" aria-label={page.title}>
      <button type="button" className="change__page-title" onClick={onOpen}>
        {page.title}
      </button>
      {page.changed ? null : <p className="change__note">{i18n.t("changes.sameAnswer")}</p>}
      {page.changed && page.fields.length > 0 ? (
        <ul className="change__fields">
          {page.fields.map((field) => (
            <li key={field.path}>
              <code>{field.path}</code>: <del>{cellText(field.before) || "—"}</del>
              {" → "}
              <ins>{cellText(field.after) || "—"}</ins>
            </li>
          ))}
        </ul>
      ) : null}
      {page.changed && page.fields.length === 0 ? (
        <>
          {page.added.length > 0 ? (
            <SentenceList label={i18n.t("changes.added")} sentences={page.added} kind="added" />
          ) : null}
          {page.removed.length > 0 ? (
            <SentenceList label={i18n.t("changes.removed")} sentences={page.removed} kind="removed" />
          ) : null}
        </>
      ) : null}
      {page.pageChanged ? <p className="change__page-text">{i18n.t("changes.pageTextChanged")}</p> : null}
    </section>
  );
}

function SentenceList({
  label,
  sentences,
  kind,
}: {
  label: string;
  sentences: string[];
  kind: "added" | "removed";
}) {
  const Mark = kind === "added" ? "ins" : "del";
  return (
    <div className={`change__sentences change__sentences--${kind}`}>
      <h4>{label}</h4>
      <ul>
        {sentences.map((sentence) => (
          <li key={sentence}>
            <Mark>{sentence}</Mark>
          </li>
        ))}
      </ul>
    </div>
  );
}
