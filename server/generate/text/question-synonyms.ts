/**
 * Words a question and a page use for one thing ("Who founded Mozilla?" — "created in 1998 by members
 * of Netscape"): small groups of English words that encyclopedic and news text trade for each other.
 * A factual answer counts them at part weight, as it does other forms of a question's words.
 */
import { stemWord } from "./terms";

const GROUPS = [
  "found founded founder establish established create created start started launch launched",
  "born birth birthplace",
  "die died death dead",
  "write wrote written writer author authored",
  "invent invented inventor create created",
  "locate located base based headquarters headquartered situated",
  "marry married wife husband spouse",
  "build built construct constructed construction",
  "win won winner award awarded",
  "begin began start started",
  "lead led leader head headed",
  "buy bought acquire acquired purchase purchased",
  "name named call called",
  "population inhabitants",
  "cost price",
  "long length",
  "resign resigned resignation",
];

let synonyms: Map<string, Set<string>> | undefined;

function synonymMap(): Map<string, Set<string>> {
  if (synonyms) return synonyms;
  synonyms = new Map();
  for (const group of GROUPS) {
    const stems = [...new Set(group.split(" ").map((word) => stemWord(word, "en")))];
    for (const stem of stems) {
      const others = synonyms.get(stem) ?? new Set<string>();
      for (const other of stems) if (other !== stem) others.add(other);
      synonyms.set(stem, others);
    }
  }
  return synonyms;
}

/** The terms that mean what `term` (a stem) means, in `language`; none outside English. */
export function synonymTerms(term: string, language: string): string[] {
  if (language !== "en") return [];
  return [...(synonymMap().get(term) ?? [])];
}
