/**
 * Two pictures of issue 44 at 400 px, made from the test build (LINKLENS_OUT_DIR, else .output-test; build
 * it first with `wxt build --mode e2e`): docs/thread-detail-400.png, a three-turn thread asked with a
 * request ("Summarize the article") in the side panel's detail, with its total cost, Relevance explained and
 * a related list without the thread's own turns; and docs/compare-long-titles-400.png, a comparison on the
 * seed-only mock whose titles are links (the mock leaves titles out), one page unreachable.
 *
 *     LINKLENS_OUT_DIR=.output-h5 npx tsx scripts/layout-shots.ts
 */
import { join } from "node:path";
import { analyze } from "../tests/e2e/extension-data";
import { askFollowUp, DOCS, withScreenshotSession } from "./screenshot-session";

const bikes = Array.from(
  { length: 12 },
  (_, i) => `https://shop.example/catalogue/bicycles/city/bike/${i + 1}`,
);

await withScreenshotSession(
  {
    apiKey: "lk_screenshot_key",
    service: true,
    seed: { maxLinks: 2, leaveOut: ["title"], unreachable: [bikes[6] as string] },
    viewport: { width: 400, height: 760 },
  },
  async ({ site, connectTo, openExtensionPage }) => {
    await connectTo("service");
    const panel = await openExtensionPage("sidepanel.html");
    const article = site.url("/news/article.html");
    await analyze(panel, { links: [article], prompt: "Summarize the article" });
    await panel.getByText("Riverside tram line", { exact: false }).first().click();
    await askFollowUp(panel, "Where is the Kestrel Hill depot?");
    await askFollowUp(panel, "How much did the project cost?");
    await analyze(panel, { links: [article], prompt: "Which city is it in?" });
    await panel.reload();
    await panel.getByText("3 questions", { exact: true }).click();
    await panel.locator(".related-item").first().waitFor({ timeout: 30_000 });
    // The panel scrolls inside: a view tall enough for the whole detail, shot down to the related list's end.
    await panel.setViewportSize({ width: 400, height: 4000 });
    const bottom = await panel
      .locator("section.related")
      .evaluate((related) => Math.ceil(related.getBoundingClientRect().bottom) + 8);
    await panel.screenshot({
      path: join(DOCS, "thread-detail-400.png"),
      clip: { x: 0, y: 0, width: 400, height: bottom },
    });

    await connectTo("seed");
    const compare = await openExtensionPage("sidepanel.html", { width: 400, height: 700 });
    await compare.getByRole("button", { name: "Compare pages…" }).click();
    await compare.getByLabel("Links", { exact: true }).fill(bikes.join("\n"));
    await compare.getByLabel("Prompt", { exact: true }).fill("What does it cost?");
    const properties = Object.fromEntries(
      ["price", "currency", "frame", "gears", "weight", "warranty"].map((name) => [name, { type: "string" }]),
    );
    await compare
      .getByLabel("JSON schema", { exact: true })
      .fill(JSON.stringify({ type: "object", properties }));
    await compare.getByRole("button", { name: "Compare 12 pages" }).click();
    await compare.getByText("12 of 12 pages answered").waitFor({ timeout: 60_000 });
    await compare.locator('.comparison-table tr[data-status="failed"]').first().scrollIntoViewIfNeeded();
    await compare.screenshot({ path: join(DOCS, "compare-long-titles-400.png") });
    console.log("docs/thread-detail-400.png docs/compare-long-titles-400.png");
  },
);
