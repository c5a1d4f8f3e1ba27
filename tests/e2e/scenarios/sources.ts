/**
 * Sources on the page (issue 32): analyze the open page in the popup, follow the first source marker (right
 * after its sentence in the answer), and the open tab highlights the passage (read back through
 * `CSS.highlights`) with the passage in view; once the tab shows another page, the same marker opens the
 * page in a new tab at the passage's text fragment, which the browser scrolls into view (and highlights,
 * which no page API can read: the fragment's highlight is not in `CSS.highlights`).
 *
 * Firefox: a test cannot click the toolbar button, so the popup opens as a tab and no `activeTab` reaches
 * the page; the test grants the page's origin instead (`grantOriginByClick`), which lets the same script run.
 */
import type { DriverPage, Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { grantOriginByClick, optionsConnectedTo } from "./extension-state";
import { showInTab } from "./popup-steps";
import type { ScenarioTest } from "./scenario-test";

const ARTICLE = "/news/article.html";
const PROMPT = "How much did the project cost?";

/** The first marker: its accessible name, the passage it shows on focus, and whether it is in the answer. */
function firstMarker(popup: DriverPage): Promise<{ name: string; passage: string; inAnswer: boolean }> {
  return popup.evaluate(() => {
    const marker = document.querySelector("button.source-marker");
    const passage = document.getElementById(marker?.getAttribute("aria-describedby") ?? "");
    return {
      name: marker?.getAttribute("aria-label") ?? "",
      passage: passage?.textContent ?? "",
      inAnswer: marker?.closest(".analysis-card__text .markdown") != null,
    };
  }, undefined);
}

/** The text of the page's source highlight, white space folded ("" when there is none). */
function highlighted(page: Evaluator): Promise<string> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get("linklens-source");
    const ranges = highlight ? [...highlight] : [];
    return ranges.map((range) => range.toString().replace(/\s+/g, " ")).join("|");
  }, undefined);
}

/**
 * Where the paragraph holding `passage` is: in the view now, and below the page's first view (so only a
 * scroll can have brought it there).
 */
function passagePlace(
  page: Evaluator,
  passage: string,
): Promise<{ inView: boolean; belowFirstView: boolean }> {
  return page.evaluate((text) => {
    const fold = (value: string) => value.replace(/\s+/g, " ").trim();
    const element = [...document.querySelectorAll("p")].find((candidate) =>
      fold(candidate.textContent ?? "").includes(fold(text)),
    );
    if (!element) return { inView: false, belowFirstView: false };
    const box = element.getBoundingClientRect();
    return {
      inView: box.top >= 0 && box.top < innerHeight && box.bottom > 0,
      belowFirstView: box.top + scrollY >= innerHeight,
    };
  }, passage);
}

export function sourcesScenario(test: ScenarioTest): void {
  test("sources: a marker highlights its passage in the open page, or opens the page at its text fragment", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    // Firefox: `openedTab` reads the opened tab's address through `tabs` too.
    const options = await optionsConnectedTo(driver, service.url, tenantKey);
    const tab = await driver.openTab(fixtureSite.url(ARTICLE));

    const popup = await driver.openPopupFor(tab);
    await popup.fill("textbox", "Prompt", PROMPT);
    await popup.click("button", "Analyze");
    await popup.waitForText("412 million pounds", 45_000);
    await popup.waitForText("Sources on the page:");
    const marker = await firstMarker(popup);
    expect(marker.name).toMatch(/^Source 1: /);
    expect(marker.passage).toContain("412 million pounds");
    expect(marker.inAnswer).toBe(true);
    const passage = marker.passage.replace(/\s+/g, " ");
    // The passage is further down than the article's first view: only going there shows it.
    await expect.poll(() => passagePlace(tab.page, passage)).toEqual({ inView: false, belowFirstView: true });

    if (driver.browserName === "firefox")
      await grantOriginByClick(options, `https://${new URL(fixtureSite.url("/")).hostname}`);
    await popup.click("button", marker.name);
    await expect.poll(() => highlighted(tab.page)).toBe(passage);
    await expect.poll(() => passagePlace(tab.page, passage)).toEqual({ inView: true, belowFirstView: true });

    // The tab now shows another page: the marker opens the article at the passage instead.
    await showInTab(tab, fixtureSite.url("/blog/post.html"));
    await popup.click("button", marker.name);
    await popup.waitForText("The page opened in a new tab at the passage.");
    const opened = await driver.openedTab(`${fixtureSite.url(ARTICLE)}#:~:text=`);
    // A long passage is named by its first and last four words (lib/sources/text-fragment.ts).
    const words = passage.split(" ");
    expect(decodeURIComponent(opened.url)).toBe(
      `${fixtureSite.url(ARTICLE)}#:~:text=${words.slice(0, 4).join(" ")},${words.slice(-4).join(" ")}`,
    );
    // The browser scrolled the passage into view (Chromium also highlights it, out of any page API's sight).
    await expect
      .poll(() => passagePlace(opened.page, passage))
      .toEqual({ inView: true, belowFirstView: true });
    expect(await highlighted(opened.page)).toBe("");
  });
}
