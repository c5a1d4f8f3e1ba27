import { useEffect } from "react";

/**
 * Marks the page interactive once `ready` (`<html data-ready="ms since navigation start">`): the
 * popup's time-to-interactive figure (`npm run bench:ext`) is read from it.
 */
export function useReadyMark(ready: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (ready && root.dataset.ready === undefined) root.dataset.ready = String(Math.round(performance.now()));
  }, [ready]);
}
