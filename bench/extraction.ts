/**
 * `npm run bench:extraction`: our page extraction (`extractPage`, linkedom), the same after rendering the
 * page in Chromium, and the reference, jsdom + Mozilla Readability, in one run on two sets of real pages:
 * - tuned on: the article pages (`loadArticlePages()`), with their known title, author and date;
 * - held out: the Readability test pages of ../shared/testdata/readability-pages that are not among
 *   them, never used to tune the extractor;
 * - authored news pages (tests/fixtures/news-pages): news and blog pages written for this project, with
 *   the boilerplate Readability keeps on real news sites and the article text a reader reads;
 * - the article benchmark: the tuning half of Zyte's article-extraction-benchmark, scored with its own
 *   metric (bench/article-benchmark-score.ts) beside the published predictions of other extractors.
 * The first three score the main text by word-shingle precision, recall and F1 (bench/shingle-f1.ts)
 * against the expected article, mean over pages. Time per page from HTML string to result: static
 * extraction and Readability over `BENCH_ROUNDS` rounds after the scored one (default 2), rendering over
 * the scored one (not on the article benchmark, whose 91 pages would take minutes in Chromium).
 * `BENCH_RENDER=0` leaves rendering out; `BENCH_VERBOSE=1` lists the pages ours scores below 0.95 (on the
 * article benchmark: every such page, with what we kept and missed); `BENCH_SECTIONS=benchmark,metadata`
 * runs only the named ones of `tuned`, `held-out`, `news`, `benchmark` and `metadata`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import { parseHTML } from "linkedom";
import { extractPage } from "../server/pages/extract-page";
import { createPageRenderer, findChromium, type PageRenderer } from "../server/pages/render-page";
import { PageFailure } from "../server/pages/types";
import {
  ARTICLE_PAGE_URL,
  type ArticlePage,
  type Extracted,
  extractWithOurs,
  type FieldTally,
  loadArticlePages,
  scorePage,
  share,
  summarize,
} from "../tests/fixtures/article-corpus";
import { loadNewsPages } from "../tests/fixtures/news-pages";
import { sharedTestdata } from "../tests/helpers/shared-testdata";
import { loadArticleBenchmark } from "./article-benchmark";
import { printArticleBenchmark } from "./article-benchmark-section";
import { printTable } from "./print-table";
import { meanScore, SHINGLE, shingleScore, type TextScore } from "./shingle-f1";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VERBOSE = process.env.BENCH_VERBOSE === "1";
const RENDER = process.env.BENCH_RENDER !== "0";
const SECTIONS = new Set(
  (process.env.BENCH_SECTIONS ?? "tuned,held-out,news,benchmark,metadata")
    .split(",")
    .map((name) => name.trim()),
);

interface BenchPage {
  name: string;
  html: string;
  expectedText: string;
  /** The address the page was fetched from, where known. */
  url?: string;
}

/** jsdom reports every stylesheet it cannot parse; none of that matters here. */
const quietConsole = new VirtualConsole();

function readability(html: string, url = ARTICLE_PAGE_URL): Extracted {
  let dom: JSDOM | undefined;
  try {
    dom = new JSDOM(html, { url, virtualConsole: quietConsole });
    const article = new Readability(dom.window.document).parse();
    return {
      title: article?.title,
      author: article?.byline,
      date: article?.publishedTime,
      text: article?.textContent ?? "",
    };
  } catch {
    // jsdom throws on some stylesheets of real pages: that page reads as nothing.
    return { text: "" };
  } finally {
    dom?.window.close();
  }
}

const textOfHtml = (fragment: string) =>
  parseHTML(`<!doctype html><html><body>${fragment}</body></html>`).document.body.textContent ?? "";

/** The held-out pages: Readability's test pages not among the article pages. */
function loadHeldOutPages(tuned: Set<string>): BenchPage[] {
  const dir = sharedTestdata("readability-pages");
  if (!dir) return [];
  const gunzip = (name: string, file: string) =>
    gunzipSync(readFileSync(join(dir, name, file))).toString("utf8");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !tuned.has(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      html: gunzip(name, "source.html.gz"),
      expectedText: textOfHtml(gunzip(name, "expected.html.gz")),
    }));
}

const oursOn = (page: BenchPage) =>
  extractPage({ url: page.url ?? ARTICLE_PAGE_URL, contentType: "text/html", body: page.html }).analysis.text;

interface Run {
  label: string;
  texts: string[];
  scores: TextScore[];
  msPerPage: number;
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

/**
 * Scores static extraction and Readability on a first (warm-up) round, then times `ROUNDS` more, the two
 * taking turns page by page so that other load on the machine weighs on both alike.
 */
function runStatic(pages: BenchPage[]): [Run, Run] {
  const extractors = [
    { label: "ours", extract: oursOn },
    { label: "jsdom + Readability", extract: (page: BenchPage) => readability(page.html, page.url).text },
  ];
  const texts = extractors.map(({ extract }) => pages.map((page) => extract(page)));
  const elapsed = extractors.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      extractors.forEach(({ extract }, index) => {
        elapsed[index] = (elapsed[index] ?? 0) + timed(() => extract(page)).ms;
      });
    }
  }
  const runs = extractors.map(({ label }, index): Run => {
    const found = texts[index] ?? [];
    return {
      label,
      texts: found,
      scores: pages.map((page, at) => shingleScore(found[at] ?? "", page.expectedText)),
      msPerPage: (elapsed[index] ?? 0) / Math.max(1, ROUNDS * pages.length),
    };
  });
  return runs as [Run, Run];
}

