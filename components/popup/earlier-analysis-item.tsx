import { useState } from "react";
import { i18n } from "#i18n";
import type { CachedAnalysis } from "../../lib/db/schema";
import { markdownToPlainText } from "../../lib/text/markdown-plain-text";
import { formatDate } from "../format-date";
import { AnalysisCard } from "./analysis-card";

const SNIPPET_LENGTH = 90;

/** The start of an analysis's text as plain words, at most `length` characters. */
export function snippet(record: CachedAnalysis, length = SNIPPET_LENGTH): string {
  const text = markdownToPlainText(record.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** One earlier analysis, collapsed to its date and first words; the card is built only when opened. */
export function EarlierAnalysisItem({ record }: { record: CachedAnalysis }) {
  const [open, setOpen] = useState(false);
  const when = record.updatedAt ?? record.createdAt;
  return (
    <details className="earlier__item" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {when ? (
          <span className="earlier__date">
            {i18n.t("popup.earlier.updated", { date: formatDate(when, true) })}
          </span>
        ) : null}
        <span className="earlier__snippet">{snippet(record)}</span>
      </summary>
      {open ? <AnalysisCard record={record} /> : null}
    </details>
  );
}
