/**
 * `npm run bench:watches`: 200 watched product pages, of which 10 change their price between two runs,
 * while every page's rotating parts change too (a "trending now" block and the time it was made, as real
 * shop pages do). Both runs go through the reference service as `npm run serve` runs it (the offline
 * generator, temperature 0), with the prompt and schema a watch sends; each page's two answers are compared
 * by the extension's own code (lib/watch/answer-changes.ts).
 *
 * Reported: the changes found out of 10, the pages reported changed that did not (out of 190), for a
 * schema watch and for a text prompt; beside them, in the same run, what page monitors do without filters
 * (changedetection.io's default: the page's whole visible text compared) and the service's extracted text
 * compared (what Linklens tells apart as "the page's own text changed").
 * Aim: every change found, none reported where what was asked is the same.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient } from "../lib/api/client";
import type { AnalysisRecord, ResponseFormat } from "../lib/api/contract";
import { answerChanges, sentenceChanges } from "../lib/watch/answer-changes";
import { type FixtureSite, startFixtureSite } from "../tests/fixtures/site";
import { printTable } from "./print-table";
import { BENCH_KEY, startServiceProcess } from "./service-process";

const PAGES = 200;
const CHANGED = 10;
const PER_REQUEST = 20;
const NAMES = [
  "Trail",
  "Ridge",
  "Canyon",
  "Summit",
  "Harbor",
  "Meadow",
  "Glacier",
  "Prairie",
  "Delta",
  "Cove",
];
const KINDS = ["runner", "walker", "boot", "sandal", "racer"];
const TRENDING = ["Wool socks", "Rain shell", "Trekking poles", "Head torch", "Water bottle", "Gaiters"];

const SCHEMA_FORMAT: ResponseFormat = {
  type: "json_schema",
  json_schema: {
    name: "product",
    strict: true,
    schema: {
      type: "object",
      properties: { name: { type: "string" }, price: { type: "number" }, currency: { type: "string" } },
      required: ["name", "price", "currency"],
      additionalProperties: false,
    },
  },
};
const SCHEMA_PROMPT = "Extract the product's name, price and currency.";
const TEXT_PROMPT = "What does this product cost?";

function productName(index: number): string {
  return `${NAMES[index % NAMES.length]} ${KINDS[Math.floor(index / NAMES.length) % KINDS.length]} ${index + 1}`;
}

/** A shop's product page: the product and its price, and parts that change on every visit. */
function productPage(index: number, price: number, visit: number): string {
  const name = productName(index);
  const trending = TRENDING[(index + visit) % TRENDING.length];
  return `<!doctype html><html lang="en"><head><title>${name} | Outdoor Shop</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/shoes">Shoes</a> <a href="/sale">Sale</a></nav></header>
  <main>
    <h1>${name}</h1>
    <p class="price">€${price}.00</p>
    <button class="add-to-cart">Add to cart</button>
    <p>The ${name} is a light shoe with a grippy sole and a breathable upper, made for long days on rough ground.</p>
    <p>It weighs ${250 + (index % 7) * 10} grams a shoe and comes in sizes 38 to 47.</p>
    <p>${((index * 7 + visit * 3) % 20) + 2} people are looking at this shoe right now.</p>
  </main>
  <aside><h2>Trending now</h2><p>${trending}, seen by ${(index * 37 + visit * 101) % 900} shoppers today.</p></aside>
  <footer><p>Page made at 2026-11-${10 + visit}T0${visit}:${String(index % 60).padStart(2, "0")}:00Z.</p></footer>
</body></html>`;
}

function serveAll(site: FixtureSite, prices: number[], visit: number) {
  for (const [index, price] of prices.entries()) {
    const page = Buffer.from(productPage(index, price, visit));
    site.serve(`/watch-bench/${index + 1}.html`, page, { "content-type": "text/html; charset=utf-8" });
  }
}

