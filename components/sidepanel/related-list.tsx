import { i18n } from "#i18n";
import type { PartialAnalysisRecord } from "../../lib/api/contract";
import { SELECTABLE_FIELDS } from "../../lib/library/related-query";
import { markdownToPlainText } from "../../lib/text/markdown-plain-text";
import { userMetadata } from "../../lib/thread/thread-metadata";
import { formatDate } from "../format-date";
import { ThreadNote } from "../thread/thread-note";
import { Button } from "../ui/button";

export interface RelatedListProps {
  records: PartialAnalysisRecord[];
  page: number;
  onOpen: (analysisId: string) => void;
}

const SNIPPET_LENGTH = 200;

/**
 * The record's fields that the list knows, by their names in the panel: a service may add fields of its
 * own (`status`, `model`…), which mean nothing to the reader and are never listed.
 */
function shownFields(record: PartialAnalysisRecord): string[] {
  return SELECTABLE_FIELDS.filter((field) => record[field] !== undefined).map((field) =>
    i18n.t(`sidepanel.related.field.${field}`),
  );
}

/**
 * One page of related analyses, showing what each record carries: a record listed with chosen fields
 * shows those fields only (its id stands in for a missing title); "Open" reads the rest. Another
 * thread's turn says so in words: its thread keys are never listed as the user's metadata.
 */
export function RelatedList({ records, page, onOpen }: RelatedListProps) {
  if (records.length === 0) return <p className="detail-muted">{i18n.t("sidepanel.related.none")}</p>;
  return (
    <ol className="related-list" aria-label={i18n.t("sidepanel.related.results", { page })}>
      {records.map((record) => {
        const title = record.analysis?.title || record.analysis?.url || record.analysisId;
        const fields = shownFields(record);
        const metadata = userMetadata(record.metadata);
        return (
          <li key={record.analysisId} className="related-item" data-analysis-id={record.analysisId}>
            <div className="related-item__head">
              <span className="related-item__title">{title}</span>
              <Button
                size="small"
                className="related-item__open"
                aria-label={i18n.t("sidepanel.related.openLabel", { title })}
                onClick={() => onOpen(record.analysisId)}
              >
                {i18n.t("sidepanel.related.open")}
              </Button>
            </div>
            {record.analysis?.url ? <p className="related-item__url">{record.analysis.url}</p> : null}
            <p className="related-item__meta">
              {fields.length > 0
                ? i18n.t("sidepanel.related.fieldsShown", { fields: fields.join(", ") })
                : null}
              {record.updatedAt ? ` · ${formatDate(record.updatedAt, true)}` : ""}
            </p>
            {record.textContent ? (
              <p className="related-item__snippet">{preview(record.textContent)}</p>
            ) : null}
            <ThreadNote analysisId={record.analysisId} metadata={record.metadata} />
            {Object.keys(metadata).length > 0 ? (
              <p className="related-item__data">
                <code>{JSON.stringify(metadata)}</code>
              </p>
            ) : null}
            {record.jsonContent ? (
              <p className="related-item__data">
                <code>{JSON.stringify(record.jsonContent).slice(0, SNIPPET_LENGTH)}</code>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The start of an answer as plain text (no Markdown marks), on one line. */
function preview(textContent: string): string {
  const text = markdownToPlainText(textContent).replace(/\s+/g, " ").trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
}
