import { useEffect } from "react";

/**
 * Marks the side panel's first render with data (`<html data-ready="ms since navigation start">`):
 * `npm run bench:sidepanel` reads its first render time from it.
 */
export function useReadyMark(ready: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (ready && root.dataset.ready === undefined) root.dataset.ready = String(Math.round(performance.now()));
  }, [ready]);
}
