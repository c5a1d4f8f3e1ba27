/**
 * Postgres's text form of a tsvector (`'lexeme':1A,5B 'other':3`), as `words::text` prints it, read back:
 * each lexeme with the weights of its positions, in position order. A lexeme is quoted, with `'` and `\`
 * doubled; a position's weight letter is A, B or C, and none means D.
 */
export interface LexemePositions {
  lexeme: string;
  /** The weight of each position, in position order: 3 (A), 2 (B), 1 (C) or 0 (D), as Postgres numbers them. */
  weights: number[];
}

/** Postgres prints A, B and C; a position without a letter weighs D (0). */
const WEIGHT_OF = new Map([
  ["A", 3],
  ["B", 2],
  ["C", 1],
]);

export function parseTsvectorText(text: string): LexemePositions[] {
  const lexemes: LexemePositions[] = [];
  let at = 0;
  while (at < text.length) {
    while (text[at] === " ") at++;
    if (at >= text.length) break;
    if (text[at] !== "'") throw new Error(`a tsvector's lexeme must be quoted, at ${at}`);
    let lexeme = "";
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error("a tsvector's lexeme is not closed");
      if (char === "'" || char === "\\") {
        if (text[at + 1] === char) {
          lexeme += char;
          at += 2;
          continue;
        }
        if (char === "'") break;
      }
      lexeme += char;
      at++;
    }
    at++; // the closing quote
    const weights: number[] = [];
    if (text[at] === ":") {
      do {
        at++; // ':' or ','
        while (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
        const weight = WEIGHT_OF.get(text[at] ?? "");
        weights.push(weight ?? 0);
        if (weight !== undefined) at++;
      } while (text[at] === ",");
    }
    lexemes.push({ lexeme, weights });
  }
  return lexemes;
}