/** The visible text of a page as a page monitor without filters reads it. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

async function analyzeAll(serviceUrl: string, links: string[], prompt: string, format?: ResponseFormat) {
  const client = createApiClient({ baseUrl: serviceUrl, apiKey: BENCH_KEY });
  const records = new Map<string, AnalysisRecord>();
  let credits = 0;
  const started = performance.now();
  for (let start = 0; start < links.length; start += PER_REQUEST) {
    const chunk = links.slice(start, start + PER_REQUEST);
    const response = await client.analyzeLinks({
      link: chunk,
      prompt,
      temperature: 0,
      ...(format && { responseFormat: format }),
    });
    credits += response.costCredits;
    response.results.forEach((result, index) => void records.set(chunk[index] as string, result));
  }
  return { records, credits, seconds: (performance.now() - started) / 1000 };
}

interface Tally {
  found: number;
  falseReports: number;
}

function tally(flagged: (index: number) => boolean, changed: ReadonlySet<number>): Tally {
  let found = 0;
  let falseReports = 0;
  for (let index = 0; index < PAGES; index++) {
    if (!flagged(index)) continue;
    if (changed.has(index)) found++;
    else falseReports++;
  }
  return { found, falseReports };
}

async function main() {
  const site = await startFixtureSite();
  const dataDir = mkdtempSync(join(tmpdir(), "linklens-bench-watches-"));
  const service = await startServiceProcess(dataDir, site.caFile);
  try {
    await service.warmedUp;
    const links = Array.from({ length: PAGES }, (_, index) => site.url(`/watch-bench/${index + 1}.html`));
    const before = Array.from({ length: PAGES }, (_, index) => 40 + ((index * 13) % 160));
    // Every 20th page's price changes: 10 of 200.
    const changed = new Set(Array.from({ length: CHANGED }, (_, n) => n * (PAGES / CHANGED) + 3));
    const after = before.map((price, index) => (changed.has(index) ? price - 15 : price));

    serveAll(site, before, 1);
    const html1 = links.map((_, index) => productPage(index, before[index] as number, 1));
    const schema1 = await analyzeAll(service.url, links, SCHEMA_PROMPT, SCHEMA_FORMAT);
    const text1 = await analyzeAll(service.url, links, TEXT_PROMPT);

    serveAll(site, after, 2);
    const html2 = links.map((_, index) => productPage(index, after[index] as number, 2));
    const schema2 = await analyzeAll(service.url, links, SCHEMA_PROMPT, SCHEMA_FORMAT);
    const text2 = await analyzeAll(service.url, links, TEXT_PROMPT);

    const answerOf = (record: AnalysisRecord | undefined) => ({
      textContent: record?.textContent,
      jsonContent: record?.jsonContent,
      pageText: record?.analysis?.text,
    });
    const compared = (first: typeof schema1, second: typeof schema1) => (index: number) =>
      answerChanges(
        answerOf(first.records.get(links[index] as string)),
        answerOf(second.records.get(links[index] as string)),
      );
    const schemaChanges = compared(schema1, schema2);
    const textChanges = compared(text1, text2);
    const schemaFields = [...changed].map((index) =>
      schemaChanges(index)
        .fields.map((f) => `${f.before}→${f.after}`)
        .join(" "),
    );

    const rows: [string, Tally, string][] = [
      [
        "Linklens watch, schema (name, price, currency)",
        tally((i) => schemaChanges(i).changed, changed),
        `${schema2.credits} credits, ${schema2.seconds.toFixed(1)} s`,
      ],
      [
        "Linklens watch, text prompt",
        tally((i) => textChanges(i).changed, changed),
        `${text2.credits} credits, ${text2.seconds.toFixed(1)} s`,
      ],
      [
        "the service's extracted page text compared",
        tally((i) => schemaChanges(i).pageChanged, changed),
        '(Linklens: "the page\'s own text changed")',
      ],
      [
        "whole visible text compared (page monitors' default)",
        tally((i) => {
          const diff = sentenceChanges(visibleText(html1[i] as string), visibleText(html2[i] as string));
          return diff.added.length + diff.removed.length > 0;
        }, changed),
        "changedetection.io without filters",
      ],
    ];
    console.log(
      `\n${PAGES} watched pages, ${CHANGED} with a new price; every page's rotating parts changed\n`,
    );
    printTable([
      ["", `changes found (of ${CHANGED})`, `reported, unchanged (of ${PAGES - CHANGED})`, "a run"],
      ...rows.map(([name, { found, falseReports }, note]) => [
        name,
        String(found),
        String(falseReports),
        note,
      ]),
    ]);
    console.log(`\nThe schema watch's changed fields: ${schemaFields.join("; ")}`);
    const missed = rows[0]?.[1].found !== CHANGED || rows[0]?.[1].falseReports !== 0;
    const textMissed = rows[1]?.[1].found !== CHANGED || rows[1]?.[1].falseReports !== 0;
    console.log(
      `Aim: every change found, none reported where the answer is the same: ${missed || textMissed ? "MISSED" : "met"}`,
    );
  } finally {
    await service.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
