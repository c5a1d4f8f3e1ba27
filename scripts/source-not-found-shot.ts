/**
 * The picture of a passage not found (issue 44), at 400 px, from the test build (LINKLENS_OUT_DIR, else
 * .output-test; build it first with `wxt build --mode e2e`): docs/source-not-found-400.png. The popup,
 * opened by a toolbar click on the fixture site's article, analyzes it on the seed-only mock, whose
 * `analysis.text` is its own description of the page; the answer quotes that description, so its marker
 * cites a passage that is not on the page, and following it says so. `--dark` shoots the dark theme.
 *
 *     LINKLENS_OUT_DIR=.output-h8 npx tsx scripts/source-not-found-shot.ts
 */
import { join } from "node:path";
import { DOCS, withScreenshotSession } from "./screenshot-session";

const dark = process.argv.includes("--dark");

await withScreenshotSession(
  {
    apiKey: "seed_screenshot_key",
    seed: {},
    viewport: { width: 400, height: 600 },
    colorScheme: dark ? "dark" : "light",
  },
  async ({ site, connectTo, popupOn }) => {
    await connectTo("seed");
    const articleUrl = site.url("/news/article.html");
    const popup = await popupOn(articleUrl);
    const description = `A page of ${new URL(articleUrl).host} about news article html.`;
    await popup
      .getByRole("textbox", { name: "Prompt" })
      .fill(`Where does the page say this?\n${description}`);
    await popup.getByRole("button", { name: "Analyze", exact: true }).click();
    await popup.getByText("In the service's text: 1 passage").waitFor({ timeout: 60_000 });
    await popup.locator("button.source-marker").first().click();
    const note = popup.getByText("This passage is not on the page as it is now.");
    await note.waitFor();
    // The pointer and the focus leave the marker, so its passage's tooltip does not cover the answer.
    await popup.mouse.move(0, 0);
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await popup.getByRole("tooltip").first().waitFor({ state: "hidden" });
    const sources = popup.locator(".answer-sources");
    await sources.scrollIntoViewIfNeeded();
    const card = popup.locator(".analysis-card");
    const top = await card.evaluate((element) =>
      Math.max(0, Math.floor(element.getBoundingClientRect().top)),
    );
    const bottom = await sources.evaluate((element) => Math.ceil(element.getBoundingClientRect().bottom) + 8);
    const name = dark ? "source-not-found-400-dark.png" : "source-not-found-400.png";
    await popup.screenshot({
      path: join(DOCS, name),
      clip: { x: 0, y: top, width: 400, height: bottom - top },
    });
    console.log(`docs/${name}`);
  },
);
