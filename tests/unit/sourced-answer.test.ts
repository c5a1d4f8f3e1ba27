// @vitest-environment jsdom
/**
 * An answer with its sources: a numbered marker right after each supported sentence of the rendered answer,
 * named after its passage, the count at the foot, and a click going there.
 */
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AnalysisCard } from "../../components/popup/analysis-card";
import { SourcedAnswer, type SourcedAnswerProps } from "../../components/sources/sourced-answer";
import type { CachedAnalysis } from "../../lib/db/schema";
import { sendCommand } from "./helpers/fake-protocol";
import { button, click, pageForEachTest, render, waitForPage } from "./helpers/react-page";

vi.mock("../../lib/messaging/protocol", () => import("./helpers/fake-protocol"));

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
  "The project cost 412 million pounds in 2024.",
].join("\n");
/** The page's text as our service returns it: the page's own, as it says. */
const THE_PAGE = { text: PAGE, isThePage: true };
/** The same text from a service that does not say it is the page's (a seed-only one). */
const UNSAID = { text: PAGE, isThePage: false };
const CRITICS = "Critics argue the budget leaves no room for cycling lanes.";
const COST = "The project cost 412 million pounds in 2024.";
const FOOTBALL = "The football club signed a striker from Brazil.";

function markers(within: ParentNode = document): HTMLButtonElement[] {
  return [...within.querySelectorAll<HTMLButtonElement>("button.source-marker")];
}

/** Renders the answer and waits for its Markdown (not the plain-text stand-in) and its foot. */
async function renderAnswer(answer: string, props: Partial<SourcedAnswerProps> = {}): Promise<void> {
  await render(SourcedAnswer, { answer, url: URL, pageText: THE_PAGE, topHeadingLevel: 4, ...props });
  await waitForPage(() => {
    const markdown = document.querySelector<HTMLElement>(".markdown");
    expect(markdown?.style.whiteSpace).toBe("");
    expect(document.querySelector(".answer-sources")?.textContent).toMatch(
      /Sources on the page|No passage|In the service's text|Find the sources/,
    );
  });
}

/** The rendered answer, each marker written `[N]`, without the line breaks between elements. */
function answerHtml(): string {
  const answer = document.querySelector(".markdown")?.cloneNode(true) as HTMLElement;
  for (const marker of markers(answer)) marker.replaceWith(`[${marker.textContent}]`);
  return answer.innerHTML.replace(/>\n+</g, "><");
}

