/**
 * The sentences that can carry a page in a summary, key points or a TL;DR: whole statements of the
 * article, not what an extractor lets through around it: a byline or dateline, a photo caption or credit,
 * a promotion ("Subscribe to our newsletter …", "Click here …"), markup a CMS left in the text
 * (`[button link=…]Send us YOUR kit review[/button]`, `<br>`), a heading-like line without a full stop,
 * or a throwaway line too short to say anything.
 */
import { continuesPrevious } from "./follow-on";
import type { PageModel, PageSentence } from "./page-model";
import { wordCount } from "./sentence-window";

/** Shorter than this, a line says too little to carry the page ("Read on.", "Photo: AP"). */
const MIN_WORDS = 6;
/** Longer than this, a "sentence" is a run of text the splitter could not cut (a list, a table). */
const MAX_WORDS = 90;

const PROMOTION =
  /\b(?:subscribe|subscription|newsletter|sign\s+up|signing\s+up|log\s+in|click\s+(?:here|below)|tap\s+here|follow\s+us|like\s+us\s+on|download\s+(?:our|the)\s+app|share\s+(?:this|on)|read\s+more|read\s+next|see\s+also|sponsored|advertis(?:e|ement|ing)|promo\s+code|affiliate|commission|all\s+rights\s+reserved|copyright|cookies?|privacy\s+policy|terms\s+of\s+(?:use|service)|send\s+us\s+your|get\s+in\s+touch|contact\s+us|support\s+our\s+journalism|become\s+a\s+(?:member|patron|subscriber)|donate|this\s+(?:article|story)\s+(?:was|has\s+been)\s+(?:updated|corrected|amended|originally)|(?:was|is)\s+(?:first\s+)?published\s+(?:on|in|by)\s+[A-Z]|you\s+can\s+(?:also\s+)?(?:find|follow|listen|watch)|our\s+(?:podcast|newsletter)|sign\s+in|register\s+(?:now|for\s+free)|free\s+trial|buy\s+now|shop\s+now|in\s+stock|opens\s+in\s+a\s+new\s+window)\b|©/iu;
const MARKUP =
  /\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]|<\/?(?:a|p|br|hr|div|span|img|strong|em|b|i|u|h[1-6]|ul|ol|li|iframe|script|style|table|tr|td|th|figure|figcaption|blockquote|button|input|form|source|video|audio)\b[^>]*>|\{\{|\}\}|&[a-z]+;|https?:\/\/|www\.|\S+@\S+\.\w+|^\W*(?:[|•·»>]\s*)|\s[|•]\s/iu;
const BYLINE_OR_CAPTION =
  /^(?:by|written\s+by|posted\s+by|reporting\s+by|additional\s+reporting|edited\s+by|photo(?:graph)?s?(?:\s+by)?|pictured|image|credit|source|updated|published|last\s+updated|editor['’]?s?\s+note|related|watch|listen|video|file\s+photo|caption)\b|\b(?:getty\s+images|shutterstock|istock|photograph:|photo:|image:|credit:|\((?:ap|afp|reuters|epa)\s+photo|\/\s*(?:ap|afp|reuters|getty)\b|(?:ap|afp)\s+photo\b)/iu;
const TIMESTAMP_WORDS = 8;
/** A dateline or timestamp alone ("March 3, 2020 at 5:00 pm", "Updated 12:03 GMT"). */
const TIMESTAMP_ONLY = /^[\p{L}\s.,]*\d{1,4}[\d\s:.,/-]*(?:am|pm|gmt|utc|et|bst|cet)?\W*$/iu;
const ENDS_A_SENTENCE = /[.!?…]["”’»)\]]*$|[.!?…]\s*["”’»)\]]+$/u;
const STARTS_A_SENTENCE = /^["“‘'(]?[\p{Lu}\p{N}]/u;

/** Why `text` cannot carry a page: undefined when it can. */
export function throwawayReason(text: string): string | undefined {
  const words = wordCount(text);
  if (words < MIN_WORDS) return "too short";
  if (words > MAX_WORDS) return "run-on";
  if (!ENDS_A_SENTENCE.test(text.trim())) return "no sentence end";
  if (!STARTS_A_SENTENCE.test(text.trim())) return "no sentence start";
  if (MARKUP.test(text)) return "markup";
  if (PROMOTION.test(text)) return "promotion";
  if (BYLINE_OR_CAPTION.test(text)) return "byline or caption";
  // "SoftBank … wants a profit by 2021." ends in a year too: a timestamp is a few words.
  if (words <= TIMESTAMP_WORDS && TIMESTAMP_ONLY.test(text)) return "timestamp";
  return undefined;
}

const SUBORDINATE_OPENER =
  /^(?:although|though|because|since|while|when|if|as|after|before)\s[^,;.]{6,},\s/iu;

/** A standfirst comes in the page's first lines and says a whole thing in this many words at least. */
const STANDFIRST_LINES = 3;
const STANDFIRST_WORDS = 8;

/**
 * A standfirst (dek): the line under a headline that sums the story up, often without a full stop ("Chelsea
 * have paid the £71.6m fee to secure Kepa Arrizabalaga"). It is what publishers' own descriptions say.
 */
function isStandfirst(sentence: PageSentence, title: string | undefined): boolean {
  if (sentence.index >= STANDFIRST_LINES || wordCount(sentence.text) < STANDFIRST_WORDS) return false;
  if (title && sentence.text.trim().toLowerCase() === title.trim().toLowerCase()) return false;
  // Only the full stop is missing: with one, it passes every other test (no byline, markup, timestamp …).
  return (
    throwawayReason(sentence.text) === "no sentence end" && throwawayReason(`${sentence.text}.`) === undefined
  );
}

/**
 * The sentences that can carry the page, in page order, a standfirst among them; all of them when none
 * can (a page of short lines still gets an answer).
 */
export function carryingSentences(model: PageModel, title?: string): PageSentence[] {
  const carrying = model.sentences.filter(
    (sentence) => throwawayReason(sentence.text) === undefined || isStandfirst(sentence, title),
  );
  return carrying.length > 0 ? carrying : model.sentences;
}

/** A dateline before a story's first sentence: "WASHINGTON —", "HANOI, Vietnam (AP) —", "SANTA FE, N.M. (AP) —". */
const DATELINE =
  /^\p{Lu}[\p{Lu} .'’-]{2,30}(?:,\s*[\p{L}. ]{2,30})?\s*(?:\((?:AP|AFP|Reuters|UPI|dpa|CNN)\))?\s*[—–-]{1,2}\s+(?=\p{Lu})/u;

/**
 * A sentence as a statement: without the dateline a wire story opens with, and a standfirst with the full
 * stop it lacks. What is left is the page's own words, in its order.
 */
export function asStatement(text: string): string {
  const trimmed = text.replace(DATELINE, "").trimEnd();
  return ENDS_A_SENTENCE.test(trimmed) || /[:;,]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A sentence that stands on its own: not opening with a pronoun or connective that needs the one before
 * ("It also …", "However, …"), and not a quotation alone (what someone said is not what the page says).
 */
export function standsAlone(sentence: PageSentence): boolean {
  const text = sentence.text.trim();
  // "We tested twenty tents …" opens many a review: the first person needs no sentence before it.
  const firstPerson = /^(?:we|our|i)\b/iu.test(text);
  // "Though widgets are the most popular, …" holds its own main clause: a subordinate opener is no link back.
  const subordinate = SUBORDINATE_OPENER.test(text);
  return (firstPerson || subordinate || !continuesPrevious(text)) && !/^["“‘]/u.test(text);
}
