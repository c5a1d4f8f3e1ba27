import { type ReactNode, useId } from "react";
import { i18n } from "#i18n";
import type { CachedAnalysis } from "../../lib/db/schema";
import { relevanceShown } from "../../lib/format/relevance";
import { siteOf } from "../../lib/links/link-check";
import { safeHref } from "../../lib/links/safe-link";
import { servicePageText } from "../../lib/sources/service-page-text";
import { promptOf, userMetadata } from "../../lib/thread/thread-metadata";
import { Favicon } from "../favicon";
import { formatDate } from "../format-date";
import { hideBrokenImage } from "../hide-broken-image";
import { SourcedAnswerView } from "../sources/sourced-answer-view";
import { JsonContentView } from "./json-content-view";

/** The result's text, in a box the popup keeps short and scrolls (the side panel shows it whole). */
function TextBox({ children }: { children: ReactNode }) {
  return (
    // The keyboard must reach a scrolled box (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="analysis-card__text" aria-label={i18n.t("popup.result.text")} tabIndex={0}>
      {children}
    </section>
  );
}

const inTextBox = (answer: ReactNode) => <TextBox>{answer}</TextBox>;

/** One analysis: the page (title, favicon, site, author, date, lead image, score), its text and JSON. */
export function AnalysisCard({ record }: { record: CachedAnalysis }) {
  const titleId = useId();
  const analysis = record.analysis ?? {};
  const href = analysis.url ? safeHref(analysis.url) : null;
  const image = analysis.image ? safeHref(analysis.image) : null;
  const site = analysis.url ? siteOf(analysis.url) : "";
  const title = analysis.title || analysis.url || record.analysisId;
  const byline = [
    site,
    analysis.author ? i18n.t("popup.result.author", { author: analysis.author }) : "",
    analysis.publishedDate ? formatDate(analysis.publishedDate) : "",
  ].filter(Boolean);
  // The thread's keys are said by the conversation under the card, not listed as the user's.
  const metadata = Object.entries(userMetadata(record.metadata));
  const relevance = relevanceShown(analysis.score, promptOf(record));

  return (
    <article className="analysis-card" aria-labelledby={titleId} data-analysis-id={record.analysisId}>
      <header className="analysis-card__header">
        <Favicon url={analysis.favicon} site={site || title} className="analysis-card__favicon" size={20} />
        <div className="analysis-card__heading">
          <h3 id={titleId} className="analysis-card__title">
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {title}
              </a>
            ) : (
              title
            )}
          </h3>
          {byline.length > 0 ? (
            <p className="analysis-card__byline">
              {byline.map((part, index) => (
                <span key={part}>
                  {index > 0 ? <span aria-hidden="true"> · </span> : null}
                  {analysis.publishedDate && index === byline.length - 1 ? (
                    <time dateTime={analysis.publishedDate}>{part}</time>
                  ) : (
                    part
                  )}
                </span>
              ))}
            </p>
          ) : null}
        </div>
        {relevance?.kind === "score" ? (
          // The title explains the figure on hover, and is its description for assistive technology.
          <p className="analysis-card__score" title={i18n.t("popup.result.scoreHint")}>
            {i18n.t("popup.result.score", { score: relevance.text })}
          </p>
        ) : relevance ? (
          // No figure for a prompt that is not a question: it would say nothing about the page.
          <p
            className="analysis-card__score analysis-card__score--none"
            title={i18n.t("popup.result.scoreOnlyQuestionsHint")}
          >
            {i18n.t("popup.result.scoreOnlyQuestions")}
          </p>
        ) : null}
      </header>
      {image ? (
        <img className="analysis-card__image" src={image} alt="" loading="lazy" onError={hideBrokenImage} />
      ) : null}
      {record.partial ? <p className="analysis-card__note">{i18n.t("popup.result.partial")}</p> : null}
      {record.textContent ? (
        <SourcedAnswerView
          answer={record.textContent}
          url={analysis.url}
          pageText={servicePageText(analysis)}
          topHeadingLevel={4}
          frame={inTextBox}
        />
      ) : (
        <TextBox>
          <p className="analysis-card__note">{i18n.t("popup.result.noText")}</p>
        </TextBox>
      )}
      {record.jsonContent ? <JsonContentView value={record.jsonContent} /> : null}
      {metadata.length > 0 ? (
        <section className="analysis-card__metadata" aria-label={i18n.t("popup.result.metadata")}>
          <h4>{i18n.t("popup.result.metadata")}</h4>
          <dl>
            {metadata.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </article>
  );
}
