/**
 * `npm run bench:prompts`: the ten kinds of instruction (prompt-set.ts: the tuning prompts and our
 * paraphrases) over the tuning pages of ../shared/testdata/article-benchmark, asked of the service over
 * HTTP, the pages served from a local HTTPS site without their publisher's description (prompt-pages.ts).
 * Prints, per kind, how many answers pass the rubric (prompt-rubric.ts) with the tuning prompt and with the
 * paraphrases; ROUGE-1 of summaries, TL;DRs and key points against the description beside Lead-N and
 * TextRank (summary-baselines.ts); and how many answers say the page does not mention a word of the task.
 * `--samples N` prints N failing answers of each kind.
 */
import { parseArgs } from "node:util";
import type { AnalyzeResponse, ErrorBody } from "../lib/api/contract";
import { normalizeLink } from "../lib/links/link-check";
import { type ServiceProcess, startServiceProcess } from "../tests/helpers/service-process";
import { sharedTestdata } from "../tests/helpers/shared-testdata";
import { printTable } from "./print-table";
import { startProductPagesSite } from "./product-pages-site";
import { loadPromptPages, type PromptPage } from "./prompt-pages";
import { type RubricPage, rubricFailure } from "./prompt-rubric";
import { BENCH_PROMPTS, type BenchKind, type BenchPrompt } from "./prompt-set";
import { leadN, rouge1, textRank } from "./summary-baselines";

const KEY = "bench-prompts";
const LINKS_PER_REQUEST = 20;
const REQUESTS_AT_ONCE = 2;
/** The kinds whose answers are summaries of the page, scored in ROUGE-1 against its description. */
const SUMMARY_KINDS: ReadonlySet<BenchKind> = new Set(["summary", "tldr", "key-points"]);

interface Answer {
  text: string;
  page: RubricPage;
}

/** One POST /v1/links: each link's answer and extracted page, undefined for a failed link. */
async function analyze(
  service: ServiceProcess,
  links: string[],
  prompt: string,
): Promise<(Answer | undefined)[]> {
  const response = await fetch(`${service.url}/v1/links`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": KEY },
    body: JSON.stringify({ link: links, prompt, temperature: 0 }),
  });
  const body = (await response.json()) as AnalyzeResponse | ErrorBody;
  if ("error" in body) return links.map(() => undefined);
  const failed = new Set((body.failures ?? []).map((failure) => normalizeLink(failure.link)));
  const results = [...body.results];
  return links.map((link) => {
    if (failed.has(normalizeLink(link))) return undefined;
    const result = results.shift();
    if (!result) return undefined;
    return {
      text: result.textContent ?? "",
      page: { title: result.analysis.title ?? "", text: result.analysis.text ?? "" },
    };
  });
}

async function askAll(
  service: ServiceProcess,
  links: string[],
  prompt: string,
): Promise<(Answer | undefined)[]> {
  const batches: string[][] = [];
  for (let at = 0; at < links.length; at += LINKS_PER_REQUEST)
    batches.push(links.slice(at, at + LINKS_PER_REQUEST));
  const answers: (Answer | undefined)[][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const at = next++;
      answers[at] = await analyze(service, batches[at] ?? [], prompt);
    }
  };
  await Promise.all(Array.from({ length: REQUESTS_AT_ONCE }, worker));
  return answers.flat();
}

