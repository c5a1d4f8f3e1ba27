import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createMenus, menuItems } from "../../entrypoints/background/context-menus/menu-building";
import { menuItemId, parseMenuItemId } from "../../entrypoints/background/context-menus/menu-ids";
import {
  type ContextMenuDeps,
  createMenuActions,
} from "../../entrypoints/background/context-menus/menu-jobs";
import {
  DEFAULTS_PRESET_ID,
  menuPresetsFromSettings,
  presetRequestFields,
} from "../../entrypoints/background/context-menus/menu-presets";
import { setupContextMenus } from "../../entrypoints/background/context-menus/setup-context-menus";
import { createJobGate, type JobGateDeps } from "../../entrypoints/background/job-gate";
import {
  ANALYZE_PAGE_COMMAND,
  createActiveTabAnalysis,
  OPEN_LIBRARY_COMMAND,
  setupKeyboardCommands,
} from "../../entrypoints/background/keyboard-commands";
import { resolveTargetTab, targetTabIdFromSearch } from "../../lib/browser/active-tab";
import type { Preset } from "../../lib/settings/settings";
import { useEnglishMessages } from "./helpers/english-messages";

const SUMMARY: Preset = { id: "summary", name: "Summary", prompt: "Summarize this page.", temperature: 0 };
const FACTS: Preset = {
  id: "facts",
  name: "Facts & figures",
  prompt: "List the facts.",
  temperature: 0.4,
  schema: { type: "object", properties: { facts: { type: "array", items: { type: "string" } } } },
};
const CRITIQUE: Preset = { id: "critique", name: "Critique", prompt: "Critique this page.", temperature: 1 };
/** The user's order puts the default (Critique) last: menus must still list it first. */
const PRESETS = { presets: [SUMMARY, FACTS, CRITIQUE], defaultPresetId: CRITIQUE.id };

const PAGE = "https://news.example.com/2024/story.html";

interface CreatedItem {
  id: string;
  parentId?: string;
  title: string;
  contexts?: string[];
  targetUrlPatterns?: string[];
}

let created: CreatedItem[];
let calls: string[];

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
  // The fake browser reports an (empty) error at all times; Chrome sets one only when a call failed.
  Object.assign(fakeBrowser.runtime, { lastError: undefined });
  created = [];
  calls = [];
  vi.spyOn(fakeBrowser.contextMenus, "removeAll").mockImplementation(async () => {
    calls.push("removeAll");
    created = [];
  });
  vi.spyOn(fakeBrowser.contextMenus, "create").mockImplementation(((item: CreatedItem, done?: () => void) => {
    calls.push(`create ${item.id}`);
    created.push(item);
    done?.();
    return item.id;
  }) as typeof fakeBrowser.contextMenus.create);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type GateMocks = Required<Pick<JobGateDeps, "enqueue" | "onJobStarted" | "openConfirmPage">>;

/**
 * Deps whose functions are all mocks, with the real job gate in front of a mocked runner (`enqueue`) and
 * confirm page (`openConfirmPage`); `overrides` replace some (with mocks too).
 */
function fakeDeps(overrides: Partial<Omit<ContextMenuDeps, "queue"> & GateMocks> = {}) {
  let jobs = 0;
  const mocks = {
    enqueue: vi.fn<GateMocks["enqueue"]>(async () => `job-${++jobs}`),
    onJobStarted: vi.fn<(jobId: string) => void>(),
    openConfirmPage: vi.fn<GateMocks["openConfirmPage"]>(async () => 77),
    readPresets: vi.fn<ContextMenuDeps["readPresets"]>(async () => PRESETS),
    readSelectionLinks: vi.fn<ContextMenuDeps["readSelectionLinks"]>(async () => []),
    notify: vi.fn<(message: string) => void>(),
  };
  const deps = { ...mocks, ...overrides } as typeof mocks;
  const gate = createJobGate({ ...deps, newId: () => `confirm-${++jobs}` });
  return { ...deps, queue: gate.queue, gate };
}

