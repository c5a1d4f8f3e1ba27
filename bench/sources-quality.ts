/**
 * How well lib/sources/find-sources.ts finds an answer's sources (`npm run bench:sources`, after the timing):
 * - on the paraphrased answer sentences we wrote (tests/fixtures/sources/paraphrases.json), precision (a source
 *   given is the passage the sentence restates) and recall (a sentence with such a passage gets it), with the
 *   sentences the page does not support counted as errors when they get a source;
 * - on the offline generator's answers to our question sets (tests/fixtures/answers), the share of answers
 *   whose every sentence gets a source that quotes it, the passages the answer came from (the generator
 *   quotes the page), and the share of their sentences that do.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findSources, indexPage, PARAPHRASE_SHARE } from "../lib/sources/find-sources";
import { foldAccents } from "../lib/text/fold-accents";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../server/generate/extractive";
import { loadQuestions } from "../tests/fixtures/answers/question-sets";
import { printTable } from "./print-table";

interface Paraphrases {
  pages: Record<string, string>;
  items: Array<{ page: string; sentence: string; passage: string | null }>;
}

const folded = (text: string) => foldAccents(text).toLowerCase().replace(/\s+/g, " ").trim();
const percent = (part: number, whole: number) =>
  whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`;

function paraphraseScores(): string[][] {
  const set = JSON.parse(
    readFileSync(join(import.meta.dirname, "../tests/fixtures/sources/paraphrases.json"), "utf8"),
  ) as Paraphrases;
  const pages = new Map(Object.entries(set.pages).map(([id, text]) => [id, indexPage(text)]));
  let given = 0;
  let right = 0;
  let supported = 0;
  const misses: string[] = [];
  for (const item of set.items) {
    const page = pages.get(item.page);
    if (!page) throw new Error(`no page ${item.page}`);
    const found = findSources(item.sentence, page);
    const passage = found.passages[found.sentences[0]?.passage ?? -1];
    if (item.passage !== null) supported++;
    if (passage) given++;
    const correct = passage && item.passage !== null && folded(passage.text).includes(folded(item.passage));
    if (correct) right++;
    else if (passage || item.passage !== null)
      misses.push(`${item.sentence} → ${passage ? passage.text : "(none)"}`);
  }
  console.log(
    `\nParaphrased sentences: ${set.items.length} (${supported} supported by their page), threshold ${PARAPHRASE_SHARE * 100}% of content words`,
  );
  for (const miss of misses) console.log(`  miss: ${miss}`);
  return [
    ["paraphrases", "precision", "recall"],
    ["find-sources", percent(right, given), percent(right, supported)],
  ];
}

async function answerScores(): Promise<string[][]> {
  await warmUpExtractiveGenerator();
  const generator = createExtractiveGenerator();
  let answers = 0;
  let allFound = 0;
  let fromPage = 0;
  let found = 0;
  let ownWords = 0;
  let ownWordsSourced = 0;
  for (const question of loadQuestions()) {
    const pageText = question.extracted.analysis.text;
    if (!pageText) continue;
    const answer = await generator.generateText({
      prompt: question.prompt,
      temperature: 0,
      page: question.extracted,
    });
    const sources = findSources(answer, indexPage(pageText));
    const page = folded(pageText);
    answers++;
    let all = true;
    for (const sentence of sources.sentences) {
      const passage = sources.passages[sentence.passage ?? -1];
      const body = folded(sentence.sentence).replace(/[.!?…:]+$/, "");
      // The generator's own words ("It was written by …", from the page's metadata) are on no passage.
      if (!page.includes(body)) {
        ownWords++;
        if (passage) ownWordsSourced++;
        continue;
      }
      fromPage++;
      if (passage && folded(passage.text).includes(body)) found++;
      else all = false;
    }
    if (all) allFound++;
  }
  console.log(
    `\nGenerator's answers: ${answers}; sentences of its own words (not on the page): ${ownWords}, given a source: ${ownWordsSourced}`,
  );
  return [
    ["generator's answers", "answers", "all quoted sentences sourced", "quoted sentences sourced"],
    [
      "find-sources",
      String(answers),
      percent(allFound, answers),
      `${percent(found, fromPage)} of ${fromPage}`,
    ],
  ];
}

printTable(paraphraseScores());
console.log("");
printTable(await answerScores());
