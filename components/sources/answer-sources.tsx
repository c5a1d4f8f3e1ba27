import "./sources.css";
import { useId, useMemo, useState } from "react";
import { i18n } from "#i18n";
import { targetTabIdFromSearch } from "../../lib/browser/active-tab";
import { CommandError, sendCommand } from "../../lib/messaging/protocol";
import { findSources, indexPage, type SourcePassage } from "../../lib/sources/find-sources";
import { textFragmentUrl } from "../../lib/sources/text-fragment";
import { commandErrorText } from "../command-error-text";

export interface AnswerSourcesProps {
  /** The answer, as Markdown. */
  answer: string;
  /** The analyzed page. */
  url?: string;
  /** The page's text as the service returned it (`analysis.text`); without it the open tab's is read on a click. */
  pageText?: string;
}

/** How much of a passage a marker's name says. */
const START_LENGTH = 60;

/**
 * The tab the worker looks in: the one a test names (`?tabId=`, the popup's seam in lib/browser/active-tab.ts),
 * else none, and the worker takes the active tab of the last focused window, the one beside the popup or panel.
 */
function tabToLookIn(): { tabId?: number } {
  const tabId = targetTabIdFromSearch(location.search);
  return tabId === undefined ? {} : { tabId };
}

function startOf(text: string): string {
  return text.length > START_LENGTH ? `${text.slice(0, START_LENGTH).trimEnd()}…` : text;
}

/**
 * An answer's foot: each sentence the page supports with its numbered marker (one number per passage),
 * and how many passages; a click on a marker goes to the passage on the page (`sources.show`).
 */
export function AnswerSources({ answer, url, pageText }: AnswerSourcesProps) {
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

  if (!text) {
    if (!url) return null;
    return (
      <section className="answer-sources" aria-label={i18n.t("sources.label")}>
        <p>
          <button type="button" onClick={readTab} disabled={reading}>
            {reading ? i18n.t("sources.reading") : i18n.t("sources.readTab")}
          </button>
        </p>
        {note ? <p role="status">{note}</p> : null}
      </section>
    );
  }
  return <FoundSources answer={answer} url={url} pageText={text} />;
}

function FoundSources({ answer, url, pageText }: AnswerSourcesProps & { pageText: string }) {
  const page = useMemo(() => indexPage(pageText), [pageText]);
  const found = useMemo(() => findSources(answer, page), [answer, page]);
  const [note, setNote] = useState<string | null>(null);
  const supported = found.sentences.filter((sentence) => sentence.passage !== null);

  async function go(passage: SourcePassage) {
    if (!url) return;
    try {
      const { shown } = await sendCommand("sources.show", {
        url,
        passage: passage.text,
        fragmentUrl: textFragmentUrl(url, pageText, passage),
        ...tabToLookIn(),
      });
      setNote(shown === "opened" ? i18n.t("sources.opened") : null);
    } catch (error) {
      setNote(commandErrorText(error));
    }
  }

  return (
    <section className="answer-sources" aria-label={i18n.t("sources.label")}>
      {supported.length === 0 ? (
        <p>{i18n.t("sources.none")}</p>
      ) : (
        <>
          <p>{i18n.t("sources.count", found.passages.length)}</p>
          <ol className="answer-sources__list">
            {supported.map((sentence, index) => {
              const number = (sentence.passage ?? 0) + 1;
              const passage = found.passages[sentence.passage ?? 0] as SourcePassage;
              return (
                // A sentence may repeat in an answer: its place keeps the key unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="answer-sources__sentence">
                  {sentence.sentence}
                  <SourceMarker
                    number={number}
                    passage={passage}
                    onGo={url ? () => go(passage) : undefined}
                  />
                </li>
              );
            })}
          </ol>
        </>
      )}
      {note ? <p role="status">{note}</p> : null}
    </section>
  );
}

interface SourceMarkerProps {
  number: number;
  passage: SourcePassage;
  onGo: (() => void) | undefined;
}

/** A numbered button named "Source N: <passage start>"; hovering or focusing it shows the whole passage. */
function SourceMarker({ number, passage, onGo }: SourceMarkerProps) {
  const passageId = useId();
  return (
    <>
      <button
        type="button"
        className="source-marker"
        aria-label={i18n.t("sources.marker", { number: String(number), start: startOf(passage.text) })}
        aria-describedby={passageId}
        onClick={onGo}
        data-source-number={number}
      >
        {number}
      </button>
      <span id={passageId} role="tooltip" className="source-marker__passage">
        {passage.text}
      </span>
    </>
  );
}