/** Each page rendered in Chromium (offline: it loads nothing but the page), then extracted as ours. */
async function runRendered(renderer: PageRenderer, pages: BenchPage[]): Promise<Run> {
  const texts: string[] = [];
  let elapsed = 0;
  for (const page of pages) {
    const started = performance.now();
    try {
      const rendered = await renderer.render(
        { url: ARTICLE_PAGE_URL, contentType: "text/html", body: page.html },
        AbortSignal.timeout(20_000),
      );
      texts.push(extractPage(rendered).analysis.text);
    } catch (error) {
      if (!(error instanceof PageFailure)) throw error;
      texts.push(extractWithOurs(page.html).text);
    }
    elapsed += performance.now() - started;
  }
  return {
    label: "ours, rendered",
    texts,
    scores: pages.map((page, at) => shingleScore(texts[at] ?? "", page.expectedText)),
    msPerPage: elapsed / Math.max(1, pages.length),
  };
}

function printTextTable(title: string, pages: BenchPage[], runs: Run[]): void {
  console.log(`\n${title}: ${pages.length} pages, text scored by ${SHINGLE}-word shingles (mean per page)\n`);
  const reference = runs.find((run) => run.label === "jsdom + Readability");
  printTable([
    ["", "precision", "recall", "F1", "ms per page", "time / Readability"],
    ...runs.map((run) => {
      const mean = meanScore(run.scores);
      return [
        run.label,
        mean.precision.toFixed(4),
        mean.recall.toFixed(4),
        mean.f1.toFixed(4),
        run.msPerPage.toFixed(1),
        reference ? (run.msPerPage / reference.msPerPage).toFixed(2) : "",
      ];
    }),
  ]);
  if (!VERBOSE) return;
  const ours = runs[0];
  pages.forEach((page, index) => {
    const score = ours?.scores[index];
    if (score && score.f1 < 0.95) {
      console.log(`  ${page.name}: P ${score.precision.toFixed(3)} R ${score.recall.toFixed(3)}`);
    }
  });
}

const percent = (tally: FieldTally) => `${tally.right}/${tally.of} (${Math.round(share(tally) * 100)}%)`;

function printMetadataTable(pages: ArticlePage[]): void {
  const ours = summarize(pages.map((page) => scorePage(page, extractWithOurs(page.html))));
  const reference = summarize(pages.map((page) => scorePage(page, readability(page.html))));
  console.log(`\nMetadata on the ${pages.length} article pages\n`);
  printTable([
    ["", "ours", "jsdom + Readability"],
    ...(["title", "author", "date"] as const).map((field) => [
      `${field} right`,
      percent(ours[field]),
      percent(reference[field]),
    ]),
  ]);
}

const articlePages = loadArticlePages();
const tuned: BenchPage[] = articlePages.map((page) => ({
  name: page.name,
  html: page.html,
  expectedText: page.expected.text,
}));
const heldOut = loadHeldOutPages(new Set(articlePages.map((page) => page.name)));
const benchmarkDir = SECTIONS.has("benchmark") ? sharedTestdata("article-benchmark") : undefined;
const benchmark = benchmarkDir ? loadArticleBenchmark(benchmarkDir) : undefined;
const chromium = RENDER ? findChromium() : undefined;
const renderer = chromium
  ? createPageRenderer({ executablePath: chromium, fetchResource: refuseAll, log: () => {}, concurrency: 1 })
  : undefined;
if (RENDER && !chromium) console.log("No Chromium found: the rendered rows are left out.");

async function refuseAll(): Promise<never> {
  throw new Error("the bench renders offline");
}

try {
  console.log(`Extraction: static rounds ${ROUNDS}${renderer ? ", rendered once" : ""}`);
  for (const [section, title, pages] of [
    ["tuned", "Tuned on (article pages)", tuned],
    ["held-out", "Held out (Readability test pages not among them)", heldOut],
    ["news", "Authored news pages (tests/fixtures/news-pages)", loadNewsPages()],
  ] as const) {
    if (!SECTIONS.has(section)) continue;
    const [ours, reference] = runStatic(pages);
    const runs = [ours, ...(renderer ? [await runRendered(renderer, pages)] : []), reference];
    printTextTable(title, pages, runs);
  }
  if (benchmark) {
    const pages = benchmark.pages.map((page) => ({
      name: page.id,
      url: page.url,
      html: page.html,
      expectedText: page.articleBody,
    }));
    const [ours, reference] = runStatic(pages);
    printTextTable("Article benchmark (tuning half)", pages, [ours, reference]);
    printArticleBenchmark(benchmark, ours.texts, reference.texts, VERBOSE);
  }
  if (SECTIONS.has("metadata")) printMetadataTable(articlePages);
} finally {
  await renderer?.close();
}
