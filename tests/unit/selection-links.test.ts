import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  collectSelectionInPage,
  linksInSelection,
  readSelectionLinks,
} from "../../entrypoints/background/selection-links";
import { sortLinks } from "../../lib/links/link-check";
import { urlsInText } from "../../lib/links/urls-in-text";

describe("urlsInText", () => {
  it("finds http and https URLs typed in text, leaving the sentence's punctuation out", () => {
    const text = `Read https://example.com/a, then https://example.com/b. Old: http://old.example/x!
      Quoted "https://example.com/q" and <https://example.com/angle>; end: HTTPS://EXAMPLE.COM/upper?`;
    expect(urlsInText(text)).toEqual([
      "https://example.com/a",
      "https://example.com/b",
      "http://old.example/x",
      "https://example.com/q",
      "https://example.com/angle",
      "HTTPS://EXAMPLE.COM/upper",
    ]);
  });

  it("keeps brackets that belong to the URL and drops the ones that close the sentence", () => {
    expect(urlsInText("(see https://en.wikipedia.org/wiki/Lens_(optics)).")).toEqual([
      "https://en.wikipedia.org/wiki/Lens_(optics)",
    ]);
    expect(urlsInText("[https://example.com/x]")).toEqual(["https://example.com/x"]);
    expect(urlsInText("https://example.com/search?q=a&b=c#top.")).toEqual([
      "https://example.com/search?q=a&b=c#top",
    ]);
  });

  it("ignores other schemes and bare domains", () => {
    expect(urlsInText("ftp://files.example/x mailto:a@example.com example.com www.example.com")).toEqual([]);
  });
});

describe("linksInSelection", () => {
  it("gives the selected links' hrefs, then the typed URLs, leaving out links that are not web pages", () => {
    const links = linksInSelection({
      hrefs: [
        "https://a.example/one",
        "mailto:someone@example.com",
        "http://b.example/two",
        "javascript:void(0)",
        "tel:+15550100",
        "https://a.example/one#comments",
      ],
      text: "one two mail call also https://c.example/three.",
    });
    expect(links).toEqual([
      "https://a.example/one",
      "http://b.example/two",
      "https://a.example/one#comments",
      "https://c.example/three",
    ]);
  });

  it("with sortLinks, keeps the distinct https links and reports the http ones", () => {
    const sorted = sortLinks(
      linksInSelection({
        hrefs: ["https://A.example/one", "http://b.example/two", "https://a.example/one#again"],
        text: "https://c.example/three and http://d.example/four",
      }),
    );
    expect(sorted.accepted).toEqual(["https://a.example/one", "https://c.example/three"]);
    expect(sorted.rejected).toEqual([
      { link: "http://b.example/two", problem: "not_https" },
      { link: "http://d.example/four", problem: "not_https" },
    ]);
    expect(sorted.duplicates).toBe(1);
  });

  it("is empty for an empty selection", () => {
    expect(linksInSelection({ hrefs: [], text: "" })).toEqual([]);
  });
});

describe("readSelectionLinks", () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("runs the collector in the tab (or the clicked frame) and turns what it reports into links", async () => {
    const executeScript = vi.spyOn(fakeBrowser.scripting, "executeScript").mockResolvedValue([
      {
        frameId: 0,
        documentId: "doc",
        result: { hrefs: ["https://a.example/one", "mailto:x@example.com"], text: "also http://b.example/" },
      },
    ] as never);

    expect(await readSelectionLinks(7)).toEqual(["https://a.example/one", "http://b.example/"]);
    expect(executeScript).toHaveBeenLastCalledWith({ target: { tabId: 7 }, func: collectSelectionInPage });

    await readSelectionLinks(7, 3);
    expect(executeScript).toHaveBeenLastCalledWith({
      target: { tabId: 7, frameIds: [3] },
      func: collectSelectionInPage,
    });
  });

  it("rejects when the page cannot be scripted", async () => {
    vi.spyOn(fakeBrowser.scripting, "executeScript").mockRejectedValue(
      new Error("Cannot access a chrome:// URL"),
    );
    await expect(readSelectionLinks(7)).rejects.toThrow("Cannot access a chrome:// URL");
  });
});
