/**
 * A mark right after each chosen sentence of a rendered answer: a rehype plugin (react-markdown's
 * `rehypePlugins`) that finds every sentence of the answer (`answerSentences`, as the matcher read it) in
 * the tree's text nodes and puts an element `<sentence-mark data-sentence="i">` where it ends, which the
 * renderer draws as the sentence's source marker.
 *
 * - Sentences are found in order, each after the one before, comparing letters and digits only (accents and
 *   case folded, marks, punctuation and white space ignored): the rendered text and the matcher's plain
 *   text differ in exactly those (bullets, quotes, line breaks), so a sentence split across **bold**, a
 *   link or a line break is found whole.
 * - A mark follows the sentence's closing punctuation, and leaves the inline elements the sentence ends
 *   with (after `**….**`, not inside it). It never goes inside a link (a button in a link), nor inside code
 *   (code shows text as written: a JSON block stays intact): it goes right after that element.
 * - A chosen sentence that is not found (a table cell's text split oddly, an image's alt text) is not lost:
 *   its mark goes at the end of the answer, in a paragraph of its own.
 */
import type { Element, Root, Text } from "hast";
import { foldAccents } from "../text/fold-accents";

/** The element a mark is, drawn by the renderer (`components` of react-markdown). */
export const SENTENCE_MARK = "sentence-mark";

export interface SentenceMarkOptions {
  /** Every sentence of the answer, in order (`answerSentences`): the ones not marked still move the search on. */
  sentences: readonly string[];
  /** Whether sentence `index` gets a mark. */
  marked: (index: number) => boolean;
}

/** A node that holds others: the tree's root, or an element. */
type Parent = Root | Element;

/** Elements a mark may not be inside: a button in a link is invalid, and code shows text as written. */
const NO_MARK_INSIDE = new Set(["a", "code", "pre", "kbd", "samp"]);
/** Inline elements a mark leaves when the sentence ends at their end. */
const INLINE = new Set([
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "span",
  "q",
]);
/** Blocks a mark may follow only inside a paragraph of its own. */
const BLOCK_AFTER = new Set(["pre"]);
/** Marks a paragraph made here (drawn as `data-sentence-marks`). */
const MARKS_PARAGRAPH = "dataSentenceMarks";
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

interface TextPlace {
  node: Text;
  /** The elements around the text node, outermost first (the root first). */
  ancestors: Parent[];
}

/** A character of the folded text: which text node, and where in it its character ends. */
interface FoldedChar {
  place: number;
  end: number;
}

/** Letters and digits of `text`, folded, each with where its character ends in `text`. */
function foldedChars(text: string, onChar: (char: string, end: number) => void): void {
  let at = 0;
  for (const char of text) {
    at += char.length;
    for (const folded of foldAccents(char).toLowerCase()) {
      if (LETTER_OR_DIGIT.test(folded)) onChar(folded, at);
    }
  }
}

function fold(text: string): string {
  let folded = "";
  foldedChars(text, (char) => {
    folded += char;
  });
  return folded;
}

function textPlaces(root: Parent): TextPlace[] {
  const places: TextPlace[] = [];
  const walk = (parent: Parent, ancestors: Parent[]) => {
    const path = [...ancestors, parent];
    for (const child of parent.children) {
      if (child.type === "text") places.push({ node: child, ancestors: path });
      else if (child.type === "element") walk(child, path);
    }
  };
  walk(root, []);
  return places;
}

/** Where each sentence ends (a text place and an offset in it), or null when it is not in the text. */
function sentenceEnds(
  places: TextPlace[],
  sentences: readonly string[],
): Array<{ place: number; offset: number } | null> {
  let stream = "";
  const chars: FoldedChar[] = [];
  places.forEach((place, index) => {
    foldedChars(place.node.value, (char, end) => {
      stream += char;
      chars.push({ place: index, end });
    });
  });
  let from = 0;
  return sentences.map((sentence) => {
    const target = fold(sentence);
    const at = target ? stream.indexOf(target, from) : -1;
    if (at === -1) return null;
    from = at + target.length;
    const last = chars[from - 1] as FoldedChar;
    return afterClosingMarks(places, last.place, last.end);
  });
}

