import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { i18n } from "#i18n";
import type { AnalysisObject } from "../../lib/api/contract";
import type { CachedAnalysis } from "../../lib/db/schema";
import { relevanceShown } from "../../lib/format/relevance";
import { siteOf } from "../../lib/links/link-check";
import { safeHref } from "../../lib/links/safe-link";
import { servicePageText } from "../../lib/sources/service-page-text";
import { promptOf, userMetadata } from "../../lib/thread/thread-metadata";
import { AnalysisEditor } from "../editing/analysis-editor";
import { Favicon } from "../favicon";
import { formatDate } from "../format-date";
import { hideBrokenImage } from "../hide-broken-image";
import { SourcedAnswerView } from "../sources/sourced-answer-view";
import { ThreadConversation } from "../thread/thread-conversation";
import { ThreadNote } from "../thread/thread-note";
import { ThreadTotal } from "../thread/thread-total";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { AnalysisWatch } from "../watch/analysis-watch";
import { ImageGallery } from "./image-gallery";
import { MetadataList } from "./metadata-list";
import { PageText } from "./page-text";
import { RelatedPanel } from "./related-panel";
import { useWholeRecord } from "./use-whole-record";

export interface AnalysisDetailProps {
  analysisId: string;
  onBack: () => void;
  /** What Back says: where it returns ("Back to the library" when absent). */
  backLabel?: string;
  onOpen: (analysisId: string) => void;
  /** More actions on this analysis (export), shown next to Refresh. */
  renderActions?: (record: CachedAnalysis) => ReactNode;
  /** Removing it from the library (with undo), at the end of the detail, out of the way. */
  renderRemoval?: (record: CachedAnalysis) => ReactNode;
}

/**
 * One analysis, read like a document: the page it is about, what it was made with and when, the
 * analysis text, JSON and metadata (Edit, the primary action, puts the edit form in their place), the
 * related analyses (listed as it opens), the page's images and text; removal last, out of the way.
 */
export function AnalysisDetail({
  analysisId,
  onBack,
  backLabel,
  onOpen,
  renderActions,
  renderRemoval,
}: AnalysisDetailProps) {
  const { record, removed, refresh, run } = useWholeRecord(analysisId);
  const analysis = record?.analysis ?? {};
  const title = analysis.title || analysis.url || i18n.t("sidepanel.library.untitled");
  // The keyboard focus moves to the title once it is there (the record loads after the view opens).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleFocused = useRef(false);
  useEffect(() => {
    if (titleFocused.current || !titleRef.current) return;
    titleRef.current.focus();
    titleFocused.current = true;
  });

  return (
    <article className="detail" aria-labelledby="detail-title">
      <div className="detail__nav">
        <Button size="small" onClick={onBack}>
          <span aria-hidden="true">←</span> {backLabel ?? i18n.t("sidepanel.detail.back")}
        </Button>
      </div>

      {record === undefined ? (
        <p role="status">{i18n.t("sidepanel.loading")}</p>
      ) : (
        <>
          <DetailHeader
            analysis={analysis}
            title={record === null ? analysisId : title}
            titleRef={titleRef}
          />

          <div role="toolbar" aria-label={i18n.t("sidepanel.detail.actions")} className="detail__actions">
            <Button
              size="small"
              onClick={() => void run()}
              disabled={refresh.kind === "busy"}
              aria-describedby="detail-refresh-hint"
            >
              {i18n.t("sidepanel.detail.refresh")}
            </Button>
            {record ? renderActions?.(record) : null}
            <span id="detail-refresh-hint" className="ll-visually-hidden">
              {i18n.t("sidepanel.detail.refreshHint")}
            </span>
          </div>
          <div role="status" className="detail__status">
            {refresh.kind === "busy"
              ? record === null || record.partial
                ? i18n.t("sidepanel.detail.loadingWhole")
                : i18n.t("sidepanel.detail.refreshing")
              : refresh.kind === "done"
                ? i18n.t("sidepanel.detail.refreshed")
                : ""}
          </div>
          {refresh.kind === "failed" ? (
            <ErrorMessage>
              {i18n.t("sidepanel.detail.refreshFailed", { message: refresh.message })}
            </ErrorMessage>
          ) : null}

          {record === null ? (
            refresh.kind === "busy" ? null : (
              <p>{removed ? i18n.t("sidepanel.detail.removed") : i18n.t("sidepanel.detail.notCached")}</p>
            )
          ) : (
            <>
              <RecordFacts record={record} />
              <AnalysisEditor analysisId={analysisId} readOnly={<EditableFields record={record} />} />
              <ThreadConversation analysisId={analysisId} />
              <AnalysisWatch record={record} />
            </>
          )}
        </>
      )}

      <RelatedPanel analysisId={analysisId} onOpen={onOpen} />

      {record ? <ImageGallery links={analysis.extras?.imageLinks ?? []} /> : null}
      {record?.analysis?.text ? <PageText text={record.analysis.text} /> : null}
      {record && renderRemoval ? <div className="detail__removal">{renderRemoval(record)}</div> : null}
    </article>
  );
}

