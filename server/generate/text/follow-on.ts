/**
 * What may follow the sentence that answers a question: a sentence that shares the question's key terms,
 * or one that continues the sentence before it (opens with a pronoun or a connective, or is a fragment
 * that completes it). Anything else is an unrelated trailing sentence: the answer stops before it. The
 * factual answer applies this rule and bench:answers counts by it, so both read it here.
 */
import type { PageModel } from "./page-model";
import { queryWeights } from "./ranking";
import { withRelatedTerms } from "./related-terms";
import { contentTerms } from "./terms";

/** A sentence this short ("About 23,000 die.", "Just 4 lines!") completes the one before it. */
export const FRAGMENT_WORDS = 4;

/**
 * A question's term found in more than this share of the page's sentences names what the whole page is
 * about ("Warsaw" on the page about Warsaw): sharing it says nothing about answering.
 */
const SUBJECT_SHARE = 0.2;
/** … on a page of at least this many sentences (on a short one, every term is frequent). */
const SUBJECT_MIN_SENTENCES = 20;

/**
 * Openers that carry the sentence before on: pronouns and connectives ("It …", "They …", "However, …",
 * "This means …"), in the languages whose questions we read.
 */
const CONTINUATION_OPENER = new RegExp(
  String.raw`^[\s"“‘'(«]*(?:${[
    // English pronouns and determiners pointing back
    "he|she|it|its|they|them|their|his|her|we|our|this|that|these|those|such|both|each|neither|either",
    // English connectives
    "also|and|but|or|so|yet|still|then|thus|hence|therefore|however|moreover|furthermore|besides|instead|meanwhile|otherwise|nevertheless|nonetheless|consequently|accordingly|indeed|later|afterwards|finally|similarly|likewise|because|since|although|though|as a result|in addition|in fact|for example|for instance|that is|even so|by contrast|in contrast|after that|on the other hand",
    // French, Spanish, German
    "il|elle|ils|elles|cela|ceci|mais|donc|ainsi|puis|cependant|pourtant|en effet|él|ella|ellos|ellas|esto|eso|pero|sin embargo|además|así|er|sie|es|dies|aber|doch|jedoch|dann|außerdem",
  ].join("|")})(?![\p{L}\p{N}])`,
  "iu",
);

/** The question's key terms: its terms less those that name the page's subject (all of them when every one does). */
export function keyTermList(questionTerms: readonly string[], model: PageModel): string[] {
  const sentences = model.sentences.length;
  const namesSubject = (term: string) =>
    sentences >= SUBJECT_MIN_SENTENCES &&
    (model.documentFrequency.get(term) ?? 0) > SUBJECT_SHARE * sentences;
  const key = questionTerms.filter((term) => !namesSubject(term));
  return key.length > 0 ? key : [...questionTerms];
}

/** The question's key terms with the page's other forms of them and words for them (related-terms.ts). */
export function keyTermsOf(questionTerms: readonly string[], model: PageModel): Set<string> {
  return new Set(withRelatedTerms(queryWeights([keyTermList(questionTerms, model), 1]), model).keys());
}

/** The sentence holds one of `keyTerms`. */
export function sharesKeyTerm(text: string, keyTerms: ReadonlySet<string>, language: string): boolean {
  return contentTerms(text, language).some((term) => keyTerms.has(term));
}

/** Its start carries the sentence before it on: a pronoun, a connective, or a fragment that completes it. */
export function continuesPrevious(text: string): boolean {
  return CONTINUATION_OPENER.test(text) || (text.match(/\S+/g)?.length ?? 0) <= FRAGMENT_WORDS;
}

/** A sentence after an answer's first that belongs with it: it shares a key term or continues the one before. */
export function followsOn(text: string, keyTerms: ReadonlySet<string>, language: string): boolean {
  return sharesKeyTerm(text, keyTerms, language) || continuesPrevious(text);
}