/**
 * The closing punctuation ("lanes.", "(2024)", a closing quote) stays before the mark, also when it follows
 * the element the sentence ends in (`**lanes**.`).
 */
function afterClosingMarks(
  places: TextPlace[],
  place: number,
  from: number,
): { place: number; offset: number } {
  const text = (places[place] as TextPlace).node.value;
  const offset = closingMarksEnd(text, from);
  if (offset < text.length) return { place, offset };
  const next = places[place + 1]?.node.value ?? "";
  const marks = closingMarksEnd(next, 0);
  return marks > 0 && (marks === next.length || /\s/.test(next[marks] as string))
    ? { place: place + 1, offset: marks }
    : { place, offset };
}

function closingMarksEnd(text: string, from: number): number {
  let offset = from;
  while (offset < text.length && !/[\s\p{L}\p{N}]/u.test(text[offset] as string)) offset++;
  return offset;
}

function markElement(index: number): Element {
  return {
    type: "element",
    tagName: SENTENCE_MARK,
    properties: { dataSentence: String(index) },
    children: [],
  };
}

function isElement(node: Parent): node is Element {
  return node.type === "element";
}

/** Puts `mark` after the text of `place` up to `offset`, out of the elements it may not be in. */
function insertMark(place: TextPlace, offset: number, mark: Element): void {
  const { node, ancestors } = place;
  const barred = ancestors.findIndex(
    (ancestor) => isElement(ancestor) && NO_MARK_INSIDE.has(ancestor.tagName),
  );
  let parent: Parent;
  let index: number;
  let depth: number;
  if (barred !== -1) {
    depth = barred - 1;
    parent = ancestors[depth] as Parent;
    index = parent.children.indexOf(ancestors[barred] as Element) + 1;
  } else {
    depth = ancestors.length - 1;
    parent = ancestors[depth] as Parent;
    index = parent.children.indexOf(node) + 1;
    if (offset < node.value.length) {
      // The node keeps its start (a mark placed before this one in the same node still finds it).
      parent.children.splice(index, 0, { type: "text", value: node.value.slice(offset) });
      node.value = node.value.slice(0, offset);
    }
  }
  while (depth > 0 && isElement(parent) && INLINE.has(parent.tagName) && index === parent.children.length) {
    const grandparent = ancestors[depth - 1] as Parent;
    index = grandparent.children.indexOf(parent) + 1;
    parent = grandparent;
    depth--;
  }
  const after = parent.children[index - 1];
  if (after?.type === "element" && BLOCK_AFTER.has(after.tagName)) {
    // After a code block, among blocks: the mark goes in a paragraph of its own, shared by the marks there.
    const next = parent.children[index];
    if (next?.type === "element" && next.properties[MARKS_PARAGRAPH]) next.children.unshift(mark);
    else parent.children.splice(index, 0, marksParagraph([mark]));
    return;
  }
  parent.children.splice(index, 0, mark);
}

/** A paragraph holding marks only (after a code block, or at the answer's end). */
function marksParagraph(marks: Element[]): Element {
  return { type: "element", tagName: "p", properties: { [MARKS_PARAGRAPH]: true }, children: marks };
}

/** The rehype plugin: `[rehypeSentenceMarks, options]`. */
export function rehypeSentenceMarks(options: SentenceMarkOptions) {
  return (tree: Parent): void => {
    const places = textPlaces(tree);
    const ends = sentenceEnds(places, options.sentences);
    const placed: Array<{ place: number; offset: number; sentence: number }> = [];
    const lost: number[] = [];
    ends.forEach((end, sentence) => {
      if (!options.marked(sentence)) return;
      if (end) placed.push({ ...end, sentence });
      else lost.push(sentence);
    });
    // Last first: a mark placed splits a text node after the places still to come, never before them.
    for (const { place, offset, sentence } of placed.reverse()) {
      insertMark(places[place] as TextPlace, offset, markElement(sentence));
    }
    if (lost.length > 0) tree.children.push(marksParagraph(lost.map(markElement)));
  };
}
