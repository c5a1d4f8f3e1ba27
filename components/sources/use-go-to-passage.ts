import { useCallback, useState } from "react";
import { i18n } from "#i18n";
import { sendCommand } from "../../lib/messaging/protocol";
import type { SourcePassage } from "../../lib/sources/find-sources";
import { noteAfterOpening, stepAfterTabLookup } from "../../lib/sources/source-steps";
import { textFragmentUrl } from "../../lib/sources/text-fragment";
import { commandErrorText } from "../command-error-text";
import { tabToLookIn } from "./tab-to-look-in";

const OPENED_NOTES = {
  opened: () => i18n.t("sources.opened"),
  notOnPage: () => i18n.t("sources.notOnPage"),
  openedUnread: () => i18n.t("sources.openedUnread"),
};

/**
 * Following a marker to its passage on the page: highlighted in the tab showing the page (`sources.highlight`);
 * else a passage of the page's own text opens at its text fragment, and one not known to be on the page is
 * looked for in the live page: the open tab's, or the page opened for it (`sources.openAndLook`). A passage
 * the live page does not hold is said to be so, and nothing is claimed (lib/sources/source-steps.ts).
 */
export function useGoToPassage(url: string | undefined, pageText: string, isThePage: boolean) {
  const [note, setNote] = useState<string | null>(null);

  const go = useCallback(
    async (passage: SourcePassage) => {
      if (!url) return;
      try {
        const { lookup } = await sendCommand("sources.highlight", {
          url,
          passage: passage.text,
          ...tabToLookIn(),
        });
        switch (stepAfterTabLookup(lookup, isThePage)) {
          case "done":
            setNote(null);
            return;
          case "notOnPage":
            setNote(i18n.t("sources.notOnPage"));
            return;
          case "openFragment":
            // Opened from this page, as a link is, within the click's user activation: Firefox scrolls to a
            // text fragment only on such a navigation (a tab the worker creates opens at the top there).
            window.open(textFragmentUrl(url, pageText, passage), "_blank", "noopener,noreferrer");
            setNote(i18n.t("sources.opened"));
            return;
          case "openAndLook": {
            setNote(i18n.t("sources.reading"));
            const opened = await sendCommand("sources.openAndLook", { url, passage: passage.text });
            setNote(OPENED_NOTES[noteAfterOpening(opened.lookup)]());
            return;
          }
        }
      } catch (error) {
        setNote(commandErrorText(error));
      }
    },
    [url, pageText, isThePage],
  );

  return { note, go };
}
