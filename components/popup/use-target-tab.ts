import { useEffect, useState } from "react";
import { resolveTargetTab, type TargetTab, targetTabIdFromSearch } from "../../lib/browser/active-tab";

export type TargetTabState = { state: "loading" } | { state: "ready"; tab: TargetTab | undefined };

/** The tab this popup analyzes (the test seam `?tabId=` is read by `lib/browser/active-tab.ts`, nowhere else). */
export function useTargetTab(): TargetTabState {
  const [state, setState] = useState<TargetTabState>({ state: "loading" });
  useEffect(() => {
    let live = true;
    resolveTargetTab({ tabId: targetTabIdFromSearch(location.search) }).then((tab) => {
      if (live) setState({ state: "ready", tab });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
