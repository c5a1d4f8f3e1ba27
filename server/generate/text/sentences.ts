/**
 * Sentence splitting with wink-nlp's sentence boundary detection (wink.ts). The model takes ~100–200 ms to
 * load, so it is loaded once, on first use (or ahead of time through `loadSentenceSplitter`).
 */
import { sentenceNlp } from "./wink";

type SplitSentences = (paragraph: string) => string[];

let splitterPromise: Promise<SplitSentences> | undefined;

/** Loads the wink model once; later calls share the same promise. */
export function loadSentenceSplitter(): Promise<SplitSentences> {
  splitterPromise ??= createSplitter();
  return splitterPromise;
}

async function createSplitter(): Promise<SplitSentences> {
  const nlp = sentenceNlp();
  return (paragraph) =>
    ONE_SENTENCE.test(paragraph)
      ? [paragraph]
      : mergeStrays(nlp.readDoc(paragraph).sentences().out(), paragraph);
}

/** No sentence end before the last word: a heading, a short line or a single sentence (wink is not needed). */
const ONE_SENTENCE = /^[^.!?…\n]*[.!?…]*["”’)\]»]*$/u;
const LEADING_CLOSER = /^[»”’"')\]}]+\s*/;
/** A "sentence" that starts in lower case or with a comma continues the one before ("(D-Minn.)" + ", the …"). */
const STARTS_LOWER = /^[\p{Ll},;:]/u;
/** A title or party abbreviation never ends a sentence: "South Dakota Gov." + "Kristi Noem …", "R-W." + "Va.". */
const ENDS_WITH_ABBREVIATION =
  /(?:^|[\s(])(?:Gov|Rep|Reps|Sen|Sens|Dr|Mr|Mrs|Ms|Prof|Gen|Lt|Col|Capt|Sgt|Pres|Rev|St|Mt|Ft|Sept|No|[RDI]-\p{Lu}|\p{Lu})\.$/u;

/**
 * A straight quotation mark opens as often as it closes: it goes back to the sentence before only when
 * that one left a quotation open ("… Reporter." + "\"You're going …" opens the next one).
 */
function closesQuotation(closer: string, previous: string): boolean {
  const mark = closer.trim()[0];
  if (mark !== '"' && mark !== "'") return true;
  return (previous.split(mark).length - 1) % 2 === 1;
}

/**
 * Repairs wink's splits: a closing quote or bracket at the start of a sentence goes back to the
 * previous one, and so does a "sentence" starting in lower case ("WebAssembly." + "instantiateStreaming
 * function …" was one identifier) or one after a title's abbreviation ("Gov." + "Kristi Noem …").
 */
function mergeStrays(sentences: string[], paragraph: string): string[] {
  const merged: string[] = [];
  for (const raw of sentences) {
    let sentence = raw.trim();
    const closer = LEADING_CLOSER.exec(sentence);
    if (closer && merged.length > 0 && closesQuotation(closer[0], merged.at(-1) ?? "")) {
      merged[merged.length - 1] += closer[0].trim();
      sentence = sentence.slice(closer[0].length);
    }
    if (sentence.length === 0) continue;
    const previous = merged.at(-1);
    const joins =
      sentence.length <= 2 || STARTS_LOWER.test(sentence) || ENDS_WITH_ABBREVIATION.test(previous ?? "");
    if (previous !== undefined && joins) {
      const tight = paragraph.includes(`${previous.slice(-12)}${sentence.slice(0, 12)}`);
      merged[merged.length - 1] = tight ? previous + sentence : `${previous} ${sentence}`;
    } else merged.push(sentence);
  }
  return merged;
}
