/**
 * Prompt templates outside the popup: a preset's template filled from the tab a menu click or the shortcut
 * acted on (entrypoints/background/template-prompt.ts), the filled prompt queued, and a template with a
 * problem refused with a notification, nothing queued. The page read (executeScript) is the only stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createMenuActions, type MenuTab } from "../../entrypoints/background/context-menus/menu-jobs";
import { createJobGate } from "../../entrypoints/background/job-gate";
import { createActiveTabAnalysis } from "../../entrypoints/background/keyboard-commands";
import { fillPresetPrompt } from "../../entrypoints/background/template-prompt";
import { cleanSettings } from "../../lib/settings/clean-settings";
import type { Preset } from "../../lib/settings/settings";
import type { PageValues } from "../../lib/templates/read-page-values";
import { useEnglishMessages } from "./helpers/english-messages";

const PAGE = "https://news.example.com/2024/story.html";
const TAB = { id: 7, url: PAGE, title: "Trams are back", windowId: 1 };
const NOW = new Date(2026, 10, 25, 10, 0);
const PAGE_VALUES: PageValues = { selection: "the page's own selection", meta: { description: "A story." } };

const readValues = async (tabId: number) => {
  expect(tabId).toBe(TAB.id);
  return PAGE_VALUES;
};

function preset(prompt: string): Preset {
  return { id: "t", name: "Templated", prompt, temperature: 0 };
}

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("fillPresetPrompt", () => {
  it("fills every variable from the tab, the click's selection first, else the page's", async () => {
    const template = preset("{{title}} ({{host}}, {{date}}): {{meta:description}} [{{selection}}] {{url}}");
    const filled = await fillPresetPrompt(template, TAB, "  clicked words ", readValues, NOW);
    expect(filled).toEqual({
      ...template,
      prompt: `Trams are back (news.example.com, 2026-11-25): A story. [clicked words] ${PAGE}`,
    });
    const fromPage = await fillPresetPrompt(preset("{{selection}}"), TAB, undefined, readValues, NOW);
    expect(fromPage.prompt).toBe("the page's own selection");
  });

  it("leaves a prompt without variables alone, without reading the page", async () => {
    const plain = preset("Summarize this page.");
    const read = vi.fn(readValues);
    expect(await fillPresetPrompt(plain, TAB, undefined, read, NOW)).toBe(plain);
    expect(read).not.toHaveBeenCalled();
  });

  it("refuses a template with an unknown variable or an unclosed {{, naming the preset", async () => {
    await expect(
      fillPresetPrompt(preset("About {{titel}} and {{url"), TAB, undefined, readValues, NOW),
    ).rejects.toThrow(
      /the prompt of the preset “Templated” can't be filled from this page: \{\{titel\}\} is not a variable.*a \{\{ is never closed/,
    );
  });

  it("is a preset prompt like any other for the settings", () => {
    const settings = cleanSettings({
      presets: [preset("Summarize {{title}} for {{meta:og:site_name}}")],
      defaultPresetId: "t",
    });
    expect(settings.presets.map((kept) => kept.prompt)).toEqual([
      "Summarize {{title}} for {{meta:og:site_name}}",
    ]);
  });
});

describe("menus and the shortcut with a template preset", () => {
  function actionsWith(prompt: string) {
    const enqueue = vi.fn(async (..._args: unknown[]) => "job-1");
    const notify = vi.fn<(message: string) => void>();
    const gate = createJobGate({ enqueue, newId: () => "confirm-1", openConfirmPage: async () => 1 });
    const deps = {
      queue: gate.queue,
      readPresets: async () => ({ presets: [preset(prompt)], defaultPresetId: "t" }),
      readSelectionLinks: async () => [],
      notify,
      fillPrompt: (chosen: Preset, tab: MenuTab | undefined, selectionText?: string) =>
        fillPresetPrompt(chosen, tab, selectionText, readValues, NOW),
    };
    const actions = { ...createMenuActions(deps), analyzeActiveTab: createActiveTabAnalysis(deps) };
    return { actions, enqueue, notify };
  }

  it("queues the prompt filled from the clicked tab", async () => {
    const { actions, enqueue, notify } = actionsWith("Why is “{{title}}” about {{selection}}?");
    const outcome = await actions.handleMenuClick(
      { menuItemId: "linklens:page:t", pageUrl: PAGE, selectionText: "trams" },
      TAB,
    );
    expect(outcome).toEqual({ jobId: "job-1" });
    // The request, its source and its tab (what else the gate passes is not this test's concern).
    expect(enqueue.mock.calls[0]?.slice(0, 3)).toEqual([
      expect.objectContaining({ links: [PAGE], prompt: "Why is “Trams are back” about trams?" }),
      "context-page",
      PAGE,
    ]);
    expect(notify).not.toHaveBeenCalled();

    await actions.analyzeActiveTab(TAB);
    expect(enqueue.mock.calls[1]?.slice(0, 3)).toEqual([
      expect.objectContaining({ prompt: "Why is “Trams are back” about the page's own selection?" }),
      "shortcut",
      PAGE,
    ]);
  });

  it("starts nothing and tells the user when the template has a problem", async () => {
    const { actions, enqueue, notify } = actionsWith("Summarize {{headline}}");
    const outcome = await actions.handleMenuClick({ menuItemId: "linklens:link:t", linkUrl: PAGE }, TAB);
    expect(outcome).toEqual({ refused: expect.stringContaining("{{headline}} is not a variable") });
    expect(notify).toHaveBeenCalledWith(expect.stringContaining("“Templated”"));
    expect(enqueue).not.toHaveBeenCalled();
    await actions.analyzeActiveTab(TAB);
    expect(enqueue).not.toHaveBeenCalled();
  });
});
