import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { menuItems } from "../../entrypoints/background/context-menus/menu-building";
import {
  type ContextMenuDeps,
  createMenuActions,
} from "../../entrypoints/background/context-menus/menu-jobs";
import {
  type MenuPresets,
  menuPresetsFromSettings,
} from "../../entrypoints/background/context-menus/menu-presets";
import { CONFIRM_ABOVE_LINKS, createJobGate, type JobGateDeps } from "../../entrypoints/background/job-gate";
import { createActiveTabAnalysis } from "../../entrypoints/background/keyboard-commands";
import { type TabLike, tabsOfMenuClick } from "../../entrypoints/background/tab-links";
import { createTabsCommand } from "../../entrypoints/background/tabs-command";
import type { Preset } from "../../lib/settings/settings";
import { DEFAULT_SETTINGS } from "../../lib/settings/settings-defaults";
import { useEnglishMessages } from "./helpers/english-messages";

const SUMMARY: Preset = { id: "summary", name: "Summary", prompt: "Summarize this page.", temperature: 0 };
const CODE: Preset = { id: "code", name: "Code review", prompt: "What does this code do?", temperature: 0.2 };
const FACTS: Preset = {
  id: "facts",
  name: "Facts",
  prompt: "List the facts.",
  temperature: 0,
  schema: { type: "object", properties: { facts: { type: "array", items: { type: "string" } } } },
};
const RULES: MenuPresets = {
  presets: [SUMMARY, CODE, FACTS],
  defaultPresetId: SUMMARY.id,
  siteRules: [
    { id: "r1", pattern: "*.github.com", presetId: CODE.id },
    { id: "r2", pattern: "news.example.com/facts/*", presetId: FACTS.id },
  ],
};

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type GateMocks = Required<Pick<JobGateDeps, "enqueue" | "openConfirmPage">>;

function fakeDeps(presets: MenuPresets = RULES, tabs: TabLike[] = []) {
  let jobs = 0;
  const mocks = {
    enqueue: vi.fn<GateMocks["enqueue"]>(async () => `job-${++jobs}`),
    openConfirmPage: vi.fn<GateMocks["openConfirmPage"]>(async () => 77),
    readPresets: vi.fn<ContextMenuDeps["readPresets"]>(async () => presets),
    readSelectionLinks: vi.fn<ContextMenuDeps["readSelectionLinks"]>(async () => []),
    notify: vi.fn<(message: string) => void>(),
    queryTabs: vi.fn(async (query: { windowId: number; highlighted?: boolean }) =>
      tabs.filter(
        (tab) => tab.windowId === query.windowId && (query.highlighted === undefined || tab.highlighted),
      ),
    ),
  };
  const gate = createJobGate({ ...mocks, newId: () => `confirm-${++jobs}` });
  return { ...mocks, queue: gate.queue };
}

