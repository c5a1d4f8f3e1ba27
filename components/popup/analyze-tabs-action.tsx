import { useEffect, useState } from "react";
import { browser } from "wxt/browser";
import { i18n } from "#i18n";
import { compareDraftItem } from "../../lib/browser/compare-draft";
import { openSidePanel } from "../../lib/browser/side-panel";
import { askTabsPermission } from "../../lib/browser/tabs-permission";
import { sendCommand, type TabsAnalyzeResult } from "../../lib/messaging/protocol";
import type { Preset } from "../../lib/settings/settings";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import "./analyze-tabs-action.css";

export interface AnalyzeTabsActionProps {
  /** The window of the popup's tab. */
  windowId: number;
  /** The preset the draft follows, if it follows one; else the default preset is used. */
  presetId: string | undefined;
  /** Default first. */
  presets: Preset[];
}

type Scope = "window" | "highlighted";

type State =
  | { kind: "idle" }
  | { kind: "starting"; scope: Scope }
  | { kind: "done"; result: TabsAnalyzeResult }
  | { kind: "failed"; message: string };

/** How many tabs of the window are selected (Chrome: Shift/Ctrl+click on tabs); 0 when unknown. */
function useHighlightedCount(windowId: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    browser.tabs.query({ windowId, highlighted: true }).then(
      (tabs) => {
        if (live) setCount(tabs.length);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [windowId]);
  return count;
}

function resultText(result: TabsAnalyzeResult): string {
  const skipped = result.skipped === 0 ? "" : ` ${i18n.t("popup.tabs.skipped", result.skipped)}`;
  const sent =
    "confirmationId" in result
      ? i18n.t("popup.tabs.confirming", result.links)
      : i18n.t("popup.tabs.queued", result.links);
  return `${sent}${skipped}`;
}

/**
 * Analyze many tabs at once: every tab of this window, or (with more than one selected) the selected
 * ones, in one job with the draft's preset (else the default). The worker skips what can't be analyzed
 * and, past 20 pages, asks first in the confirm window.
 */
export function AnalyzeTabsAction({ windowId, presetId, presets }: AnalyzeTabsActionProps) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const highlighted = useHighlightedCount(windowId);
  const preset = presets.find((candidate) => candidate.id === presetId) ?? presets[0];
  // With no presets the worker uses the default prompt.
  const presetName = preset?.name ?? i18n.t("contextMenus.defaultPrompt");

  const analyze = (scope: Scope) => {
    // Asked in the click itself (the browser prompts only then); a refusal starts nothing.
    const granted = askTabsPermission();
    setState({ kind: "starting", scope });
    granted
      .then((held) => {
        if (!held) throw new Error(i18n.t("tabs.permissionNeeded"));
        return sendCommand("tabs.analyze", { windowId, scope, ...(preset && { presetId: preset.id }) });
      })
      .then(
        (result) => setState({ kind: "done", result }),
        (error: unknown) =>
          setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
      );
  };
  // The tabs as a comparison: the side panel opens (in the click, as browsers require) on Compare pages…
  // with their addresses, which land once the permission is given and the tabs are read.
  const compare = () => {
    const granted = askTabsPermission();
    const opened = openSidePanel(windowId);
    granted
      .then(async (held) => {
        if (!held) throw new Error(i18n.t("tabs.permissionNeeded"));
        const query = highlighted > 1 ? { windowId, highlighted: true } : { windowId };
        const tabs = await browser.tabs.query(query);
        await compareDraftItem.setValue({ links: tabs.flatMap((tab) => (tab.url ? [tab.url] : [])) });
        await opened;
      })
      .catch((error: unknown) =>
        setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
      );
  };
  const starting = state.kind === "starting";

  return (
    <section className="analyze-tabs" aria-labelledby="analyze-tabs-heading">
      <h2 id="analyze-tabs-heading" className="analyze-tabs__heading">
        {i18n.t("popup.tabs.heading")}
      </h2>
      <p id="analyze-tabs-hint" className="ll-field__hint">
        {i18n.t("popup.tabs.hint", { preset: presetName })}
      </p>
      <div className="analyze-tabs__buttons">
        <Button
          size="small"
          aria-describedby="analyze-tabs-hint"
          aria-disabled={starting ? true : undefined}
          onClick={() => !starting && analyze("window")}
        >
          {i18n.t("popup.tabs.window")}
        </Button>
        {highlighted > 1 ? (
          <Button
            size="small"
            aria-describedby="analyze-tabs-hint"
            aria-disabled={starting ? true : undefined}
            onClick={() => !starting && analyze("highlighted")}
          >
            {i18n.t("popup.tabs.highlighted", { count: highlighted })}
          </Button>
        ) : null}
        <Button size="small" onClick={compare}>
          {i18n.t("compare.tabs")}
        </Button>
      </div>
      <p role="status" className="analyze-tabs__status" data-testid="analyze-tabs-status">
        {state.kind === "starting" ? i18n.t("popup.tabs.starting") : null}
        {state.kind === "done" ? resultText(state.result) : null}
      </p>
      <div role="alert">{state.kind === "failed" ? <ErrorMessage>{state.message}</ErrorMessage> : null}</div>
    </section>
  );
}
