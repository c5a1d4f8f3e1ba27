/**
 * The offline generator's answers to our question sets (tests/fixtures/answers), printed by
 * `npm run bench:answers` beside a plain BM25 sentence ranker cut to the same length, in the same run:
 * for factual and yes/no questions about a page's content, how often the answer contains a known answer,
 * its median length, how often the known answer ends within its first 30 and 60 words, and how often a
 * sentence after the first is unrelated (shares no key term, continues nothing: follow-on.ts), on the split
 * we tune on and on each held-out set we never tune on (news pages; our own encyclopedia, documentation
 * and product pages), and how often a factual answer's emphasized span is a known answer. Then how the
 * other intents fare: questions about the page, summaries in page order, lists of the size asked.
 * Held-out figures are printed only in aggregate: reading its answers one by one would end its use as
 * held out (docs/generation.md), so neither its misread intents nor its answers are ever printed.
 */
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../server/generate/extractive";
import { readPrompt } from "../server/generate/text/prompt";
import {
  answerEndsAfter,
  bm25Answer,
  emphasisIsAnswer,
  hasUnrelatedTrailing,
  type LoadedQuestion,
  loadQuestions,
  normalized,
  wordsOf,
} from "../tests/fixtures/answers/question-sets";

interface Row {
  contains: number;
  containsRaw: number;
  words: number[];
  within30: number;
  within60: number;
  /** Answers with an unrelated trailing sentence. */
  unrelated: number;
  of: number;
  /** Factual answers with an emphasized span, and those whose span is (part of) a known answer. */
  emphasized: number;
  emphasisRight: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const percent = (part: number, of: number) => `${((100 * part) / Math.max(1, of)).toFixed(1)}%`;
const emptyRow = (): Row => ({
  contains: 0,
  containsRaw: 0,
  words: [],
  within30: 0,
  within60: 0,
  unrelated: 0,
  of: 0,
  emphasized: 0,
  emphasisRight: 0,
});
type OtherIntent = "page" | "summary" | "list" | "extraction";
/** Right and asked, per intent that is neither factual nor yes/no. */
const emptyOther = (): Record<OtherIntent, [number, number]> => ({
  page: [0, 0],
  summary: [0, 0],
  list: [0, 0],
  extraction: [0, 0],
});

async function score(row: Row, question: LoadedQuestion, text: string, answers: string[]): Promise<void> {
  row.of++;
  if (await hasUnrelatedTrailing(question.extracted, question.prompt, text)) row.unrelated++;
  const emphasis = emphasisIsAnswer(text, answers);
  if (question.intent === "factual" && emphasis !== undefined) {
    row.emphasized++;
    if (emphasis) row.emphasisRight++;
  }
  row.words.push(wordsOf(text));
  const end = answerEndsAfter(text, answers);
  if (end === undefined) return;
  row.contains++;
  if (answers.some((answer) => text.toLowerCase().includes(answer.toLowerCase()))) row.containsRaw++;
  if (end <= 30) row.within30++;
  if (end <= 60) row.within60++;
}

/** Each sentence of `answer` found in the page text after the previous one. */
function inPageOrder(answer: string, pageText: string): boolean {
  const page = normalized(pageText);
  let from = 0;
  for (const part of answer.split(/\n+/).flatMap((line) => line.replace(/^- /, "").split(/(?<=[.!?])\s+/))) {
    const piece = normalized(part).replace(/…/g, "").slice(0, 40);
    if (piece.length < 8) continue;
    const at = page.indexOf(piece, from);
    if (at < 0) return false;
    from = at;
  }
  return true;
}

/** The rows the factual figures are printed in: the tuning split, then each held-out set apart. */
const GROUPS = ["tune", "held-out", "held-out reference"] as const;
type Group = (typeof GROUPS)[number];
const groupOf = (question: LoadedQuestion): Group =>
  question.split === "tune"
    ? "tune"
    : question.set === "held-out-reference-pages"
      ? "held-out reference"
      : "held-out";
const GROUP_PAGES: Record<Group, string> = {
  tune: "",
  "held-out": " (news pages)",
  "held-out reference": " (encyclopedia, documentation and product pages)",
};

async function main(): Promise<void> {
  await warmUpExtractiveGenerator();
  const generator = createExtractiveGenerator();
  const questions = loadQuestions();
  const splits = ["tune", "held-out"] as const;
  const ours = Object.fromEntries(GROUPS.map((group) => [group, emptyRow()])) as Record<Group, Row>;
  const baseline = Object.fromEntries(GROUPS.map((group) => [group, emptyRow()])) as Record<Group, Row>;
  const intents = { tune: { right: 0, of: 0 }, "held-out": { right: 0, of: 0 }, wrong: [] as string[] };
  const others = { tune: emptyOther(), "held-out": emptyOther() };
  const samples: Array<{ question: LoadedQuestion; answer: string }> = [];

  for (const question of questions) {
    const { prompt, extracted: page } = question;
    const answer = await generator.generateText({ prompt, temperature: 0, page });
    const kind = (readPrompt(prompt) as { kind?: string }).kind;
    if (kind !== undefined) {
      intents[question.split].of++;
      if (kind === question.intent) intents[question.split].right++;
      else if (question.split === "tune")
        intents.wrong.push(`${question.prompt} → ${kind} (expected ${question.intent})`);
    }
    const answers = question.answers ?? [];
    const other = others[question.split];
    if (question.about === "page") {
      other.page[1]++;
      if (answers.every((known) => answerEndsAfter(answer, [known]) !== undefined)) other.page[0]++;
      if (question.split === "tune") samples.push({ question, answer });
      continue;
    }
    if (question.intent === "factual" || question.intent === "yesno") {
      await score(ours[groupOf(question)], question, answer, answers);
      await score(
        baseline[groupOf(question)],
        question,
        await bm25Answer(page, prompt, wordsOf(answer)),
        answers,
      );
      if (samples.length < 12 && question.set === "article-pages" && samples.length % 2 === 0)
        samples.push({ question, answer });
      continue;
    }
    const tally = other[question.intent];
    tally[1]++;
    const bullets = answer.split("\n").filter((line) => line.startsWith("- ")).length;
    const fine =
      question.intent === "list"
        ? bullets === question.count
        : question.intent === "summary"
          ? inPageOrder(answer, page.analysis.text) && answerEndsAfter(answer, answers) !== undefined
          : answerEndsAfter(answer, answers) !== undefined;
    if (fine) tally[0]++;
  }

  const line = (split: string, name: string, row: Row) =>
    `| ${split} (${row.of}) | ${name} | ${percent(row.contains, row.of)} | ${percent(row.containsRaw, row.of)} | ${median(row.words)} | ${percent(row.within30, row.of)} | ${percent(row.within60, row.of)} | ${percent(row.of - row.unrelated, row.of)} |`;
  for (const group of GROUPS) {
    const factual = questions.filter(
      (q) => groupOf(q) === group && !q.about && (q.intent === "factual" || q.intent === "yesno"),
    );
    console.log(
      `${group}: ${factual.length} factual and yes/no questions over ${new Set(factual.map((q) => q.page)).size} pages${GROUP_PAGES[group]}`,
    );
  }
  console.log(
    "| split (questions) | system | contains the answer | same, Markdown kept | median words | within the first 30 words | within 60 | no unrelated trailing sentence |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const group of GROUPS) {
    if (ours[group].of === 0) continue;
    console.log(line(group, "ours", ours[group]));
    console.log(line(group, "BM25 sentences, best first, same length", baseline[group]));
  }
  console.log("");
  const bySplit = (tally: (split: (typeof splits)[number]) => [number, number]) =>
    splits.map((split) => `${split} ${tally(split)[0]}/${tally(split)[1]}`).join(", ");
  const emphasis = GROUPS.filter((group) => ours[group].of > 0).map(
    (group) => `${group} ${ours[group].emphasisRight}/${ours[group].emphasized}`,
  );
  console.log(`factual answers whose emphasized span is a known answer: ${emphasis.join(", ")}`);
  console.log(`intent read right: ${bySplit((split) => [intents[split].right, intents[split].of])}`);
  for (const wrong of intents.wrong) console.log(`  ${wrong}`);
  console.log(
    `questions about the page answered (every known part): ${bySplit((split) => others[split].page)}`,
  );
  console.log(`summaries in page order with the key word: ${bySplit((split) => others[split].summary)}`);
  console.log(`lists with the number of bullets asked: ${bySplit((split) => others[split].list)}`);
  console.log(`extractions holding a known item: ${bySplit((split) => others[split].extraction)}`);
  if (process.argv.includes("--samples")) {
    for (const { question, answer } of samples)
      console.log(`\n### ${question.prompt} (${question.page})\n${answer}`);
  }
}

await main();