describe("site rules in the menus", () => {
  it("with rules, the page, link and selection menus start with the site-rule item; without, nothing changes", () => {
    const ids = menuItems(RULES).map((item) => item.id);
    expect(ids.slice(0, 3)).toEqual(["linklens:page", "linklens:page:@site", "linklens:page:summary"]);
    expect(ids).toContain("linklens:link:@site");
    expect(ids).toContain("linklens:selection:@site");
    expect(menuItems(RULES).find((item) => item.id === "linklens:page:@site")?.title).toBe(
      "This site's preset (from your site rules, else Summary)",
    );
    const withoutRules = menuItems({ ...RULES, siteRules: [] }).map((item) => item.id);
    expect(withoutRules.some((id) => id.endsWith(":@site"))).toBe(false);
  });

  it("the settings' rules reach the menus", () => {
    expect(
      menuPresetsFromSettings({ ...DEFAULT_SETTINGS, siteRules: RULES.siteRules ?? [] }).siteRules,
    ).toEqual(RULES.siteRules);
  });

  it("the site-rule item (and the un-suffixed id) takes the preset of the first rule matching the page", async () => {
    const deps = fakeDeps();
    const { handleMenuClick } = createMenuActions(deps);
    const page = "https://gist.github.com/someone/1";
    await handleMenuClick({ menuItemId: "linklens:page:@site", pageUrl: page }, { id: 3 });
    expect(deps.enqueue.mock.lastCall?.slice(0, 3)).toEqual([
      { links: [page], prompt: CODE.prompt, temperature: CODE.temperature },
      "context-page",
      page,
    ]);
    const facts = "https://news.example.com/facts/today.html";
    await handleMenuClick({ menuItemId: "linklens:page", pageUrl: facts }, { id: 3 });
    expect(deps.enqueue.mock.lastCall?.[0]).toMatchObject({
      prompt: FACTS.prompt,
      responseFormat: expect.anything(),
    });
  });

  it("for a link, the rule is the link's site, not the page's", async () => {
    const deps = fakeDeps();
    await createMenuActions(deps).handleMenuClick({
      menuItemId: "linklens:link:@site",
      pageUrl: "https://news.example.com/facts/a.html",
      linkUrl: "https://github.com/wxt-dev/wxt",
    });
    expect(deps.enqueue.mock.lastCall?.[0]).toMatchObject({ prompt: CODE.prompt });
  });

  it("no matching rule: the default preset; an item naming a preset keeps that preset on a ruled site", async () => {
    const deps = fakeDeps();
    const { handleMenuClick } = createMenuActions(deps);
    await handleMenuClick({ menuItemId: "linklens:page:@site", pageUrl: "https://example.org/" });
    expect(deps.enqueue.mock.lastCall?.[0]).toMatchObject({ prompt: SUMMARY.prompt });
    await handleMenuClick({ menuItemId: "linklens:page:summary", pageUrl: "https://github.com/x" });
    expect(deps.enqueue.mock.lastCall?.[0]).toMatchObject({ prompt: SUMMARY.prompt });
  });

  it("a rule whose preset was deleted is passed over: the default preset", async () => {
    const deps = fakeDeps({ ...RULES, presets: [SUMMARY, FACTS] });
    await createMenuActions(deps).handleMenuClick({
      menuItemId: "linklens:page:@site",
      pageUrl: "https://github.com/x",
    });
    expect(deps.enqueue.mock.lastCall?.[0]).toMatchObject({ prompt: SUMMARY.prompt });
  });

  it("the shortcut takes the rule for its tab's page", async () => {
    const deps = fakeDeps();
    const page = "https://github.com/wxt-dev/wxt/pulls";
    await createActiveTabAnalysis(deps)({ id: 9, url: page });
    expect(deps.enqueue.mock.lastCall?.slice(0, 3)).toEqual([
      { links: [page], prompt: CODE.prompt, temperature: CODE.temperature },
      "shortcut",
      page,
    ]);
  });
});