describe("SourcedAnswer", () => {
  it("puts the marker right after a supported sentence, named after its passage, and counts the passages", async () => {
    await renderAnswer(
      `${CRITICS} ${FOOTBALL} Councillors voted to build a tram between station and university.`,
    );
    expect(answerHtml()).toBe(
      `<p>${CRITICS}[1] ${FOOTBALL} Councillors voted to build a tram between station and university.[2]</p>`,
    );
    expect(document.querySelector(".answer-sources")?.textContent).toBe("Sources on the page: 2 passages");
    expect(markers().map((marker) => marker.getAttribute("aria-label"))).toEqual([
      "Source 1: Critics argue the budget leaves no room for cycling lanes.",
      "Source 2: The city council voted on Tuesday to build a tram line betwe…",
    ]);
    const passage = document.getElementById(markers()[1]?.getAttribute("aria-describedby") ?? "");
    expect(passage?.getAttribute("role")).toBe("tooltip");
    expect(passage?.textContent).toBe(
      "The city council voted on Tuesday to build a tram line between the station and the university.",
    );
    // The passage is not part of the answer's text.
    expect(document.querySelector(".markdown")?.textContent).not.toContain("between the station");
  });

  it("shows the passage while the marker is focused or hovered", async () => {
    await renderAnswer(CRITICS);
    const [marker] = markers();
    const passage = document.getElementById(marker?.getAttribute("aria-describedby") ?? "") as HTMLElement;
    expect(passage.hidden).toBe(true);
    await act(async () => marker?.focus());
    expect(passage.hidden).toBe(false);
    await act(async () => marker?.blur());
    expect(passage.hidden).toBe(true);
    // React's mouseenter listens for mouseover and mouseout, as a pointer moving onto the marker sends them.
    await act(async () => marker?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    expect(passage.hidden).toBe(false);
    await act(async () => marker?.dispatchEvent(new MouseEvent("mouseout", { bubbles: true })));
    expect(passage.hidden).toBe(true);
  });

  it("marks a sentence split across bold and a link after its last mark, outside the link", async () => {
    await renderAnswer(
      "Critics argue the **budget leaves** no room for [cycling lanes](https://example.org/lanes).",
    );
    expect(answerHtml()).toBe(
      '<p>Critics argue the <strong>budget leaves</strong> no room for <a href="https://example.org/lanes" target="_blank" rel="noopener noreferrer">cycling lanes</a>.[1]</p>',
    );
  });

  it("marks a sentence that is bold as a whole after the bold text", async () => {
    await renderAnswer(`**${CRITICS}** ${FOOTBALL}`);
    expect(answerHtml()).toBe(`<p><strong>${CRITICS}</strong>[1] ${FOOTBALL}</p>`);
  });

  it("marks two sentences of one paragraph each where it ends", async () => {
    await renderAnswer(`${CRITICS} ${COST}`);
    expect(answerHtml()).toBe(`<p>${CRITICS}[1] ${COST}[2]</p>`);
  });

  it("marks list items inside the item, the unsupported one not at all", async () => {
    await renderAnswer(`- ${CRITICS}\n- ${FOOTBALL}\n- ${COST}`);
    expect(answerHtml()).toBe(`<ul><li>${CRITICS}[1]</li><li>${FOOTBALL}</li><li>${COST}[2]</li></ul>`);
  });

  it("gives the same number to two sentences resting on one passage, each its own marker in order", async () => {
    await renderAnswer(`${COST}\n\nIn 2024 the project cost 412 million pounds.`);
    expect(answerHtml()).toBe(`<p>${COST}[1]</p><p>In 2024 the project cost 412 million pounds.[1]</p>`);
    expect(document.querySelector(".answer-sources")?.textContent).toBe("Sources on the page: 1 passage");
  });

  it("says so when no sentence is supported, and shows no marker", async () => {
    await renderAnswer(FOOTBALL);
    expect(answerHtml()).toBe(`<p>${FOOTBALL}</p>`);
    expect(document.body.textContent).toContain("No passage of the page supports this answer word for word.");
  });

  it("keeps a code block (a JSON answer) as written: its sentence's marker follows the block", async () => {
    await renderAnswer(`\`\`\`json\n{ "cost": "${COST}" }\n\`\`\``);
    expect(answerHtml()).toBe(
      `<pre><code class="language-json">{ "cost": "${COST}" }\n</code></pre><p data-sentence-marks="true">[1]</p>`,
    );
  });

  it("puts the marker of a sentence it cannot find in the rendered text at the answer's end", async () => {
    // The plain text the matcher reads keeps "&amp;" as written; the rendered answer shows "&".
    await renderAnswer(`Critics argue the budget leaves no room for cycling lanes &amp; paths. ${FOOTBALL}`);
    expect(answerHtml()).toBe(
      `<p>Critics argue the budget leaves no room for cycling lanes &amp; paths. ${FOOTBALL}</p><p data-sentence-marks="true">[1]</p>`,
    );
  });

  it("highlights the passage in the tab showing the page on a click, and opens nothing", async () => {
    sendCommand.mockResolvedValue({ lookup: "highlighted" });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await renderAnswer(CRITICS);
    await click(markers()[0] as HTMLButtonElement);
    expect(sendCommand).toHaveBeenCalledExactlyOnceWith("sources.highlight", { url: URL, passage: CRITICS });
    expect(open).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain("The page opened in a new tab");
  });

  it("opens the page at the passage's text fragment from the clicked page when the tab shows another", async () => {
    sendCommand.mockResolvedValue({ lookup: "elsewhere" });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await renderAnswer(CRITICS);
    await click(markers()[0] as HTMLButtonElement);
    await waitForPage(() => expect(document.body.textContent).toContain("The page opened in a new tab"));
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${URL}#:~:text=Critics%20argue%20the%20budget%20leaves%20no%20room%20for%20cycling%20lanes.`,
      "_blank",
      "noopener,noreferrer",
    );
    // The marker stayed the same element: the focus is not lost on the note's render.
    expect(markers()).toHaveLength(1);
  });

  describe("with a text the service does not say is the page's", () => {
    it("marks the answer but claims no passage on the page, and offers to read the open tab", async () => {
      await renderAnswer(`${CRITICS} ${COST}`, { pageText: UNSAID });
      expect(answerHtml()).toBe(`<p>${CRITICS}[1] ${COST}[2]</p>`);
      const foot = document.querySelector(".answer-sources")?.textContent ?? "";
      expect(foot).toContain("In the service's text: 2 passages, not yet found on the page");
      expect(foot).not.toContain("Sources on the page");
      expect(button("Find the sources on the open tab")).toBeDefined();
    });

    it("claims nothing when nothing in it supports the answer", async () => {
      await renderAnswer(FOOTBALL, { pageText: UNSAID });
      expect(markers()).toEqual([]);
      expect(document.querySelector(".answer-sources")?.textContent).toBe("Find the sources on the open tab");
    });

    it("says the passage is not on the page when the open tab shows the page without it, and opens nothing", async () => {
      sendCommand.mockResolvedValue({ lookup: "absent" });
      const open = vi.spyOn(window, "open").mockReturnValue(null);
      await renderAnswer(CRITICS, { pageText: UNSAID });
      await click(markers()[0] as HTMLButtonElement);
      await waitForPage(() =>
        expect(document.body.textContent).toContain("This passage is not on the page as it is now."),
      );
      expect(sendCommand).toHaveBeenCalledExactlyOnceWith("sources.highlight", {
        url: URL,
        passage: CRITICS,
      });
      expect(open).not.toHaveBeenCalled();
      expect(document.body.textContent).not.toContain("The page opened in a new tab");
    });

    it("highlights it in the open tab when the live page holds it", async () => {
      sendCommand.mockResolvedValue({ lookup: "highlighted" });
      const open = vi.spyOn(window, "open").mockReturnValue(null);
      await renderAnswer(CRITICS, { pageText: UNSAID });
      await click(markers()[0] as HTMLButtonElement);
      expect(sendCommand).toHaveBeenCalledExactlyOnceWith("sources.highlight", {
        url: URL,
        passage: CRITICS,
      });
      expect(open).not.toHaveBeenCalled();
      expect(document.querySelector("[role=status]")).toBeNull();
    });

    it.each([
      ["absent", "This passage is not on the page as it is now."],
      ["highlighted", "The page opened in a new tab at the passage."],
      ["unreadable", "The page opened in a new tab, where Linklens may not look for the passage."],
    ])("when the tab shows another page, has the page opened and looked in: %s", async (lookup, note) => {
      sendCommand.mockImplementation(async (command: string) =>
        command === "sources.highlight" ? { lookup: "elsewhere" } : { lookup },
      );
      const open = vi.spyOn(window, "open").mockReturnValue(null);
      await renderAnswer(CRITICS, { pageText: UNSAID });
      await click(markers()[0] as HTMLButtonElement);
      await waitForPage(() => expect(document.body.textContent).toContain(note));
      expect(sendCommand).toHaveBeenLastCalledWith("sources.openAndLook", { url: URL, passage: CRITICS });
      // No text fragment: the page was opened plainly, and looked in.
      expect(open).not.toHaveBeenCalled();
    });

    it("claims the passages once the open tab's text is read", async () => {
      sendCommand.mockResolvedValue({ text: PAGE });
      await renderAnswer(CRITICS, { pageText: UNSAID });
      await click(button("Find the sources on the open tab"));
      await waitForPage(() =>
        expect(document.querySelector(".answer-sources")?.textContent).toBe("Sources on the page: 1 passage"),
      );
    });
  });

  it("without the page's text, reads the open tab's on a click and then marks the answer", async () => {
    sendCommand.mockResolvedValue({ text: PAGE });
    await render(SourcedAnswer, { answer: CRITICS, url: URL, topHeadingLevel: 4 });
    await waitForPage(() => button("Find the sources on the open tab"));
    expect(markers()).toEqual([]);
    await click(button("Find the sources on the open tab"));
    expect(sendCommand).toHaveBeenCalledExactlyOnceWith("page.readText", { url: URL });
    await waitForPage(() => expect(answerHtml()).toBe(`<p>${CRITICS}[1]</p>`));
  });

  it("says so when the open tab shows another page", async () => {
    const { CommandError } = await import("../../lib/messaging/protocol");
    const notOpen = new CommandError({ status: 0, code: "page_not_open", message: "the page is not open" });
    sendCommand.mockImplementation(async () => {
      throw notOpen;
    });
    await render(SourcedAnswer, { answer: CRITICS, url: URL, topHeadingLevel: 4 });
    await waitForPage(() => button("Find the sources on the open tab"));
    await click(button("Find the sources on the open tab"));
    await waitForPage(() =>
      expect(document.body.textContent).toContain(
        "The open tab does not show this page: open it, then try again.",
      ),
    );
    expect(markers()).toEqual([]);
  });
});

