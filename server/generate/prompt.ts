import { forEachContentTerm, stemWord } from "./terms";

/** What the extractive generator reads from a prompt: what it is about, and the shape it asks for. */
export interface PromptIntent {
  /** Unique content terms of the prompt, instruction words ("summarize", "list", …) removed. */
  terms: string[];
  /** Surface words of `terms`, for telling the reader what the page does not mention. */
  words: string[];
  /** The prompt asks for a list, bullets or points. */
  wantsList: boolean;
  /** How many sentences (or list items) to pick. */
  sentenceCount: number;
}

// Words that say what to do rather than what about; a page rarely uses them in the asked sense.
const INSTRUCTION_WORDS =
  "summarize summarise summary summaries list lists bullet bullets bulleted point points item items page pages article articles text document post site website describe description explain explanation brief briefly short shortly detail detailed details sentence sentences paragraph paragraphs main key important write give provide tell show please find extract identify outline overview highlight highlights takeaway takeaways word words concise concisely quick quickly tldr tl dr format include mention mentions discuss discusses content contents information info say says talk talks thing things read reader know want need like make using use based answer question questions according regarding overall general generally thorough thoroughly comprehensive depth elaborate full fully extensive extensively number numbered";

const INSTRUCTION_TERMS = new Set(INSTRUCTION_WORDS.split(" ").map((word) => stemWord(word)));

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const COUNT_UNITS =
  "sentences?|lines?|points?|bullets?|bullet points?|items?|things?|reasons?|ways?|takeaways?|facts?|ideas?|tips?|steps?|highlights?|findings?|arguments?|lessons?|quotes?|examples?";
const LIST_UNITS =
  /^(points?|bullets?|bullet points?|items?|things?|reasons?|ways?|takeaways?|facts?|ideas?|tips?|steps?|highlights?|findings?|arguments?|lessons?|quotes?|examples?)$/;
const COUNT_PATTERN = new RegExp(
  `\\b(\\d{1,2}|an?|one|single|two|couple|three|few|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\\s+of)?\\s+(?:(?:key|main|short|important|bullet|brief|quick|major|top)\\s+)*(${COUNT_UNITS})\\b`,
  "i",
);
const LIST_PATTERN =
  /\b(list|lists|listing|bullet|bullets|bulleted|bullet-point|itemi[sz]e|enumerate|checklist|key points|main points|takeaways)\b/i;
const ONE_SENTENCE_PATTERN =
  /\b(tl;?dr|one-liner|one liner|in a nutshell|single sentence|one sentence|a sentence|one line)\b/i;
const BRIEF_PATTERN =
  /\b(brief|briefly|short|shortly|concise|concisely|quick|quickly|gist|succinct|succinctly)\b/i;
const DETAILED_PATTERN =
  /\b(in detail|detailed|thorough|thoroughly|comprehensive|comprehensively|in depth|in-depth|elaborate|extensive|extensively|at length|full summary|long summary)\b/i;

const DEFAULT_COUNT = 5;
const BRIEF_COUNT = 3;
const DETAILED_COUNT = 8;
const MAX_COUNT = 15;

export function readPrompt(prompt: string): PromptIntent {
  const terms: string[] = [];
  const words: string[] = [];
  forEachContentTerm(prompt, (term, word) => {
    if (INSTRUCTION_TERMS.has(term) || terms.includes(term)) return;
    terms.push(term);
    words.push(word);
  });

  let wantsList = LIST_PATTERN.test(prompt);
  let sentenceCount = DEFAULT_COUNT;
  const counted = COUNT_PATTERN.exec(prompt);
  if (counted?.[1] && counted[2]) {
    const amount = counted[1].toLowerCase();
    sentenceCount = /^\d+$/.test(amount) ? Number(amount) : (NUMBER_WORDS[amount] ?? DEFAULT_COUNT);
    if (LIST_UNITS.test(counted[2].toLowerCase()) && sentenceCount > 1) wantsList = true;
  } else if (ONE_SENTENCE_PATTERN.test(prompt)) {
    sentenceCount = 1;
  } else if (DETAILED_PATTERN.test(prompt)) {
    sentenceCount = DETAILED_COUNT;
  } else if (BRIEF_PATTERN.test(prompt)) {
    sentenceCount = BRIEF_COUNT;
  }
  sentenceCount = Math.min(MAX_COUNT, Math.max(1, sentenceCount));
  if (sentenceCount === 1) wantsList = false;
  return { terms, words, wantsList, sentenceCount };
}
