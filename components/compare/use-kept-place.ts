import { type RefObject, useCallback, useLayoutEffect, useRef } from "react";

interface Place {
  /** The side panel's vertical scroll. */
  top: number;
  /** The table's sideways scroll. */
  left: number;
}

/**
 * The table's place while an analysis opened from it is shown: `keep` notes the panel's scroll and the
 * table's before the table is hidden; shown again, both come back and the keyboard focus returns to the
 * cell it was on (the table's sort, filter and columns are its view's state, which stays mounted).
 */
export function useKeptPlace(section: RefObject<HTMLElement | null>, shown: boolean): () => void {
  const place = useRef<Place | undefined>(undefined);
  const keep = useCallback(() => {
    const element = section.current;
    const main = element?.closest<HTMLElement>(".sidepanel__main");
    const scroller = element?.querySelector<HTMLElement>(".comparison-table__scroller");
    place.current = { top: main?.scrollTop ?? 0, left: scroller?.scrollLeft ?? 0 };
  }, [section]);
  useLayoutEffect(() => {
    const kept = place.current;
    const element = section.current;
    if (!shown || !kept || !element) return;
    place.current = undefined;
    const main = element.closest<HTMLElement>(".sidepanel__main");
    const scroller = element.querySelector<HTMLElement>(".comparison-table__scroller");
    if (scroller) scroller.scrollLeft = kept.left;
    if (main) main.scrollTop = kept.top;
    element.querySelector<HTMLElement>('.comparison-table [tabindex="0"]')?.focus({ preventScroll: true });
  }, [shown, section]);
  return keep;
}
