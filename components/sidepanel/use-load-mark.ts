import { useEffect } from "react";

/**
 * Marks a moment of the side panel's loading on `<html>` as ms since navigation start, once `reached`:
 * `data-ready` for the first render with data, `data-complete` when the whole library is loaded.
 * `npm run bench:sidepanel` reads them.
 */
export function useLoadMark(name: "ready" | "complete", reached: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (reached && root.dataset[name] === undefined)
      root.dataset[name] = String(Math.round(performance.now()));
  }, [name, reached]);
}
