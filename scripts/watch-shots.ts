/**
 * Two pictures of issue 46 at 400 px, made from the test build (LINKLENS_OUT_DIR, else .output-test; build
 * it first with `wxt build --mode e2e`): docs/changes-400.png, the side panel's Changes view after a day in
 * which a watched page's price and a watched comparison's product changed; and
 * docs/watched-comparison-400.png, that comparison with its changed cell marked and the "Changed since"
 * filter. The day passes on the watches' clock (the test seam's `advanceClock`).
 *
 *     LINKLENS_OUT_DIR=.output-h5 npx tsx scripts/watch-shots.ts
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type {} from "../entrypoints/background/test-seam";
import type { WatchRunRow } from "../lib/db/schema";
import { analyze, readRows, sendCommand } from "../tests/e2e/extension-data";
import { DOCS, withScreenshotSession } from "./screenshot-session";

const DAY = 24 * 60 * 60 * 1000;
const HTML = { "content-type": "text/html; charset=utf-8" };
const SHOES = ["Trail Runner 2", "Ridge Walker", "Canyon Light"];

function pricingPage(price: number): Buffer {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>Basic plan pricing</title></head><body><main>
    <h1>Basic plan pricing</h1>
    <p>The Basic plan costs ${price} euros a month. It includes five projects and email support.</p>
    <p>Billing is monthly, and the plan can be cancelled at any time from the account page.</p>
  </main></body></html>`);
}

function shoePage(name: string, price: number): Buffer {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>${name}</title></head><body><main>
    <h1>${name}</h1>
    <p class="price">€${price}.00</p>
    <button class="add-to-cart">Add to cart</button>
    <p>A light trail shoe with a grippy sole and a breathable upper, made for long runs on rough ground.</p>
    <p>Sizes 38 to 47. Ships in ${2 + SHOES.indexOf(name)} days.</p>
  </main></body></html>`);
}

/** Watches what the panel shows (a detail, a table) every day, with notifications. */
async function watchShown(panel: Page): Promise<void> {
  await panel.getByRole("button", { name: "Watch…" }).click();
  await panel.getByRole("checkbox", { name: "Notify me when it changes" }).check();
  await panel.getByRole("button", { name: "Start watching" }).click();
  await panel.getByText("Checked every day; next", { exact: false }).first().waitFor();
}

await withScreenshotSession(
  { apiKey: "lk_screenshot_key", service: true, viewport: { width: 400, height: 760 } },
  async ({ site, serviceWorker, connectTo, openExtensionPage }) => {
    await connectTo("service");
    site.serve("/plans/pricing.html", pricingPage(12), HTML);
    const shoes = SHOES.map((name, index) => {
      const path = `/shoes/${index + 1}.html`;
      site.serve(path, shoePage(name, 120 - index * 20), HTML);
      return site.url(path);
    });
    const panel = await openExtensionPage("sidepanel.html", { width: 400, height: 760 });
    await analyze(panel, {
      links: [site.url("/plans/pricing.html")],
      prompt: "What does the Basic plan cost?",
    });
    const schema = {
      type: "object",
      properties: {
        price: { type: "number" },
        currency: { type: "string" },
        availability: { type: "string" },
      },
      required: ["price", "currency", "availability"],
      additionalProperties: false,
    };
    const started = await sendCommand(panel, "compare.start", {
      links: shoes,
      prompt: "What does it cost?",
      responseFormat: { type: "json_schema", json_schema: { name: "price", schema, strict: true } },
      schemaName: "Price",
    });
    await panel.getByText("Basic plan pricing", { exact: true }).click();
    await watchShown(panel);
    await panel.getByRole("button", { name: "Back to the library" }).click();
    await panel.getByText("Compare: 3 pages · schema Price", { exact: true }).click();
    await panel.getByText("3 of 3 pages answered", { exact: false }).waitFor({ timeout: 60_000 });
    await watchShown(panel);
    await panel.getByRole("button", { name: "Back", exact: true }).click();

    // A day later: the plan costs more, one shoe less.
    site.serve("/plans/pricing.html", pricingPage(15), HTML);
    site.serve("/shoes/1.html", shoePage(SHOES[0] as string, 99), HTML);
    await serviceWorker.evaluate((ms) => globalThis.linklensTest?.advanceClock(ms), DAY);
    const ended = async () =>
      (await readRows<WatchRunRow>(serviceWorker, "watchRuns")).filter((run) => run.status !== "running");
    for (let tries = 0; (await ended()).length < 2; tries++) {
      if (tries > 300) throw new Error("the watches' runs did not end");
      await panel.waitForTimeout(100);
    }

    await panel.getByRole("button", { name: "Changes (2)" }).click();
    await panel.getByText("1 page changed", { exact: false }).first().waitFor();
    await panel.screenshot({ path: join(DOCS, "changes-400.png"), fullPage: true });

    await panel.getByRole("button", { name: "Compare: 3 pages · schema Price" }).click();
    await panel.getByText("was 120", { exact: false }).first().waitFor();
    await panel.screenshot({ path: join(DOCS, "watched-comparison-400.png") });
    if (!started.ok) throw new Error(started.error.message);
    console.log("docs/changes-400.png docs/watched-comparison-400.png");
  },
);
