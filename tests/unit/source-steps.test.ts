/**
 * A source is claimed only for a passage found on the page itself: the service's page text when it says the
 * text is the page's (our service), else the live page, looked in when a marker is followed.
 */
import { describe, expect, it } from "vitest";
import { PAGE_TEXT_SOURCE } from "../../lib/api/contract";
import { servicePageText } from "../../lib/sources/service-page-text";
import { noteAfterOpening, stepAfterTabLookup } from "../../lib/sources/source-steps";

describe("servicePageText", () => {
  it("is the page's own text only when the service says so", () => {
    expect(servicePageText({ text: "The page.", extras: { textSource: PAGE_TEXT_SOURCE } })).toEqual({
      text: "The page.",
      isThePage: true,
    });
    // A seed-only service: the seed does not say what `text` holds.
    expect(servicePageText({ text: "News Article. A page of localhost about news article html." })).toEqual({
      text: "News Article. A page of localhost about news article html.",
      isThePage: false,
    });
    expect(servicePageText({ text: "Its summary.", extras: { textSource: "summary" } })?.isThePage).toBe(
      false,
    );
  });

  it("is none without a text", () => {
    expect(servicePageText(undefined)).toBeUndefined();
    expect(servicePageText({ title: "No text" })).toBeUndefined();
    expect(servicePageText({ text: "  \n", extras: { textSource: PAGE_TEXT_SOURCE } })).toBeUndefined();
  });
});

describe("stepAfterTabLookup", () => {
  it("is done once the open tab highlights the passage, whatever text it came from", () => {
    expect(stepAfterTabLookup("highlighted", true)).toBe("done");
    expect(stepAfterTabLookup("highlighted", false)).toBe("done");
  });

  it("opens a passage of the page's own text at its text fragment, as before", () => {
    expect(stepAfterTabLookup("elsewhere", true)).toBe("openFragment");
    expect(stepAfterTabLookup("absent", true)).toBe("openFragment");
  });

  it("says a passage not known to be on the page is not there when the open page lacks it, else looks in the page opened for it", () => {
    expect(stepAfterTabLookup("absent", false)).toBe("notOnPage");
    expect(stepAfterTabLookup("elsewhere", false)).toBe("openAndLook");
  });
});

describe("noteAfterOpening", () => {
  it("claims the passage only when the opened page holds it", () => {
    expect(noteAfterOpening("highlighted")).toBe("opened");
    expect(noteAfterOpening("absent")).toBe("notOnPage");
    expect(noteAfterOpening("unreadable")).toBe("openedUnread");
  });
});
