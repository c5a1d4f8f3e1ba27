/** URLs typed out in text (a selection, a pasted list): the selection's menu and the comparison's form. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*…]$/;
const CLOSING_TO_OPENING: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/** http(s) URLs typed out in text, with the sentence's punctuation and unbalanced closing brackets left off. */
export function urlsInText(text: string): string[] {
  return Array.from(text.matchAll(URL_IN_TEXT), (match) => trimUrlEnd(match[0]));
}

function trimUrlEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? "";
    const opening = CLOSING_TO_OPENING[last];
    // "(see https://example.com/a_(b))." keeps the ")" of "(b)" and drops the sentence's ")" and ".".
    const unbalanced = opening !== undefined && count(url, opening) < count(url, last);
    if (!TRAILING_PUNCTUATION.test(url) && !unbalanced) return url;
    url = url.slice(0, -1);
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
