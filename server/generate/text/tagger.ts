/**
 * Tagging with wink-nlp's part-of-speech and entity pipes (wink.ts), for questions (their question words)
 * and for the few sentences that may answer one (dates, numbers, names).
 */
import { analysisNlp } from "./wink";

export interface TaggedToken {
  text: string;
  /** Universal part of speech: NOUN, PROPN, VERB, AUX, ADP, NUM … */
  pos: string;
  start: number;
  end: number;
}

interface TaggedEntity {
  /** wink's entity types: DATE, TIME, DURATION, CARDINAL, ORDINAL, MONEY, PERCENT … */
  type: string;
  start: number;
  end: number;
}

export interface Tagged {
  tokens: TaggedToken[];
  entities: TaggedEntity[];
}

/** The tokens (with their offsets in `text`) and entities of `text`. */
export function tag(text: string): Tagged {
  const nlp = analysisNlp();
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const tokens: TaggedToken[] = [];
  let offset = 0;
  for (const [index, value] of values.entries()) {
    offset += spaces[index]?.length ?? 0;
    // wink keeps the text's own characters; should it not, find the token from where we are.
    const found = text.startsWith(value, offset) ? offset : text.indexOf(value, offset);
    const start = found >= 0 ? found : offset;
    tokens.push({ text: value, pos: tags[index] ?? "X", start, end: start + value.length });
    offset = start + value.length;
  }
  const spans = doc.entities().out(its.span) as unknown as Array<[number, number]>;
  const types = doc.entities().out(its.type) as string[];
  const entities: TaggedEntity[] = [];
  for (const [index, span] of spans.entries()) {
    const first = tokens[span[0]];
    const last = tokens[span[1]];
    if (first && last) entities.push({ type: types[index] ?? "", start: first.start, end: last.end });
  }
  return { tokens, entities };
}
