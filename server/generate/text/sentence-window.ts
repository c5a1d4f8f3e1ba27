/**
 * Long sentences in an answer: kept whole, or cut around the words that answer (the prompt's terms, the
 * answer's span) with an ellipsis on the side cut, never cut before them.
 */
import { forEachContentTerm } from "./terms";

export interface CharRange {
  start: number;
  end: number;
}

const WORD = /\S+/g;
/** Words of context kept before the first and after the last word that matters. */
const BEFORE = 8;
const AFTER = 14;
/** Where a cut may start or end: after a clause's punctuation. */
const CLAUSE_END = /[,;:)\]–—]$/;

/** Where each word of `text` starts and ends. */
function wordRanges(text: string): CharRange[] {
  const ranges: CharRange[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/** Character ranges of the words of `text` whose term is one of `terms`. */
export function termRanges(text: string, terms: ReadonlySet<string>, language: string): CharRange[] {
  const ranges: CharRange[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  forEachContentTerm(
    text,
    (term, word) => {
      const start = lower.indexOf(word, from);
      if (start < 0) return;
      from = start + word.length;
      if (terms.has(term)) ranges.push({ start, end: from });
    },
    language,
  );
  return ranges;
}

export const wordCount = (text: string) => text.match(WORD)?.length ?? 0;

/**
 * `text` as it is when it has at most `maxWords` words; else the part from a little before the first
 * `anchors` range to a little after the last one (widened to clause boundaries), with "…" where it was
 * cut. When the anchors themselves spread over more than `maxWords` words, or there are none, the sentence
 * is kept whole.
 */
export function clipAround(text: string, anchors: CharRange[], maxWords: number): string {
  const words = wordRanges(text);
  if (words.length <= maxWords || anchors.length === 0) return text;
  const first = Math.min(...anchors.map((range) => range.start));
  const last = Math.max(...anchors.map((range) => range.end));
  let from = words.findIndex((word) => word.end > first);
  let to = words.findLastIndex((word) => word.start < last);
  if (from < 0 || to < 0 || to - from + 1 > maxWords) return text;
  from = Math.max(0, from - BEFORE);
  to = Math.min(words.length - 1, to + AFTER);
  // Widen to a clause boundary close by, so the cut falls between clauses rather than inside one.
  for (let back = from; back > 0 && from - back < 4; back--) {
    const previous = words[back - 1];
    if (previous && CLAUSE_END.test(text.slice(previous.start, previous.end))) {
      from = back;
      break;
    }
  }
  for (let ahead = to; ahead < words.length - 1 && ahead - to < 6; ahead++) {
    const word = words[ahead];
    if (word && CLAUSE_END.test(text.slice(word.start, word.end))) {
      to = ahead;
      break;
    }
  }
  if (to - from + 1 >= words.length - 2) return text;
  const start = words[from]?.start ?? 0;
  const end = words[to]?.end ?? text.length;
  const body = text.slice(start, end).replace(/[,;:–—]$/, "");
  return `${from > 0 ? "…" : ""}${body}${to < words.length - 1 ? "…" : ""}`;
}
