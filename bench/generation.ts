/**
 * The page pipeline's speed, printed by `npm run bench:server`: extracting an 80 KB article, term
 * extraction throughput, and the time to answer a prompt over a 50 KB page (a new page each time, so no
 * cached sentence model helps).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../server/generate/extractive";
import { contentTerms } from "../server/generate/text/terms";
import { extractPage } from "../server/pages/extract-page";
import { frenchPage, largePage, newsPage } from "../tests/server/helpers/sample-pages";

const PROMPTS = [
  "inflation",
  "WebAssembly debugging",
  "mortgage rates",
  "toolchain",
  "markets",
  "jury",
  "prices",
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function measureExtraction(): void {
  const article = readFileSync(
    resolve(import.meta.dirname, "../tests/fixtures/site/news/article.html"),
    "utf8",
  );
  const story = article.slice(article.indexOf("<p>The Riverside"), article.indexOf("</article>"));
  let body = article;
  while (body.length < 80_000)
    body = body.replace("</article>", `<section><h2>More</h2>${story}</section></article>`);
  const page = { url: "https://localhost/news/article.html", contentType: "text/html" as const, body };
  for (let warmUp = 0; warmUp < 5; warmUp++) extractPage(page);
  const runs = 20;
  const started = performance.now();
  for (let run = 0; run < runs; run++) extractPage(page);
  console.log(
    `extraction, ${Math.round(body.length / 1024)} KB article: ${((performance.now() - started) / runs).toFixed(1)} ms a page`,
  );
}

export async function measureGeneration(): Promise<void> {
  measureExtraction();
  await warmUpExtractiveGenerator();
  const paragraph = `${newsPage.analysis.text}\n${frenchPage.analysis.text}\n`;
  const sample = paragraph.repeat(Math.ceil(5_000_000 / paragraph.length));
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    contentTerms(sample);
    fastest = Math.min(fastest, (performance.now() - started) / 1000);
  }
  console.log(`term extraction: ${(sample.length / 1_000_000 / fastest).toFixed(1)} MB/s (best of 3, 5 MB)`);

  const generator = createExtractiveGenerator();
  for (let variant = 0; variant < 3; variant++) {
    await generator.generateText({ prompt: "warm up", temperature: 0, page: largePage(50_000, variant) });
  }
  const timings: number[] = [];
  for (const [index, prompt] of PROMPTS.entries()) {
    const page = largePage(50_000, 10 + index);
    const started = performance.now();
    await generator.generateText({ prompt: `What does it say about ${prompt}?`, temperature: 0, page });
    timings.push(performance.now() - started);
  }
  console.log(
    `extractive text, 50 KB page: median ${median(timings).toFixed(1)} ms over ${timings.length} prompts`,
  );
}
