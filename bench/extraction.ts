/**
 * `npm run bench:extraction`: our page extraction (`extractPage`, linkedom) against the reference,
 * jsdom + Mozilla Readability, on the real article pages of tests/fixtures/article-pages (Readability's
 * test pages with their known metadata and article text). For each: title, author and date right where
 * the page has one, the mean token F1 of the main text against the expected article, and the time per
 * page from HTML string to result (mean over `BENCH_ROUNDS` rounds after the scored one, default 2).
 * `BENCH_VERBOSE=1` lists every field ours gets wrong.
 */
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import {
  ARTICLE_PAGE_URL,
  type ArticlePage,
  type CorpusSummary,
  type Extracted,
  extractWithOurs,
  type FieldTally,
  loadArticlePages,
  type PageScore,
  scorePage,
  share,
  summarize,
} from "../tests/fixtures/article-corpus";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const VERBOSE = process.env.BENCH_VERBOSE === "1";

type Extractor = (html: string) => Extracted;

/** jsdom reports every stylesheet it cannot parse; none of that matters here. */
const quietConsole = new VirtualConsole();

const readability: Extractor = (html) => {
  const dom = new JSDOM(html, { url: ARTICLE_PAGE_URL, virtualConsole: quietConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return {
      title: article?.title,
      author: article?.byline,
      date: article?.publishedTime,
      text: article?.textContent ?? "",
    };
  } finally {
    dom.window.close();
  }
};

interface Run {
  results: Extracted[];
  summary: CorpusSummary;
  scores: PageScore[];
  msPerPage: number;
}

/**
 * Scores each extractor on a first (warm-up) round, then times `ROUNDS` more, the extractors taking turns
 * page by page so that other load on the machine weighs on both alike.
 */
function runAll(extractors: Extractor[], pages: ArticlePage[]): Run[] {
  const results = extractors.map((extract) => pages.map((page) => extract(page.html)));
  const elapsed = extractors.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      extractors.forEach((extract, index) => {
        const started = performance.now();
        extract(page.html);
        elapsed[index] = (elapsed[index] ?? 0) + performance.now() - started;
      });
    }
  }
  return extractors.map((_, index) => {
    const found = results[index] ?? [];
    const scores = pages.map((page, at) => scorePage(page, found[at] ?? { text: "" }));
    const msPerPage = (elapsed[index] ?? 0) / (ROUNDS * pages.length);
    return { results: found, scores, summary: summarize(scores), msPerPage };
  });
}

const percent = (tally: FieldTally) => `${tally.right}/${tally.of} (${Math.round(share(tally) * 100)}%)`;

function printTable(oursRun: Run, reference: Run): void {
  const rows: [string, string, string, string][] = [
    ["", "ours", "jsdom + Readability", "ours / Readability"],
    ...(["title", "author", "date"] as const).map((field): [string, string, string, string] => [
      `${field} right`,
      percent(oursRun.summary[field]),
      percent(reference.summary[field]),
      (share(oursRun.summary[field]) / share(reference.summary[field])).toFixed(2),
    ]),
    [
      "text F1 (mean)",
      oursRun.summary.textF1.toFixed(3),
      reference.summary.textF1.toFixed(3),
      (oursRun.summary.textF1 / reference.summary.textF1).toFixed(2),
    ],
    [
      "ms per page (mean)",
      oursRun.msPerPage.toFixed(1),
      reference.msPerPage.toFixed(1),
      (oursRun.msPerPage / reference.msPerPage).toFixed(2),
    ],
  ];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("   "));
}

function printMisses(pages: ArticlePage[], oursRun: Run): void {
  pages.forEach((page, index) => {
    const score = oursRun.scores[index];
    const found = oursRun.results[index];
    if (!score || !found) return;
    const misses = [
      !score.title && `title ${JSON.stringify(found.title)} ≠ ${JSON.stringify(page.expected.title)}`,
      score.author === false &&
        `author ${JSON.stringify(found.author)} ≠ ${JSON.stringify(page.expected.author)}`,
      score.date === false && `date ${JSON.stringify(found.date)} ≠ ${JSON.stringify(page.expected.date)}`,
      score.textF1 < 0.9 && `text F1 ${score.textF1.toFixed(2)}`,
    ].filter(Boolean);
    if (misses.length > 0) console.log(`  ${page.name}: ${misses.join("; ")}`);
  });
}

const pages = loadArticlePages();
console.log(`Extraction on ${pages.length} article pages (tests/fixtures/article-pages), ${ROUNDS} rounds\n`);
const [oursRun, reference] = runAll([extractWithOurs, readability], pages);
if (!oursRun || !reference) throw new Error("unreachable");
printTable(oursRun, reference);
if (VERBOSE) {
  console.log("\nWhere ours differs from the expected metadata:");
  printMisses(pages, oursRun);
}