describe("the tab-strip item (Firefox)", () => {
  it("is not offered where the browser has no tab context (Chrome)", () => {
    expect(menuItems(RULES).some((item) => item.id.startsWith("linklens:tabs"))).toBe(false);
  });

  it("is offered with contexts ['tab'] where it has one, with no site-rule item (tabs of many sites)", () => {
    Object.assign(fakeBrowser.contextMenus, { ContextType: { PAGE: "page", TAB: "tab" } });
    try {
      const items = menuItems(RULES).filter((item) => item.id.startsWith("linklens:tabs"));
      expect(items.map((item) => item.id)).toEqual([
        "linklens:tabs",
        "linklens:tabs:summary",
        "linklens:tabs:code",
        "linklens:tabs:facts",
      ]);
      expect(items[0]).toMatchObject({ title: "Analyze selected tabs", contexts: ["tab"] });
    } finally {
      Object.assign(fakeBrowser.contextMenus, { ContextType: undefined });
    }
  });

  const TABS: TabLike[] = [
    { id: 1, windowId: 5, highlighted: true, url: "https://a.example/1" },
    { id: 2, windowId: 5, highlighted: false, url: "https://a.example/2" },
    { id: 3, windowId: 5, highlighted: true, url: "about:blank" },
    { id: 4, windowId: 5, highlighted: true, url: "https://a.example/1#again" },
    { id: 5, windowId: 6, highlighted: true, url: "https://b.example/" },
  ];

  it("takes the highlighted tabs of the clicked tab's window, or the clicked tab alone", async () => {
    const deps = fakeDeps(RULES, TABS);
    expect((await tabsOfMenuClick(deps.queryTabs, TABS[0])).map((tab) => tab.id)).toEqual([1, 3, 4]);
    expect((await tabsOfMenuClick(deps.queryTabs, TABS[1])).map((tab) => tab.id)).toEqual([2]);
  });

  it("queues one job of the selected tabs' addresses; the runner sorts them", async () => {
    const deps = fakeDeps(RULES, TABS);
    const outcome = await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:tabs:code" },
      TABS[0],
    );
    expect(outcome).toEqual({ jobId: "job-1" });
    expect(deps.enqueue.mock.calls[0]?.slice(0, 3)).toEqual([
      {
        links: ["https://a.example/1", "about:blank", "https://a.example/1#again"],
        prompt: CODE.prompt,
        temperature: CODE.temperature,
      },
      "tabs",
      undefined,
    ]);
  });

  it("refuses when no selected tab can be analyzed", async () => {
    const deps = fakeDeps(RULES, TABS);
    const outcome = await createMenuActions(deps).handleMenuClick(
      { menuItemId: "linklens:tabs:code" },
      { id: 3, windowId: 5, highlighted: false, url: "about:blank" },
    );
    expect(outcome).toEqual({ refused: "This tab can't be analyzed: only https pages can be." });
    expect(deps.enqueue).not.toHaveBeenCalled();
  });
});

