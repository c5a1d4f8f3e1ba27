/**
 * The parts of a page that cite or point rather than say: a reference list ("^ "Title". Publisher.
 * Retrieved 2012-08-18."), the sections headed References, Notes, External links …, a table of contents'
 * entries ("1.1 Eich CEO promotion controversy"), and the citation marks inside sentences ("[12]",
 * "[citation needed]"). A factual answer quotes none of them.
 */
import type { PageModel, PageSentence } from "./page-model";

const REFERENCE_HEADING =
  /^(?:references?|notes?|footnotes|citations|sources|bibliography|external links|further reading|see also|works cited)\b/i;
const CITATION =
  /^\s*\^|\bRetrieved\s+(?:on\s+)?(?:\d|\p{Lu}\p{Ll}+\s+\d)|\bArchived from the original\b|\bISBN\s*[\d-]{9,}/u;
/** "1.1 Eich CEO promotion controversy": a numbered line that ends on no sentence punctuation. */
const CONTENTS_ENTRY = /^\d{1,2}(?:\.\d{1,2})*\s+[^.!?]{1,80}$/;
const CITATION_MARK = /\s?\[(?:\d{1,3}|[a-z]|note \d+|citation needed|edit|clarification needed)\]/gi;

const referenceSets = new WeakMap<PageModel, Set<number>>();

function referencesOf(model: PageModel): Set<number> {
  let indices = referenceSets.get(model);
  if (indices) return indices;
  indices = new Set();
  for (const section of model.sections) {
    if (!REFERENCE_HEADING.test(section.heading.replace(/\[edit\]/gi, "").trim())) continue;
    for (let index = section.first; index < section.end; index++) indices.add(index);
  }
  for (const sentence of model.sentences) {
    if (CITATION.test(sentence.text) || CONTENTS_ENTRY.test(sentence.text)) indices.add(sentence.index);
  }
  referenceSets.set(model, indices);
  return indices;
}

/** Whether `sentence` cites a source (in a reference list or section) rather than saying something. */
export const isReference = (model: PageModel, sentence: PageSentence) =>
  referencesOf(model).has(sentence.index);

/** `text` without its citation marks: "created in 1998.[1]" → "created in 1998.". */
export const withoutCitationMarks = (text: string) => text.replace(CITATION_MARK, "").trimStart();
