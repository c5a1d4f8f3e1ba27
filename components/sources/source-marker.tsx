import { type CSSProperties, useId, useState } from "react";
import { createPortal } from "react-dom";
import { i18n } from "#i18n";
import type { SourcePassage } from "../../lib/sources/find-sources";

/** How much of a passage a marker's name says. */
const START_LENGTH = 60;
/** The passage's widest, and its distance from the marker and from the edges of the view (px). */
const PASSAGE_WIDTH = 352;
const GAP = 4;
const MARGIN = 8;

function startOf(text: string): string {
  return text.length > START_LENGTH ? `${text.slice(0, START_LENGTH).trimEnd()}…` : text;
}

/**
 * Where the passage shows: under the marker, or over it when there is more room there, within the view.
 * Fixed to the view, so a scrolled box around the answer (the popup keeps its text short) does not cut it.
 */
function passagePlace(marker: DOMRect): CSSProperties {
  const width = Math.min(PASSAGE_WIDTH, innerWidth - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(marker.left, innerWidth - MARGIN - width));
  const below = innerHeight - marker.bottom;
  return below >= marker.top
    ? { top: marker.bottom + GAP, left, width, maxHeight: below - GAP - MARGIN }
    : { bottom: innerHeight - marker.top + GAP, left, width, maxHeight: marker.top - GAP - MARGIN };
}

export interface SourceMarkerProps {
  number: number;
  passage: SourcePassage;
  onGo: (() => void) | undefined;
}

/**
 * A numbered button after a supported sentence, named "Source N: <passage start>…"; hovering or focusing
 * it shows the whole passage, which is also its description for screen readers. The passage is drawn in
 * the page's body, not in the sentence: the answer's text stays the answer's.
 */
export function SourceMarker({ number, passage, onGo }: SourceMarkerProps) {
  const passageId = useId();
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const show = (event: { currentTarget: HTMLElement }) =>
    setPlace(passagePlace(event.currentTarget.getBoundingClientRect()));
  const hide = () => setPlace(null);
  return (
    <>
      <button
        type="button"
        className="source-marker"
        aria-label={i18n.t("sources.marker", { number: String(number), start: startOf(passage.text) })}
        aria-describedby={passageId}
        onClick={onGo}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === "Escape") hide();
        }}
        data-source-number={number}
      >
        {number}
      </button>
      {createPortal(
        <span
          id={passageId}
          role="tooltip"
          className="source-marker__passage"
          hidden={place === null}
          style={place ?? undefined}
        >
          {passage.text}
        </span>,
        document.body,
      )}
    </>
  );
}
