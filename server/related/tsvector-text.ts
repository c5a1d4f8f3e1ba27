/**
 * Postgres's text form of a tsvector (`'lexeme':1A,5B 'other':3`), as `words::text` prints it, read back:
 * each lexeme with the weight of each of its positions, in position order: 3 (A), 2 (B), 1 (C) or 0 (D), as
 * Postgres numbers them. A lexeme is quoted, with `'` and `\` doubled; a position's weight letter is A, B or
 * C, and none means D.
 */

/** Postgres prints A, B and C; a position without a letter weighs D (0). */
const WEIGHT_OF = new Map([
  ["A", 3],
  ["B", 2],
  ["C", 1],
]);

/**
 * Calls `visit` with each lexeme and the weights of its positions, in the text's order. `weights` is one
 * array reused for every lexeme (read it during the call): building the index reads some 20 million
 * lexemes for 100,000 analyses, and an object and an array for each was most of its garbage.
 */
export function readTsvectorText(
  text: string,
  visit: (lexeme: string, weights: readonly number[]) => void,
): void {
  const weights: number[] = [];
  let at = 0;
  while (at < text.length) {
    while (text[at] === " ") at++;
    if (at >= text.length) break;
    if (text[at] !== "'") throw new Error(`a tsvector's lexeme must be quoted, at ${at}`);
    const start = ++at;
    let escaped = false;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error("a tsvector's lexeme is not closed");
      if (char === "'" || char === "\\") {
        if (text[at + 1] === char) {
          escaped = true;
          at += 2;
          continue;
        }
        if (char === "'") break;
      }
      at++;
    }
    const quoted = text.slice(start, at);
    const lexeme = escaped ? quoted.replace(/''|\\\\/g, (pair) => pair[0] as string) : quoted;
    at++; // the closing quote
    weights.length = 0;
    if (text[at] === ":") {
      do {
        at++; // ':' or ','
        while (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
        const weight = WEIGHT_OF.get(text[at] ?? "");
        weights.push(weight ?? 0);
        if (weight !== undefined) at++;
      } while (text[at] === ",");
    }
    visit(lexeme, weights);
  }
}
