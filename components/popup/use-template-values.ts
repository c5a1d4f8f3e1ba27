import { useEffect, useState } from "react";
import type { TargetTab } from "../../lib/browser/active-tab";
import type { TemplateValues } from "../../lib/templates/prompt-template";
import { readPageValues } from "../../lib/templates/read-page-values";

/**
 * What a prompt template is filled from, once `needed`: the tab's title and address, and its selection
 * and meta tags read from the page (the user's click on the toolbar button grants `activeTab` there).
 * `undefined` until read; read once per popup, so the preview and what is sent agree.
 */
export function useTemplateValues(tab: TargetTab | undefined, needed: boolean): TemplateValues | undefined {
  const [values, setValues] = useState<TemplateValues>();
  const tabId = tab?.id;
  const title = tab?.title ?? "";
  const url = tab?.url ?? "";
  const ready = values !== undefined;
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    const read = tabId === undefined ? Promise.resolve({ selection: "", meta: {} }) : readPageValues(tabId);
    void read.then((page) => {
      if (live) setValues({ title, url, ...page, now: new Date() });
    });
    return () => {
      live = false;
    };
  }, [needed, ready, tabId, title, url]);
  return values;
}
