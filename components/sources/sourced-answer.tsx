import "./sources.css";
import { type ReactNode, useMemo, useState } from "react";
import { i18n } from "#i18n";
import { targetTabIdFromSearch } from "../../lib/browser/active-tab";
import { CommandError, sendCommand } from "../../lib/messaging/protocol";
import { findSources, indexPage, type SourcePassage } from "../../lib/sources/find-sources";
import { textFragmentUrl } from "../../lib/sources/text-fragment";
import { commandErrorText } from "../command-error-text";
import { MarkdownView, type SentenceMarks } from "../markdown-view";
import { SourceMarker } from "./source-marker";

export interface SourcedAnswerProps {
  /** The answer, as Markdown. */
  answer: string;
  /** The analyzed page. */
  url?: string;
  /** The page's text as the service returned it (`analysis.text`); without it the open tab's is read on a click. */
  pageText?: string;
  /** The HTML level of the answer's `#` headings. */
  topHeadingLevel: number;
  /** Wraps the rendered answer (the popup's card scrolls it in a box of its own); the sources' foot follows. */
  frame?: (answer: ReactNode) => ReactNode;
}

const unframed = (answer: ReactNode) => answer;

/**
 * The tab the worker looks in: the one a test names (`?tabId=`, the popup's seam in lib/browser/active-tab.ts),
 * else none, and the worker takes the active tab of the last focused window, the one beside the popup or panel.
 */
function tabToLookIn(): { tabId?: number } {
  const tabId = targetTabIdFromSearch(location.search);
  return tabId === undefined ? {} : { tabId };
}

/**
 * An answer with its sources on the page: a numbered marker right after each sentence the page supports
 * (one number per passage), and at its foot how many passages; a click on a marker goes to the passage on
 * the page: highlighted in the tab showing it (`sources.highlight`), else opened in a new tab at its text
 * fragment. Without the page's text, the foot offers to read the open tab's.
 */
export function SourcedAnswer(props: SourcedAnswerProps) {
  const { answer, url, pageText, topHeadingLevel, frame = unframed } = props;
  const [tabText, setTabText] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const text = pageText || tabText;

  async function readTab() {
    if (!url) return;
    setReading(true);
    setNote(null);
    try {
      setTabText((await sendCommand("page.readText", { url, ...tabToLookIn() })).text);
    } catch (error) {
      const notOpen = error instanceof CommandError && error.init.code === "page_not_open";
      setNote(notOpen ? i18n.t("sources.readFailed") : commandErrorText(error));
    } finally {
      setReading(false);
    }
  }

  if (text) return <FoundSources {...props} pageText={text} />;
  return (
    <>
      {frame(<MarkdownView text={answer} topHeadingLevel={topHeadingLevel} />)}
      {url ? (
        <section className="answer-sources" aria-label={i18n.t("sources.label")}>
          <p>
            <button type="button" onClick={readTab} disabled={reading}>
              {reading ? i18n.t("sources.reading") : i18n.t("sources.readTab")}
            </button>
          </p>
          {note ? <p role="status">{note}</p> : null}
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
}: SourcedAnswerProps & { pageText: string }) {
  const page = useMemo(() => indexPage(pageText), [pageText]);
  const found = useMemo(() => findSources(answer, page), [answer, page]);
  const [note, setNote] = useState<string | null>(null);
  const supported = found.sentences.some((sentence) => sentence.passage !== null);

  const marks = useMemo((): SentenceMarks => {
    async function go(passage: SourcePassage) {
      if (!url) return;
      try {
        const { highlighted } = await sendCommand("sources.highlight", {
          url,
          passage: passage.text,
          ...tabToLookIn(),
        });
        if (highlighted) {
          setNote(null);
          return;
        }
        // Opened from this page, as a link is, within the click's user activation: Firefox scrolls to a
        // text fragment only on such a navigation (a tab the worker creates opens at the top there).
        window.open(textFragmentUrl(url, pageText, passage), "_blank", "noopener,noreferrer");
        setNote(i18n.t("sources.opened"));
      } catch (error) {
        setNote(commandErrorText(error));
      }
    }
    return {
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
    };
  }, [found, url, pageText]);

  return (
    <>
      {frame(<MarkdownView text={answer} topHeadingLevel={topHeadingLevel} sentenceMarks={marks} />)}
      <section className="answer-sources" aria-label={i18n.t("sources.label")}>
        <p>{supported ? i18n.t("sources.count", found.passages.length) : i18n.t("sources.none")}</p>
        {note ? <p role="status">{note}</p> : null}
      </section>
    </>
  );
}
