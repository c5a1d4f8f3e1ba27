/** "Compare links in selection…" hands the selection's links to the side panel's form, or says why not. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { compareSelection } from "../../entrypoints/background/context-menus/compare-selection";
import { menuItems } from "../../entrypoints/background/context-menus/menu-building";
import { compareDraftItem } from "../../lib/browser/compare-draft";
import { useEnglishMessages } from "./helpers/english-messages";

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
  // The panel's opening is the browser's; what is tested is what lands in it.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("Compare links in selection…", () => {
  it("is one item on selections, whatever the presets", () => {
    const items = menuItems({ presets: [] });
    expect(items.filter((item) => item.id === "linklens-compare:selection")).toEqual([
      expect.objectContaining({ title: "Compare links in selection…", contexts: ["selection"] }),
    ]);
  });

  it("writes the selection's links for the side panel's form", async () => {
    const notify = vi.fn();
    const links = ["https://a.example/", "http://b.example/", "https://c.example/"];
    await compareSelection(
      { menuItemId: "linklens-compare:selection" },
      { id: 4, windowId: 1 },
      { readSelectionLinks: async () => links, notify },
    );
    expect(await compareDraftItem.getValue()).toEqual({ links });
    expect(notify).not.toHaveBeenCalled();
  });

  it("says why when the selection has no https link, and writes nothing", async () => {
    const notify = vi.fn();
    await compareSelection(
      { menuItemId: "linklens-compare:selection", selectionText: "no links here" },
      { id: 4, windowId: 1 },
      { readSelectionLinks: async () => [], notify },
    );
    expect(await compareDraftItem.getValue()).toBeNull();
    expect(notify).toHaveBeenCalledWith(expect.stringMatching(/link/i));
  });
});