interface Tally {
  passed: number;
  asked: number;
}
const percent = ({ passed, asked }: Tally) =>
  `${((100 * passed) / Math.max(1, asked)).toFixed(1)}% (${passed}/${asked})`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { samples: { type: "string", default: "0" } } });
  const samples = Number(values.samples);
  const dir = sharedTestdata("article-benchmark");
  if (!dir) {
    process.exitCode = 1;
    return;
  }
  const pages = loadPromptPages(dir);
  const site = await startProductPagesSite(pages);
  const links = pages.map((page) => site.linkOf(page));
  let service: ServiceProcess | undefined;
  try {
    service = await startServiceProcess({
      apiKeys: `${KEY}:100000000`,
      args: ["--allow-private-networks", "--ca", site.caFile, "--render", "never"],
      env: { LINKLENS_RATE_ANALYZE: "100000", LLM_BASE_URL: "", LLM_MODEL: "", LLM_API_KEY: "" },
    });
    console.log(
      `Prompt kinds over the article benchmark's tuning half: ${pages.length} pages (${pages.filter((page) => page.reference).length} with a description), ${BENCH_PROMPTS.length} prompts`,
    );
    const tallies = new Map<BenchKind, { tuning: Tally; paraphrases: Tally }>();
    const rouge = new Map<BenchKind, { ours: number[]; lead: number[]; textRank: number[] }>();
    const failures = new Map<BenchKind, string[]>();
    let notMentioned = 0;
    let answered = 0;
    for (const bench of BENCH_PROMPTS) {
      const answers = await askAll(service, links, bench.prompt);
      const tally = tallies.get(bench.kind) ?? {
        tuning: { passed: 0, asked: 0 },
        paraphrases: { passed: 0, asked: 0 },
      };
      tallies.set(bench.kind, tally);
      const row = bench.tuning ? tally.tuning : tally.paraphrases;
      for (const [index, answer] of answers.entries()) {
        row.asked++;
        if (!answer) continue;
        answered++;
        if (/does not mention/iu.test(answer.text)) notMentioned++;
        const failure = rubricFailure(bench.kind, answer.text, answer.page, bench.count);
        if (failure === undefined) row.passed++;
        else
          failures.set(bench.kind, [
            ...(failures.get(bench.kind) ?? []),
            sample(bench, pages[index], failure, answer),
          ]);
        scoreRouge(bench, pages[index], answer, rouge);
      }
    }
    printTable([
      ["kind", "tuning prompt", "paraphrases"],
      ...[...tallies].map(([kind, { tuning, paraphrases }]) => [kind, percent(tuning), percent(paraphrases)]),
    ]);
    console.log("\nROUGE-1 F1 against the publisher's description (pages that have one), all wordings:");
    printTable([
      ["kind", "ours", "Lead-N", "TextRank"],
      ...[...rouge].map(([kind, scores]) => [
        kind,
        mean(scores.ours).toFixed(3),
        mean(scores.lead).toFixed(3),
        mean(scores.textRank).toFixed(3),
      ]),
    ]);
    console.log(
      `\n"does not mention" answers (every prompt here names only a task): ${notMentioned} of ${answered}`,
    );
    if (samples > 0)
      for (const [kind, list] of failures) {
        console.log(`\n## ${kind}: ${list.length} failing`);
        for (const line of list.slice(0, samples)) console.log(line);
      }
  } finally {
    await service?.close();
    await site.close();
  }
}

function scoreRouge(
  bench: BenchPrompt,
  page: PromptPage | undefined,
  answer: Answer,
  rouge: Map<BenchKind, { ours: number[]; lead: number[]; textRank: number[] }>,
): void {
  if (!page?.reference || !SUMMARY_KINDS.has(bench.kind)) return;
  const scores = rouge.get(bench.kind) ?? { ours: [], lead: [], textRank: [] };
  rouge.set(bench.kind, scores);
  const count = bench.count ?? 1;
  scores.ours.push(rouge1(answer.text.replace(/^- /gmu, "").replace(/\*\*/g, ""), page.reference));
  scores.lead.push(rouge1(leadN(answer.page.text, count), page.reference));
  scores.textRank.push(rouge1(textRank(answer.page.text, count), page.reference));
}

function sample(bench: BenchPrompt, page: PromptPage | undefined, failure: string, answer: Answer): string {
  return `- [${page?.id.slice(0, 8)}] ${bench.prompt} → ${failure}\n    ${answer.text.slice(0, 300).replace(/\n/g, "\n    ")}`;
}

await main();
