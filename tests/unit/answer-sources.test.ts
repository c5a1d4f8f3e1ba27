// @vitest-environment jsdom
/** An answer's foot: numbered markers named after their passage, the count, and a click going there. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerSources } from "../../components/sources/answer-sources";
import { button, click, pageForEachTest, render, waitForPage } from "./helpers/react-page";

const sendCommand = vi.hoisted(() => vi.fn());
vi.mock("../../lib/messaging/protocol", () => ({
  sendCommand,
  CommandError: class CommandError extends Error {
    constructor(readonly init: { status: number; code: string; message: string }) {
      super(init.message);
    }
  },
}));

// wxt/browser does not load under jsdom either: the test names no tab, as the real popup does not.
vi.mock("../../lib/browser/active-tab", () => ({ targetTabIdFromSearch: () => undefined }));

pageForEachTest();
// A block, not an arrow returning the mock: a function a hook returns is run as its teardown.
beforeEach(() => {
  sendCommand.mockReset();
});

const URL = "https://news.example/tram";
const PAGE = [
  "City council approves the new tram line",
  "The city council voted on Tuesday to build a tram line between the station and the university.",
  "Critics argue the budget leaves no room for cycling lanes.",
].join("\n");

function markers(): HTMLButtonElement[] {
  return [...document.querySelectorAll<HTMLButtonElement>("button.source-marker")];
}

describe("AnswerSources", () => {
  it("gives each supported sentence a marker named after its passage, and counts the passages", async () => {
    await render(AnswerSources, {
      answer:
        "**Critics argue the budget leaves no room for cycling lanes.** The football club signed a striker from Brazil. Councillors voted to build a tram between station and university.",
      url: URL,
      pageText: PAGE,
    });
    expect(document.body.textContent).toContain("Sources on the page: 2 passages");
    expect(markers().map((marker) => marker.getAttribute("aria-label"))).toEqual([
      "Source 1: Critics argue the budget leaves no room for cycling lanes.",
      "Source 2: The city council voted on Tuesday to build a tram line betwe…",
    ]);
    const passage = document.getElementById(markers()[1]?.getAttribute("aria-describedby") ?? "");
    expect(passage?.textContent).toBe(
      "The city council voted on Tuesday to build a tram line between the station and the university.",
    );
  });

  it("says so when no sentence is supported", async () => {
    await render(AnswerSources, {
      answer: "The football club signed a striker from Brazil.",
      url: URL,
      pageText: PAGE,
    });
    expect(document.body.textContent).toContain("No passage of the page supports this answer word for word.");
    expect(markers()).toEqual([]);
  });

  it("goes to the passage on a click: its text and its text fragment to the worker", async () => {
    sendCommand.mockResolvedValue({ shown: "opened" });
    await render(AnswerSources, {
      answer: "Critics argue the budget leaves no room for cycling lanes.",
      url: URL,
      pageText: PAGE,
    });
    await click(markers()[0] as HTMLButtonElement);
    expect(sendCommand).toHaveBeenCalledExactlyOnceWith("sources.show", {
      url: URL,
      passage: "Critics argue the budget leaves no room for cycling lanes.",
      fragmentUrl: `${URL}#:~:text=Critics%20argue%20the%20budget%20leaves%20no%20room%20for%20cycling%20lanes.`,
    });
    await waitForPage(() => expect(document.body.textContent).toContain("The page opened in a new tab"));
  });

  it("without the page's text, reads the open tab's on a click and then finds the sources", async () => {
    sendCommand.mockResolvedValue({ text: PAGE });
    await render(AnswerSources, {
      answer: "Critics argue the budget leaves no room for cycling lanes.",
      url: URL,
    });
    expect(markers()).toEqual([]);
    await click(button("Find the sources on the open tab"));
    expect(sendCommand).toHaveBeenCalledExactlyOnceWith("page.readText", { url: URL });
    await waitForPage(() => expect(markers()).toHaveLength(1));
  });

  it("says so when the open tab shows another page", async () => {
    const { CommandError } = await import("../../lib/messaging/protocol");
    const notOpen = new CommandError({ status: 0, code: "page_not_open", message: "the page is not open" });
    sendCommand.mockImplementation(async () => {
      throw notOpen;
    });
    await render(AnswerSources, {
      answer: "Critics argue the budget leaves no room for cycling lanes.",
      url: URL,
    });
    await click(button("Find the sources on the open tab"));
    await waitForPage(() =>
      expect(document.body.textContent).toContain(
        "The open tab does not show this page: open it, then try again.",
      ),
    );
    expect(markers()).toEqual([]);
  });
});