describe("the popup's result card", () => {
  it("marks the answer's text in its box, never the JSON view", async () => {
    const record = {
      analysisId: "a1",
      textContent: CRITICS,
      jsonContent: { summary: CRITICS },
      metadata: {},
      analysis: { url: URL, text: PAGE, extras: { textSource: "page" } },
    } as unknown as CachedAnalysis;
    await render(AnalysisCard, { record });
    const box = await waitForPage(() => {
      const found = document.querySelector<HTMLElement>(".analysis-card__text");
      expect(markers(found ?? document)).toHaveLength(1);
      return found as HTMLElement;
    });
    expect(box.querySelector(".markdown p")?.lastElementChild).toBe(markers()[0]);
    expect(markers()).toHaveLength(1);
    expect(document.querySelector(".answer-sources")?.textContent).toBe("Sources on the page: 1 passage");
    expect(document.body.textContent).toContain('"summary"');
  });
  it("claims no passage on the page from a text its service does not say is the page's", async () => {
    const record = {
      analysisId: "a2",
      textContent: CRITICS,
      metadata: {},
      analysis: { url: URL, text: PAGE },
    } as unknown as CachedAnalysis;
    await render(AnalysisCard, { record });
    await waitForPage(() => expect(markers()).toHaveLength(1));
    expect(document.querySelector(".answer-sources p")?.textContent).toBe(
      "In the service's text: 1 passage, not yet found on the page",
    );
  });
});