describe("the optional tabs permission", () => {
  const TABS: TabLike[] = [
    { id: 1, windowId: 5, highlighted: true, url: "https://a.example/1" },
    { id: 2, windowId: 5, highlighted: true, url: "https://a.example/2" },
  ];

  it("the tab-strip item asks for it in the click, and a refusal says what it needs and queues nothing", async () => {
    const deps = fakeDeps(RULES, TABS);
    const askTabsPermission = vi.fn(async () => false);
    const outcome = await createMenuActions({ ...deps, askTabsPermission }).handleMenuClick(
      { menuItemId: "linklens:tabs:code" },
      TABS[0],
    );
    expect(askTabsPermission).toHaveBeenCalledTimes(1);
    expect(outcome).toEqual({ refused: expect.stringContaining("permission to read their addresses") });
    expect(deps.notify).toHaveBeenCalledWith((outcome as { refused: string }).refused);
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it("is asked for by the tab-strip item only: the page, link and selection items never ask", async () => {
    const deps = fakeDeps(RULES, TABS);
    const askTabsPermission = vi.fn(async () => false);
    const actions = createMenuActions({ ...deps, askTabsPermission });
    await actions.handleMenuClick({ menuItemId: "linklens:page", pageUrl: "https://a.example/" });
    await actions.handleMenuClick({ menuItemId: "linklens:link", linkUrl: "https://b.example/" });
    expect(askTabsPermission).not.toHaveBeenCalled();
    expect(deps.enqueue).toHaveBeenCalledTimes(2);
  });

  it("tabs.analyze without it refuses with a readable reason and reads no tab", async () => {
    const deps = fakeDeps(RULES, TABS);
    const command = createTabsCommand({ ...deps, hasTabsPermission: async () => false });
    await expect(command.analyzeTabs({ windowId: 5, scope: "window" })).rejects.toMatchObject({
      code: "tabs_permission",
      message: expect.stringContaining("Nothing was started"),
    });
    expect(deps.queryTabs).not.toHaveBeenCalled();
    expect(deps.enqueue).not.toHaveBeenCalled();
  });
});

describe("tabs.analyze", () => {
  const windowTabs = (count: number, extra: TabLike[] = []): TabLike[] => [
    ...Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      windowId: 5,
      highlighted: index === 0,
      url: `https://site.example/page-${index + 1}.html`,
    })),
    ...extra,
  ];

  it("queues every https tab of the window as one job, counting the tabs left out", async () => {
    const tabs = windowTabs(3, [
      { id: 90, windowId: 5, url: "chrome://extensions/" },
      { id: 91, windowId: 5, url: "about:blank" },
      { id: 92, windowId: 5 },
      { id: 93, windowId: 5, url: "https://site.example/page-1.html" },
      { id: 94, windowId: 7, url: "https://other-window.example/" },
    ]);
    const deps = fakeDeps(RULES, tabs);
    const result = await createTabsCommand(deps).analyzeTabs({
      windowId: 5,
      scope: "window",
      presetId: FACTS.id,
    });
    expect(result).toEqual({ jobId: "job-1", tabs: 7, links: 3, skipped: 4 });
    const [request, source] = deps.enqueue.mock.calls[0] ?? [];
    expect(source).toBe("tabs");
    expect(request).toMatchObject({ prompt: FACTS.prompt, responseFormat: expect.anything() });
    expect(request?.links).toEqual([
      "https://site.example/page-1.html",
      "https://site.example/page-2.html",
      "https://site.example/page-3.html",
      "chrome://extensions/",
      "about:blank",
      "https://site.example/page-1.html",
    ]);
  });

  it("highlighted: only the selected tabs; no preset named: the default preset", async () => {
    const deps = fakeDeps(RULES, windowTabs(4));
    const result = await createTabsCommand(deps).analyzeTabs({ windowId: 5, scope: "highlighted" });
    expect(result).toMatchObject({ tabs: 1, links: 1, skipped: 0 });
    expect(deps.enqueue.mock.calls[0]?.[0]).toMatchObject({
      links: ["https://site.example/page-1.html"],
      prompt: SUMMARY.prompt,
    });
  });

  it(`more than ${CONFIRM_ABOVE_LINKS} pages ask first: nothing is queued until the user says yes`, async () => {
    const deps = fakeDeps(
      RULES,
      windowTabs(CONFIRM_ABOVE_LINKS + 2, [{ id: 99, windowId: 5, url: "about:blank" }]),
    );
    const result = await createTabsCommand(deps).analyzeTabs({ windowId: 5, scope: "window" });
    expect(result).toEqual({ confirmationId: expect.any(String), tabs: 23, links: 22, skipped: 1 });
    expect(deps.openConfirmPage).toHaveBeenCalledOnce();
    expect(deps.enqueue).not.toHaveBeenCalled();
  });

  it(`exactly ${CONFIRM_ABOVE_LINKS} pages are queued at once`, async () => {
    const deps = fakeDeps(RULES, windowTabs(CONFIRM_ABOVE_LINKS));
    const result = await createTabsCommand(deps).analyzeTabs({ windowId: 5, scope: "window" });
    expect(result).toMatchObject({ jobId: "job-1", links: CONFIRM_ABOVE_LINKS });
    expect(deps.openConfirmPage).not.toHaveBeenCalled();
  });

  it("fails readably when no tab can be analyzed, or the preset is gone", async () => {
    const deps = fakeDeps(RULES, [
      { id: 1, windowId: 5, url: "chrome://newtab/" },
      { id: 2, windowId: 5, url: "http://plain.example/" },
    ]);
    const command = createTabsCommand(deps);
    await expect(command.analyzeTabs({ windowId: 5, scope: "window" })).rejects.toMatchObject({
      code: "no_https_tabs",
      message: "None of the 2 tabs can be analyzed: only https pages can be.",
    });
    await expect(
      command.analyzeTabs({ windowId: 5, scope: "window", presetId: "deleted" }),
    ).rejects.toMatchObject({
      code: "preset_gone",
    });
    expect(deps.enqueue).not.toHaveBeenCalled();
  });
});
