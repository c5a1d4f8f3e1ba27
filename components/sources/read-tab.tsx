import { useState } from "react";
import { i18n } from "#i18n";
import { CommandError, sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { tabToLookIn } from "./tab-to-look-in";

export interface TabText {
  /** The open tab's text once read: the live page's own. */
  text: string | null;
  reading: boolean;
  note: string | null;
  read: () => Promise<void>;
}

/** The open tab's text, read on the user's click (`page.readText`), for the page at `url`. */
export function useTabText(url: string | undefined): TabText {
  const [text, setText] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  async function read() {
    if (!url) return;
    setReading(true);
    setNote(null);
    try {
      setText((await sendCommand("page.readText", { url, ...tabToLookIn() })).text);
    } catch (error) {
      const notOpen = error instanceof CommandError && error.init.code === "page_not_open";
      setNote(notOpen ? i18n.t("sources.readFailed") : commandErrorText(error));
    } finally {
      setReading(false);
    }
  }

  return { text, reading, note, read };
}

/** _Find the sources on the open tab_, and what reading it said when it could not. */
export function ReadTab({ tab }: { tab: TabText }) {
  return (
    <>
      <p>
        <button type="button" onClick={tab.read} disabled={tab.reading}>
          {tab.reading ? i18n.t("sources.reading") : i18n.t("sources.readTab")}
        </button>
      </p>
      {tab.note ? <p role="status">{tab.note}</p> : null}
    </>
  );
}
