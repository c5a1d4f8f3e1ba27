import { describe, expect, it } from "vitest";
import { isCommandMessage, isOwnExtensionPage } from "../../lib/messaging/protocol";

const OWN_ID = "abcdefghijklmnopabcdefghijklmnop";
const OWN_ORIGIN = `chrome-extension://${OWN_ID}/`;

describe("isOwnExtensionPage", () => {
  it("accepts this extension's own pages, in the popup or opened in a tab", () => {
    expect(isOwnExtensionPage({ id: OWN_ID, url: `${OWN_ORIGIN}popup.html` }, OWN_ID, OWN_ORIGIN)).toBe(true);
    const optionsInTab = {
      id: OWN_ID,
      url: `${OWN_ORIGIN}options.html`,
      tab: { id: 3, url: `${OWN_ORIGIN}options.html` },
    };
    expect(isOwnExtensionPage(optionsInTab, OWN_ID, OWN_ORIGIN)).toBe(true);
  });

  it("refuses a content script running in a web page, even one of this extension", () => {
    const contentScript = {
      id: OWN_ID,
      url: "https://example.com/article",
      tab: { id: 7, url: "https://example.com/article" },
    };
    expect(isOwnExtensionPage(contentScript, OWN_ID, OWN_ORIGIN)).toBe(false);
  });

  it("refuses another extension, even one whose id starts like ours", () => {
    const otherId = "zyxwvutsrqponmlkzyxwvutsrqponmlk";
    expect(
      isOwnExtensionPage(
        { id: otherId, url: `chrome-extension://${otherId}/popup.html` },
        OWN_ID,
        OWN_ORIGIN,
      ),
    ).toBe(false);
    const lookalike = `${OWN_ID}x`;
    expect(
      isOwnExtensionPage(
        { id: OWN_ID, url: `chrome-extension://${lookalike}/popup.html` },
        OWN_ID,
        OWN_ORIGIN,
      ),
    ).toBe(false);
  });

  it("refuses a sender without an id or a URL", () => {
    expect(isOwnExtensionPage({ url: `${OWN_ORIGIN}popup.html` }, OWN_ID, OWN_ORIGIN)).toBe(false);
    expect(isOwnExtensionPage({ id: OWN_ID }, OWN_ID, OWN_ORIGIN)).toBe(false);
  });
});

describe("isCommandMessage", () => {
  it("recognizes only Linklens command envelopes", () => {
    expect(isCommandMessage({ linklens: 1, command: "job.seen", request: {} })).toBe(true);
    expect(isCommandMessage({ command: "job.seen" })).toBe(false);
    expect(isCommandMessage("job.seen")).toBe(false);
    expect(isCommandMessage(null)).toBe(false);
  });
});
