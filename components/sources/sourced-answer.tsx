import "./sources.css";
import { type ReactNode, useMemo } from "react";
import { i18n } from "#i18n";
import { findSources, indexPage } from "../../lib/sources/find-sources";
import type { ServicePageText } from "../../lib/sources/service-page-text";
import { MarkdownView, type SentenceMarks } from "../markdown-view";
import { ReadTab, useTabText } from "./read-tab";
import { SourceMarker } from "./source-marker";
import { useGoToPassage } from "./use-go-to-passage";

export interface SourcedAnswerProps {
  /** The answer, as Markdown. */
  answer: string;
  /** The analyzed page. */
  url?: string;
  /**
   * The page's text as the service returned it (`analysis.text`, `servicePageText`), and whether the service
   * says it is the page's own; without it the open tab's is read on a click.
   */
  pageText?: ServicePageText;
  /** The HTML level of the answer's `#` headings. */
  topHeadingLevel: number;
  /** Wraps the rendered answer (the popup's card scrolls it in a box of its own); the sources' foot follows. */
  frame?: (answer: ReactNode) => ReactNode;
}

const unframed = (answer: ReactNode) => answer;

/**
 * An answer with its sources on the page: a numbered marker right after each sentence the page supports
 * (one number per passage), and at its foot how many passages; a click on a marker goes to the passage on
 * the page (useGoToPassage). The foot claims passages on the page only from the page's own text (the
 * service's when it says so, or the open tab's); a service's other text gets markers whose passages are
 * looked for on the live page when followed, and the foot offers to read the open tab's, as it does with no
 * text at all.
 */
export function SourcedAnswer(props: SourcedAnswerProps) {
  const { answer, url, pageText, topHeadingLevel, frame = unframed } = props;
  const tab = useTabText(url);
  const known: ServicePageText | undefined =
    tab.text !== null ? { text: tab.text, isThePage: true } : pageText;
  const readTab = url && !known?.isThePage ? <ReadTab tab={tab} /> : null;

  if (known) return <FoundSources {...props} pageText={known} readTab={readTab} />;
  return (
    <>
      {frame(<MarkdownView text={answer} topHeadingLevel={topHeadingLevel} />)}
      {readTab ? (
        <section className="answer-sources" aria-label={i18n.t("sources.label")}>
          {readTab}
        </section>
      ) : null}
    </>
  );
}

function FoundSources({
  answer,
  url,
  pageText,
  topHeadingLevel,
  frame = unframed,
  readTab,
}: SourcedAnswerProps & { pageText: ServicePageText; readTab: ReactNode }) {
  const page = useMemo(() => indexPage(pageText.text), [pageText.text]);
  const found = useMemo(() => findSources(answer, page), [answer, page]);
  const { note, go } = useGoToPassage(url, pageText.text, pageText.isThePage);
  const supported = found.sentences.some((sentence) => sentence.passage !== null);

  const marks = useMemo(
    (): SentenceMarks => ({
      sentences: found.sentences.map((sentence) => sentence.sentence),
      marked: (index) => (found.sentences[index]?.passage ?? null) !== null,
      render: (index) => {
        const number = found.sentences[index]?.passage;
        const passage = number === undefined || number === null ? undefined : found.passages[number];
        if (!passage || number === undefined || number === null) return null;
        return (
          <SourceMarker number={number + 1} passage={passage} onGo={url ? () => go(passage) : undefined} />
        );
      },
    }),
    [found, url, go],
  );

  return (
    <>
      {frame(<MarkdownView text={answer} topHeadingLevel={topHeadingLevel} sentenceMarks={marks} />)}
      <section className="answer-sources" aria-label={i18n.t("sources.label")}>
        <SourcesCount pageText={pageText} passages={supported ? found.passages.length : 0} />
        {readTab}
        {note ? <p role="status">{note}</p> : null}
      </section>
    </>
  );
}

/**
 * How many passages support the answer: on the page, from the page's own text; in the service's text,
 * not yet found on the page, from another text (nothing when none: the foot offers to read the open tab).
 */
function SourcesCount({ pageText, passages }: { pageText: ServicePageText; passages: number }) {
  if (!pageText.isThePage) return passages > 0 ? <p>{i18n.t("sources.unchecked", passages)}</p> : null;
  return <p>{passages > 0 ? i18n.t("sources.count", passages) : i18n.t("sources.none")}</p>;
}