/** The page's icon and title, the title linking to the page. */
export function DetailHeader({
  analysis,
  title,
  titleRef,
}: {
  analysis: AnalysisObject;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const href = analysis.url ? safeHref(analysis.url) : null;
  return (
    <header className="detail__header">
      <Favicon
        url={analysis.favicon}
        site={(analysis.url && siteOf(analysis.url)) || title}
        className="detail__icon"
        size={20}
      />
      <h2 id="detail-title" tabIndex={-1} ref={titleRef}>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            title={i18n.t("sidepanel.detail.openPage")}
          >
            {title}
          </a>
        ) : (
          title
        )}
      </h2>
    </header>
  );
}

/** What the analysis is about and when it was made: not editable. */
export function RecordFacts({ record }: { record: CachedAnalysis }) {
  const analysis = record.analysis ?? {};
  const image = analysis.image ? safeHref(analysis.image) : null;
  const facts: [string, ReactNode][] = [];
  if (record.host) facts.push([i18n.t("sidepanel.detail.site"), record.host]);
  const { origin } = record;
  if (origin?.presetName) facts.push([i18n.t("sidepanel.detail.preset"), origin.presetName]);
  if (origin?.prompt) facts.push([i18n.t("sidepanel.detail.prompt"), origin.prompt]);
  if (origin?.costCredits !== undefined)
    facts.push([
      i18n.t("sidepanel.detail.cost"),
      <>
        {i18n.t("credits", origin.costCredits)}
        <ThreadTotal analysisId={record.analysisId} />
      </>,
    ]);
  if (analysis.author) facts.push([i18n.t("sidepanel.detail.author"), analysis.author]);
  if (analysis.publishedDate)
    facts.push([i18n.t("sidepanel.detail.published"), formatDate(analysis.publishedDate)]);
  const relevance = relevanceShown(analysis.score, promptOf(record));
  if (relevance)
    facts.push([
      i18n.t("sidepanel.detail.score"),
      relevance.kind === "score" ? (
        <>
          {relevance.text}
          <span className="detail__fact-hint">{i18n.t("sidepanel.detail.scoreHint")}</span>
        </>
      ) : (
        <>
          {i18n.t("sidepanel.detail.scoreOnlyQuestions")}
          <span className="detail__fact-hint">{i18n.t("sidepanel.detail.scoreOnlyQuestionsHint")}</span>
        </>
      ),
    ]);
  if (record.createdAt) facts.push([i18n.t("sidepanel.detail.created"), formatDate(record.createdAt, true)]);
  if (record.updatedAt) facts.push([i18n.t("sidepanel.detail.updated"), formatDate(record.updatedAt, true)]);
  facts.push([i18n.t("sidepanel.detail.analysisId"), <code key="id">{record.analysisId}</code>]);

  return (
    <>
      {record.partial ? (
        <p className="ll-notice ll-notice--warning">{i18n.t("sidepanel.detail.partialNote")}</p>
      ) : null}
      {record.pending ? (
        <p className="ll-notice ll-notice--info">{i18n.t("sidepanel.detail.pendingNote")}</p>
      ) : null}
      <dl className="detail__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {image ? (
        <img
          className="detail__lead-image"
          src={image}
          alt={i18n.t("sidepanel.detail.leadImage")}
          loading="lazy"
          onError={hideBrokenImage}
        />
      ) : null}
    </>
  );
}

/** The fields an edit changes, as they read. */
function EditableFields({ record }: { record: CachedAnalysis }) {
  return (
    <>
      <section className="detail-section" aria-labelledby="detail-text">
        <h3 id="detail-text">{i18n.t("sidepanel.detail.textContent")}</h3>
        {record.textContent ? (
          <SourcedAnswerView
            answer={record.textContent}
            url={record.analysis?.url}
            pageText={servicePageText(record.analysis)}
            topHeadingLevel={4}
          />
        ) : (
          <p className="detail-muted">{i18n.t("sidepanel.detail.noTextContent")}</p>
        )}
      </section>
      {record.jsonContent !== undefined ? (
        <section className="detail-section" aria-labelledby="detail-json">
          <h3 id="detail-json">{i18n.t("sidepanel.detail.jsonContent")}</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must take the focus, so arrow keys can scroll it */}
          <pre className="detail__json" tabIndex={0}>
            <code>{JSON.stringify(record.jsonContent, null, 2)}</code>
          </pre>
        </section>
      ) : null}
      <section className="detail-section" aria-labelledby="detail-metadata">
        <h3 id="detail-metadata">{i18n.t("sidepanel.detail.metadata")}</h3>
        <ThreadNote analysisId={record.analysisId} metadata={record.metadata} />
        <MetadataList metadata={userMetadata(record.metadata)} />
      </section>
    </>
  );
}