describe("menu items", () => {
  it("creates the three parents, each followed by its presets with the default first, after clearing the old ones", async () => {
    await createMenus(PRESETS);

    expect(calls[0]).toBe("removeAll");
    expect(created.map((item) => item.id)).toEqual([
      "linklens:page",
      "linklens:page:critique",
      "linklens:page:summary",
      "linklens:page:facts",
      "linklens:link",
      "linklens:link:critique",
      "linklens:link:summary",
      "linklens:link:facts",
      "linklens:selection",
      "linklens:selection:critique",
      "linklens:selection:summary",
      "linklens:selection:facts",
      "linklens-compare:selection",
    ]);
    const byId = new Map(created.map((item) => [item.id, item]));
    expect(byId.get("linklens:page")).toMatchObject({ title: "Analyze this page", contexts: ["page"] });
    expect(byId.get("linklens:link")).toMatchObject({
      title: "Analyze this link",
      contexts: ["link"],
      targetUrlPatterns: ["https://*/*", "http://*/*"],
    });
    expect(byId.get("linklens:selection")).toMatchObject({
      title: "Analyze links in selection",
      contexts: ["selection"],
    });
    expect(byId.get("linklens:selection:critique")).toMatchObject({
      parentId: "linklens:selection",
      title: "Critique (default)",
      contexts: ["selection"],
    });
    // "&" alone would mark an access key.
    expect(byId.get("linklens:link:facts")).toMatchObject({
      parentId: "linklens:link",
      title: "Facts && figures",
    });
  });

  it("keeps a preset's %s as typed instead of letting the browser put the selection there", () => {
    const odd = { ...SUMMARY, name: "Is it 100%s true?" };
    const titles = menuItems({ presets: [odd] }).map((item) => item.title);
    expect(titles).toContain("Is it 100%\u200Bs true? (default)");
    expect(titles.some((title) => title.includes("%s"))).toBe(false);
  });

  it("offers the default prompt as the one item when the user keeps no presets", () => {
    const settings = { presets: [], defaultPrompt: "Say what this is.", defaultTemperature: 0.5 };
    expect(menuPresetsFromSettings(settings)).toEqual({
      presets: [
        { id: DEFAULTS_PRESET_ID, name: "Default prompt", prompt: "Say what this is.", temperature: 0.5 },
      ],
      defaultPresetId: DEFAULTS_PRESET_ID,
    });
  });

  it("round-trips item ids, including preset ids holding colons, and refuses foreign ones", () => {
    expect(parseMenuItemId(menuItemId("link", "team:brief"))).toEqual({
      kind: "link",
      presetId: "team:brief",
    });
    // The un-suffixed id and the site-rule item: the target's site rule chooses (site-rule-menus.test.ts).
    expect(parseMenuItemId("linklens:page")).toEqual({ kind: "page", presetId: undefined });
    expect(parseMenuItemId("linklens:page:@site")).toEqual({ kind: "page", presetId: undefined });
    expect(parseMenuItemId("linklens:page:")).toBeUndefined();
    expect(parseMenuItemId("linklens:image:summary")).toBeUndefined();
    expect(parseMenuItemId("other:page:summary")).toBeUndefined();
    expect(parseMenuItemId(7)).toBeUndefined();
  });

  it("are created on install and rebuilt when the presets change, not when nothing menu-related did", async () => {
    let presets = PRESETS;
    let onSettingsChange: (() => void) | undefined;
    vi.spyOn(fakeBrowser.contextMenus.onClicked, "addListener").mockImplementation(() => {});
    const deps = fakeDeps({
      readPresets: vi.fn(async () => presets),
      watchPresets: (listener) => {
        onSettingsChange = listener;
      },
    });
    const actions = setupContextMenus(deps);

    await fakeBrowser.runtime.onInstalled.trigger({ reason: "install", temporary: false });
    await actions.refreshMenus();
    expect(created.filter((item) => item.parentId === "linklens:page").map((item) => item.title)).toEqual([
      "Critique (default)",
      "Summary",
      "Facts && figures",
    ]);

    calls = [];
    onSettingsChange?.();
    await actions.refreshMenus();
    expect(calls).toEqual([]);

    presets = { presets: [SUMMARY, CRITIQUE], defaultPresetId: SUMMARY.id };
    onSettingsChange?.();
    await actions.refreshMenus();
    expect(created.filter((item) => item.parentId === "linklens:page").map((item) => item.id)).toEqual([
      "linklens:page:summary",
      "linklens:page:critique",
    ]);
  });

  it("on browser startup, wait for the chosen language before they are built", async () => {
    vi.spyOn(fakeBrowser.contextMenus.onClicked, "addListener").mockImplementation(() => {});
    let showLanguage = () => {};
    const languageShown = new Promise<void>((resolve) => {
      showLanguage = resolve;
    });
    setupContextMenus(fakeDeps(), languageShown);

    await fakeBrowser.runtime.onStartup.trigger();
    expect(calls).toEqual([]);
    showLanguage();
    await vi.waitFor(() => expect(calls).toContain("removeAll"));
    await vi.waitFor(() => expect(created.map((item) => item.id)).toContain("linklens:page"));
  });

  it("the onClicked listener, registered at setup, calls the same handler", async () => {
    let listener: ((info: unknown, tab?: unknown) => void) | undefined;
    vi.spyOn(fakeBrowser.contextMenus.onClicked, "addListener").mockImplementation((callback) => {
      listener = callback as typeof listener;
    });
    const deps = fakeDeps();
    setupContextMenus(deps);
    expect(listener).toBeDefined();

    listener?.({ menuItemId: "linklens:link:summary", linkUrl: PAGE, editable: false }, { id: 3 });
    await vi.waitFor(() => expect(deps.enqueue).toHaveBeenCalledTimes(1));
    expect(deps.enqueue).toHaveBeenCalledWith(
      { links: [PAGE], prompt: SUMMARY.prompt, temperature: 0 },
      "context-link",
      undefined,
      SUMMARY.name,
    );
  });
});

