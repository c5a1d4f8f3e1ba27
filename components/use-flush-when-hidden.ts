import { useEffect, useRef } from "react";

/**
 * Calls `flush` when the page is hidden or closed (a popup or a side panel can go at any moment) and
 * when the component unmounts, so a debounced draft write is never lost.
 */
export function useFlushWhenHidden(flush: () => void): void {
  const latest = useRef(flush);
  latest.current = flush;
  useEffect(() => {
    const onHide = () => latest.current();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onHide();
    };
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
      onHide();
    };
  }, []);
}
