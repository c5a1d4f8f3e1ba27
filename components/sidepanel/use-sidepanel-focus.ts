import { useCallback, useEffect, useState } from "react";
import { type SidepanelFocus, sidepanelFocusItem } from "../../lib/browser/sidepanel-focus";

/**
 * The job whose results the panel was opened on (`sidepanelFocusItem`, written by the popup or a
 * notification click), followed live: the write may land after the panel opened. Clearing it lets the
 * same job be focused again later.
 */
export function useSidepanelFocus() {
  const [focus, setFocus] = useState<SidepanelFocus | null>(null);
  useEffect(() => {
    let active = true;
    void sidepanelFocusItem.getValue().then((value) => {
      if (active) setFocus(value);
    });
    const unwatch = sidepanelFocusItem.watch((value) => setFocus(value));
    return () => {
      active = false;
      unwatch();
    };
  }, []);
  const clear = useCallback(() => {
    setFocus(null);
    void sidepanelFocusItem.setValue(null);
  }, []);
  return { focus, clear };
}