describe("handleMenuClick", () => {
  it("analyzes an https page with the chosen preset, remembering the tab's URL", async () => {
    const deps = fakeDeps();
    const { handleMenuClick } = createMenuActions(deps);

    const outcome = await handleMenuClick({ menuItemId: "linklens:page:summary", pageUrl: PAGE }, { id: 4 });

    expect(outcome).toEqual({ jobId: "job-1" });
    expect(deps.enqueue).toHaveBeenCalledWith(
      { links: [PAGE], prompt: "Summarize this page.", temperature: 0 },
      "context-page",
      PAGE,
      SUMMARY.name,
    );
    expect(deps.onJobStarted).toHaveBeenCalledWith("job-1");
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it("falls back on the tab's URL when the click data has no page URL", async () => {
    const deps = fakeDeps();
    await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:page:summary" },
      { id: 4, url: PAGE },
    );
    expect(deps.enqueue.mock.calls[0]?.[0].links).toEqual([PAGE]);
  });

  it("refuses a page that is not https, saying so, and starts no job", async () => {
    const deps = fakeDeps();
    const { handleMenuClick } = createMenuActions(deps);

    const outcome = await handleMenuClick({
      menuItemId: "linklens:page:summary",
      pageUrl: "http://plain.example/",
    });

    const message = "Only https pages can be analyzed. This page is at http://plain.example/.";
    expect(outcome).toEqual({ refused: message });
    expect(deps.notify).toHaveBeenCalledWith(message);
    expect(deps.enqueue).not.toHaveBeenCalled();
    expect(deps.onJobStarted).not.toHaveBeenCalled();

    await handleMenuClick({ menuItemId: "linklens:page:summary", pageUrl: "chrome://extensions/" });
    await handleMenuClick({ menuItemId: "linklens:page:summary" }, { id: 1 });
    expect(deps.notify).toHaveBeenLastCalledWith("Only https pages can be analyzed.");
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("analyzes a link with a preset's schema as the response format, without tying it to the tab", async () => {
    const deps = fakeDeps();
    const link = "https://docs.example.org/guide#install";

    await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:link:facts", linkUrl: link, pageUrl: PAGE },
      { id: 9, url: PAGE },
    );

    expect(deps.enqueue).toHaveBeenCalledWith(
      {
        links: [link],
        prompt: FACTS.prompt,
        temperature: 0.4,
        responseFormat: { type: "json_schema", json_schema: { schema: FACTS.schema } },
      },
      "context-link",
      undefined,
      FACTS.name,
    );
  });

  it("refuses a link that is not https", async () => {
    const deps = fakeDeps();
    const outcome = await createMenuActions(deps).handleMenuClick({
      menuItemId: "linklens:link:summary",
      linkUrl: "http://old.example/page",
    });
    expect(outcome).toEqual({
      refused: "Only https links can be analyzed, and this one is http://old.example/page.",
    });
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("sends every link of the selection to the runner, which keeps the distinct https ones", async () => {
    const selected = [
      "https://a.example/one",
      "http://b.example/two",
      "https://A.example/one#again",
      "https://c.example/three",
      "http://d.example/four",
    ];
    const deps = fakeDeps({ readSelectionLinks: vi.fn(async () => selected) });

    const outcome = await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:selection:critique", frameId: 2, selectionText: "one two" },
      { id: 12, url: PAGE },
    );

    expect(outcome).toEqual({ jobId: "job-1" });
    expect(deps.readSelectionLinks).toHaveBeenCalledWith(12, 2);
    expect(deps.enqueue).toHaveBeenCalledWith(
      { links: selected, prompt: CRITIQUE.prompt, temperature: 1 },
      "context-selection",
      undefined,
      CRITIQUE.name,
    );
  });

  it("asks before queueing a selection of more links than one request holds, and queues nothing until a yes", async () => {
    const selected = Array.from({ length: 3000 }, (_, index) => `https://many.example/${index}`);
    const deps = fakeDeps({ readSelectionLinks: vi.fn(async () => selected) });

    const outcome = await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:selection:facts", frameId: 0 },
      { id: 12, url: PAGE },
    );

    expect(outcome).toEqual({ confirmationId: expect.any(String) });
    const { confirmationId } = outcome as { confirmationId: string };
    expect(deps.enqueue).not.toHaveBeenCalled();
    expect(deps.onJobStarted).not.toHaveBeenCalled();
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.openConfirmPage).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`/confirm\\.html\\?id=${confirmationId}$`)),
    );
    expect(await deps.gate.describe(confirmationId)).toMatchObject({
      links: 3000,
      presetName: FACTS.name,
      creditsPerLink: 2,
      worstCaseCredits: 6000,
    });

    expect(await deps.gate.answer(confirmationId, true)).toEqual({ jobId: "job-2" });
    expect(deps.enqueue).toHaveBeenCalledWith(
      { links: selected, ...presetRequestFields(FACTS) },
      "context-selection",
      undefined,
      FACTS.name,
    );
    expect(deps.onJobStarted).toHaveBeenCalledWith("job-2");
  });

  it("queues a selection of exactly one request's worth of links without asking", async () => {
    const selected = Array.from({ length: 20 }, (_, index) => `https://many.example/${index}`);
    // Duplicates and http links do not count: they are not sent.
    const found = [...selected, `${selected[0]}#again`, "http://many.example/plain"];
    const deps = fakeDeps({ readSelectionLinks: vi.fn(async () => found) });

    const outcome = await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:selection:summary", frameId: 0 },
      { id: 12, url: PAGE },
    );

    expect(outcome).toEqual({ jobId: "job-1" });
    expect(deps.openConfirmPage).not.toHaveBeenCalled();
    expect(deps.enqueue.mock.calls[0]?.[0].links).toEqual(found);
  });

  it("reads URLs from the menu's selection text when the page reports none (a selection in a text field)", async () => {
    const deps = fakeDeps();
    await createMenuActions(deps).handleMenuClick(
      {
        menuItemId: "linklens:selection:summary",
        selectionText: "see https://x.example/a, then https://x.example/b.",
      },
      { id: 12 },
    );
    expect(deps.enqueue.mock.calls[0]?.[0].links).toEqual(["https://x.example/a", "https://x.example/b"]);
  });

  it("explains a selection with no links, with only http links, or on a page it cannot read", async () => {
    const deps = fakeDeps();
    const { handleMenuClick } = createMenuActions(deps);
    const click = { menuItemId: "linklens:selection:summary", selectionText: "plain words" };

    expect(await handleMenuClick(click, { id: 1 })).toEqual({ refused: "No links found in the selection." });

    deps.readSelectionLinks.mockResolvedValueOnce(["http://a.example/", "http://b.example/"]);
    expect(await handleMenuClick(click, { id: 1 })).toEqual({
      refused: "None of the 2 links in the selection can be analyzed: only https links can be.",
    });

    deps.readSelectionLinks.mockRejectedValueOnce(new Error("Cannot access a chrome:// URL"));
    expect(await handleMenuClick(click, { id: 1 })).toEqual({
      refused: "Linklens can't read the selection on this page: Cannot access a chrome:// URL",
    });
    expect(deps.enqueue).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledTimes(3);
  });

  it("ignores items that are not Linklens's", async () => {
    const deps = fakeDeps();
    expect(await createMenuActions(deps).handleMenuClick({ menuItemId: "someone-else" })).toEqual({
      ignored: true,
    });
    expect(deps.readPresets).not.toHaveBeenCalled();
  });

  it("refreshes stale menus when the clicked preset was deleted meanwhile", async () => {
    const deps = fakeDeps();
    const outcome = await createMenuActions(deps).handleMenuClick({
      menuItemId: "linklens:page:deleted",
      pageUrl: PAGE,
    });
    expect(outcome).toMatchObject({ refused: expect.stringContaining("no longer exists") });
    expect(created.map((item) => item.id)).toContain("linklens:page:critique");
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("reports an enqueue failure instead of failing silently", async () => {
    const deps = fakeDeps({ enqueue: vi.fn(async () => Promise.reject(new Error("database closed"))) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await createMenuActions(deps).handleMenuClick({
      menuItemId: "linklens:page:summary",
      pageUrl: PAGE,
    });
    expect(outcome).toEqual({ refused: "The analysis could not start: database closed" });
  });
});

describe("the analyze-page shortcut", () => {
  it("analyzes the tab it was pressed in with the default preset, as the page menu would", async () => {
    const deps = fakeDeps();
    const analyzeActiveTab = createActiveTabAnalysis(deps);
    let listener: ((command: string, tab?: unknown) => void) | undefined;
    vi.spyOn(fakeBrowser.commands.onCommand, "addListener").mockImplementation((callback) => {
      listener = callback as typeof listener;
    });
    const opened: (number | undefined)[] = [];
    const { handleCommand } = setupKeyboardCommands({
      analyzeActiveTab,
      openLibrary: (windowId) => opened.push(windowId),
    });

    listener?.(ANALYZE_PAGE_COMMAND, { id: 5, url: PAGE, windowId: 1 });
    await vi.waitFor(() => expect(deps.enqueue).toHaveBeenCalledTimes(1));
    expect(deps.enqueue).toHaveBeenCalledWith(
      { links: [PAGE], prompt: CRITIQUE.prompt, temperature: 1 },
      "shortcut",
      PAGE,
      CRITIQUE.name,
    );

    await handleCommand("something-else", { id: 5, url: PAGE });
    expect(deps.enqueue).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([]);

    // The library shortcut opens the side panel at once, in the shortcut's window, and analyzes nothing.
    listener?.(OPEN_LIBRARY_COMMAND, { id: 5, url: PAGE, windowId: 7 });
    expect(opened).toEqual([7]);
    expect(deps.enqueue).toHaveBeenCalledTimes(1);
  });

  it("without a tab from the browser, analyzes the active tab of the last focused normal window", async () => {
    const normal = await fakeBrowser.windows.create({ type: "normal" });
    vi.spyOn(fakeBrowser.windows, "getLastFocused").mockResolvedValue(normal);
    // The fake browser cannot make a tab active: answer the query the way Chrome would.
    const activeTab = { id: 31, windowId: normal.id, url: PAGE, active: true } as Awaited<
      ReturnType<typeof fakeBrowser.tabs.get>
    >;
    vi.spyOn(fakeBrowser.tabs, "query").mockResolvedValue([activeTab]);
    const deps = fakeDeps();

    expect((await resolveTargetTab())?.id).toBe(31);
    await createActiveTabAnalysis(deps)();

    expect(fakeBrowser.windows.getLastFocused).toHaveBeenCalledWith({ windowTypes: ["normal"] });
    expect(fakeBrowser.tabs.query).toHaveBeenCalledWith({ active: true, windowId: normal.id });
    expect(deps.enqueue).toHaveBeenCalledWith(
      expect.objectContaining({ links: [PAGE] }),
      "shortcut",
      PAGE,
      CRITIQUE.name,
    );
  });

  it("refuses a page that is not https, and a window with no tab", async () => {
    const deps = fakeDeps();
    const analyzeActiveTab = createActiveTabAnalysis(deps);
    expect(await analyzeActiveTab({ id: 1, url: "http://plain.example/" })).toMatchObject({
      refused: expect.stringMatching(/^Only https pages can be analyzed\./),
    });
    vi.spyOn(fakeBrowser.windows, "getLastFocused").mockRejectedValue(new Error("No last-focused window"));
    expect(await analyzeActiveTab()).toEqual({
      refused: "There is no page to analyze in this window.",
    });
    expect(deps.enqueue).not.toHaveBeenCalled();
  });
});

describe("resolveTargetTab's test seam", () => {
  it("reads a tab named in the page's query string, and nothing else", async () => {
    expect(targetTabIdFromSearch("?tabId=42")).toBe(42);
    expect(targetTabIdFromSearch("?tabId=abc")).toBeUndefined();
    expect(targetTabIdFromSearch("")).toBeUndefined();
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    expect((await resolveTargetTab({ tabId: tab.id }))?.url).toBe(PAGE);
    expect(await resolveTargetTab({ tabId: 9999 })).toBeUndefined();
  });
});
