/**
 * Summary, TL;DR, main argument and "explain it to a beginner": the sentences that carry the page, as many
 * as asked. News and blog pages put their gist first (the inverted pyramid), and no ranking we tried
 * beat the first sentences against a publisher's description in ROUGE (docs/generation.md), so the gist
 * is the page's first sentences that can carry it (carrying-sentences.ts: no byline, caption, promotion or
 * markup); an argument or an explanation moves the sentences that argue or define forward.
 */
import { escapeMarkdownLineStart, keepWhole, toParagraphs } from "../answer-format";
import { weightsFor } from "../answer-sentences";
import { asStatement, carryingSentences, standsAlone } from "../carrying-sentences";
import type { PageSentence } from "../page-model";
import type { TaskKind } from "../prompt-kinds";
import { pickSentences, type RankedSentence, rankSentences } from "../ranking";
import type { TaskContext } from "./context";

/** Sentences when the prompt does not say how many: a TL;DR is one line, an argument one or two. */
const DEFAULT_COUNTS: Partial<Record<TaskKind, number>> = {
  tldr: 1,
  "main-argument": 2,
  explain: 3,
};
/** An argument is a claim: sentences that argue come first after the lead. */
const ARGUING_BONUS = 0.6;
/** Above temperature 0, how many places a sentence may move up or down (times the temperature). */
const LEAD_JITTER = 3;
const ARGUING =
  /\b(?:should|must|need(?:s)?\s+to|ought|have\s+to|has\s+to|cannot|can't|it\s+is\s+(?:time|clear|wrong|right)|argues?|believes?|the\s+(?:problem|point|truth|answer|lesson)\s+is|we\s+(?:need|must)|i\s+(?:think|believe|argue))\b/iu;
/** A beginner is helped by what a thing is: "X is a …", "X are …", "which means …". */
const DEFINING =
  /^[^,;]{2,60}\b(?:is|are|was|were)\s+(?:a|an|the)\b|\b(?:means|refers\s+to|is\s+called|known\s+as)\b/iu;
const DEFINING_BONUS = 0.4;

/**
 * The sentences of a gist, in page order. With no subject: the first sentences that can carry the page,
 * in order (above temperature 0, a seeded jitter of a few places), one of them at most a quotation alone,
 * the first one standing alone; for an argument or an explanation, the lead and then the sentences that
 * argue or define. With a subject: the sentences ranked for it.
 */
export function gistSentences(
  context: TaskContext,
  count: number,
  kind: TaskKind = "summary",
): PageSentence[] {
  const { model, page, facts, subjectTerms, temperature, random } = context;
  const carrying = carryingSentences(model, page.analysis.title);
  if (subjectTerms.length > 0) {
    const pool = new Set(carrying);
    const ranked = rankSentences(model, weightsFor(page, model, facts.intent, subjectTerms), {
      temperature,
      random,
    });
    return fill(
      pickSentences(
        ranked.filter(({ sentence }) => pool.has(sentence)),
        count,
      ),
      model.sentences,
      count,
    );
  }
  const lead = carrying.find(standsAlone) ?? carrying[0];
  const after = carrying.filter((sentence) => sentence !== lead && sentence.index > (lead?.index ?? -1));
  const jitter = (position: number) => position + (random ? temperature * LEAD_JITTER * random() : 0);
  const ordered: RankedSentence[] = after.map((sentence, position) => ({
    sentence,
    score: -jitter(position) * (bonusFor(sentence, kind) > 1 ? 0.2 : 1),
    match: 0,
  }));
  ordered.sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
  const first: RankedSentence[] = lead ? [{ sentence: lead, score: Number.POSITIVE_INFINITY, match: 0 }] : [];
  return fill(pickSentences([...first, ...ordered], count), carrying, count);
}

/** `picked` topped up to `count` from `more` in page order (a short page still gets what it has). */
function fill(picked: PageSentence[], more: readonly PageSentence[], count: number): PageSentence[] {
  if (picked.length >= count) return picked;
  const taken = new Set(picked);
  const extra = more.filter((sentence) => !taken.has(sentence)).slice(0, count - picked.length);
  return [...picked, ...extra].sort((a, b) => a.index - b.index);
}

function bonusFor(sentence: PageSentence, kind: TaskKind): number {
  if (kind === "main-argument" && ARGUING.test(sentence.text)) return 1 + ARGUING_BONUS;
  if (kind === "explain" && DEFINING.test(sentence.text)) return 1 + DEFINING_BONUS;
  return 1;
}

/** The gist as one or two paragraphs. */
export function answerGist(context: TaskContext): string {
  const { task, facts, model } = context;
  const count = task.count ?? DEFAULT_COUNTS[task.kind] ?? facts.intent.sentenceCount;
  const terms = new Set(context.subjectTerms);
  const chosen = gistSentences(context, count, task.kind).map((sentence) => ({
    sentence,
    text: escapeMarkdownLineStart(asStatement(keepWhole(sentence.text, terms, model.language))),
  }));
  return toParagraphs(chosen).join("\n\n");
}
