import { JSDOM } from "jsdom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPageSources,
  highlightPassageInPage,
  type PageSourcesDeps,
  readPageTextInPage,
  SOURCE_HIGHLIGHT,
} from "../../entrypoints/background/page-sources";

const PAGE_URL = "https://news.example/tram";

/** The page's globals as `executeScript` would see them, with a registry standing in for `CSS.highlights`. */
function openPage(html: string, url = PAGE_URL) {
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`, { url });
  const highlights = new Map<string, { ranges: Range[] }>();
  vi.stubGlobal("document", dom.window.document);
  vi.stubGlobal("location", dom.window.location);
  vi.stubGlobal("NodeFilter", dom.window.NodeFilter);
  vi.stubGlobal("CSS", { highlights });
  vi.stubGlobal(
    "Highlight",
    class {
      ranges: Range[];
      constructor(...ranges: Range[]) {
        this.ranges = ranges;
      }
    },
  );
  // jsdom lays nothing out: scrolling is recorded, not done.
  const scrolled = vi.fn();
  dom.window.HTMLElement.prototype.scrollIntoView = scrolled;
  return { dom, highlights, scrolled };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("highlightPassageInPage", () => {
  it("highlights the passage across the page's markup and white space, and scrolls to it", () => {
    const { dom, highlights, scrolled } = openPage(
      "<h1>Tram</h1><p>The city <b>council</b>\n   voted on Tuesday.</p><script>var voted = 1;</script>",
    );
    expect(
      highlightPassageInPage("The city council voted on Tuesday.", `${PAGE_URL}#top`, SOURCE_HIGHLIGHT),
    ).toBe("highlighted");
    const range = highlights.get(SOURCE_HIGHLIGHT)?.ranges[0];
    expect(range?.toString()).toBe("The city council\n   voted on Tuesday.");
    expect(dom.window.document.getElementById(SOURCE_HIGHLIGHT)?.textContent).toContain(
      `::highlight(${SOURCE_HIGHLIGHT})`,
    );
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it("does nothing on another page, or when the passage is not on the page, and tells which", () => {
    const { highlights } = openPage("<p>The city council voted.</p>", "https://other.example/");
    expect(highlightPassageInPage("The city council voted.", PAGE_URL, SOURCE_HIGHLIGHT)).toBe("elsewhere");
    openPage("<p>The city council voted.</p>");
    expect(highlightPassageInPage("The mayor resigned.", PAGE_URL, SOURCE_HIGHLIGHT)).toBe("absent");
    expect(highlights.size).toBe(0);
  });

  it("in a tab opened for the page (no address to compare), looks wherever the page ended", () => {
    const { highlights } = openPage(
      "<p>The city council voted.</p>",
      "https://news.example/tram?from=redirect",
    );
    expect(highlightPassageInPage("The city council voted.", null, SOURCE_HIGHLIGHT)).toBe("highlighted");
    expect(highlights.size).toBe(1);
  });
});

describe("readPageTextInPage", () => {
  it("reads the page's text only when the tab shows the page", () => {
    const { dom } = openPage("<p>Some text.</p>");
    // jsdom has no layout, so no innerText: the page's text content stands in for it.
    Object.defineProperty(dom.window.HTMLElement.prototype, "innerText", {
      get(this: HTMLElement) {
        return this.textContent;
      },
    });
    expect(readPageTextInPage(PAGE_URL)).toBe("Some text.");
    expect(readPageTextInPage("https://other.example/")).toBeNull();
  });
});

/** `tabs` as the worker uses it: a tab made is 9, and `update` reports a change of it. */
function fakeTabs() {
  type Listener = (tabId: number, change: { status?: string }) => void;
  const listeners = new Set<Listener>();
  const tabs = {
    create: vi.fn().mockResolvedValue({ id: 9 }),
    onUpdated: {
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
    },
  };
  return Object.assign(tabs as unknown as PageSourcesDeps["tabs"], {
    create: tabs.create,
    listeners,
    update(tabId: number, change: { status?: string }) {
      for (const listener of listeners) listener(tabId, change);
    },
  });
}

describe("createPageSources", () => {
  const request = { url: PAGE_URL, passage: "The city council voted." };

  function sources(executeScript: ReturnType<typeof vi.fn>, tabs = fakeTabs()) {
    const resolveTab = vi.fn().mockResolvedValue({ id: 4 });
    const pageSources = createPageSources({ scripting: { executeScript } as never, resolveTab, tabs });
    return { pageSources, resolveTab, tabs };
  }

  it("highlights in the tab when it shows the page", async () => {
    const executeScript = vi.fn().mockResolvedValue([{ result: "highlighted" }]);
    const { pageSources, resolveTab } = sources(executeScript);
    await expect(pageSources.highlight({ ...request, tabId: 4 })).resolves.toEqual({
      lookup: "highlighted",
    });
    expect(resolveTab).toHaveBeenCalledWith(4);
    expect(executeScript).toHaveBeenCalledExactlyOnceWith({
      target: { tabId: 4 },
      func: highlightPassageInPage,
      args: [request.passage, PAGE_URL, SOURCE_HIGHLIGHT],
    });
  });

  it("tells a passage not on the page from a tab showing another page or one it cannot script", async () => {
    const absent = sources(vi.fn().mockResolvedValue([{ result: "absent" }]));
    await expect(absent.pageSources.highlight(request)).resolves.toEqual({ lookup: "absent" });
    const elsewhere = sources(vi.fn().mockResolvedValue([{ result: "elsewhere" }]));
    await expect(elsewhere.pageSources.highlight(request)).resolves.toEqual({ lookup: "elsewhere" });
    const refused = sources(vi.fn().mockRejectedValue(new Error("Cannot access contents of the page")));
    await expect(refused.pageSources.highlight(request)).resolves.toEqual({ lookup: "elsewhere" });
  });

  it("opens the page for a passage and looks for it there once the page has loaded", async () => {
    const tabs = fakeTabs();
    const executeScript = vi.fn().mockResolvedValue([{ result: "absent" }]);
    const { pageSources } = sources(executeScript, tabs);
    const looked = pageSources.openAndLook(request);
    await vi.waitFor(() =>
      expect(tabs.create).toHaveBeenCalledExactlyOnceWith({ url: PAGE_URL, active: true }),
    );
    // The blank page a new tab starts on is not the page: looked in again on the next load.
    executeScript.mockResolvedValueOnce([{ result: "elsewhere" }]);
    tabs.update(9, { status: "complete" });
    await vi.waitFor(() => expect(executeScript).toHaveBeenCalledOnce());
    tabs.update(9, { status: "complete" });
    await expect(looked).resolves.toEqual({ lookup: "absent" });
    expect(executeScript).toHaveBeenCalledTimes(2);
    expect(executeScript).toHaveBeenLastCalledWith({
      target: { tabId: 9 },
      func: highlightPassageInPage,
      args: [request.passage, null, SOURCE_HIGHLIGHT],
    });
    expect(tabs.listeners.size).toBe(0);
  });

  it("says the opened page could not be read when it may not script it", async () => {
    const tabs = fakeTabs();
    const { pageSources } = sources(vi.fn().mockRejectedValue(new Error("Cannot access contents")), tabs);
    const looked = pageSources.openAndLook(request);
    await vi.waitFor(() => expect(tabs.create).toHaveBeenCalled());
    tabs.update(9, { status: "complete" });
    await expect(looked).resolves.toEqual({ lookup: "unreadable" });
  });

  it("reads the tab's text, and fails when the tab shows another page", async () => {
    const reading = sources(vi.fn().mockResolvedValue([{ result: "Page text." }]));
    await expect(reading.pageSources.readText({ url: PAGE_URL })).resolves.toEqual({ text: "Page text." });
    const elsewhere = sources(vi.fn().mockResolvedValue([{ result: null }]));
    await expect(elsewhere.pageSources.readText({ url: PAGE_URL })).rejects.toMatchObject({
      init: { code: "page_not_open" },
    });
  });
});
