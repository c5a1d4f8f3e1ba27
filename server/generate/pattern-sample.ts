/**
 * A small string that matches a JSON Schema `pattern`, for when no fact of the page does. It reads the
 * common subset of regular expressions (literals, classes, escapes, groups, alternation, quantifiers)
 * and gives up (undefined) on the rest; callers verify the result with the real RegExp anyway.
 */

type Piece = { kind: "chars"; pick: string } | { kind: "group"; options: Piece[][] } | { kind: "empty" };
interface Quantified {
  piece: Piece;
  min: number;
  max: number;
}

// Characters tried, in order, as the representative of a class.
const CANDIDATE_CHARS = `a0Ab1Bxyz_-. ${"cdefghijklmnopqrstuvwCDEFGHIJKLMNOPQRSTUVWXYZ23456789"}!#$%&'()*+,/:;<=>?@[]^\`{|}~"\\é`;

class Unsupported extends Error {}

function firstMatching(expression: string): string {
  const test = new RegExp(`^(?:${expression})$`, "u");
  for (const char of CANDIDATE_CHARS) if (test.test(char)) return char;
  throw new Unsupported(expression);
}

class Parser {
  private index = 0;
  /** Repetitions beyond the minimum, handed to the first quantifiers that allow them (to reach a minLength). */
  constructor(
    private readonly source: string,
    private extra: number,
  ) {}

  parse(): Piece[][] {
    const options = this.alternatives();
    if (this.index < this.source.length) throw new Unsupported("unbalanced");
    return options;
  }

  private alternatives(): Piece[][] {
    const options: Piece[][] = [[]];
    while (this.index < this.source.length) {
      const char = this.source[this.index];
      if (char === ")") break;
      if (char === "|") {
        this.index++;
        options.push([]);
        continue;
      }
      const atom = this.atom();
      const quantified = this.quantifier(atom);
      const current = options.at(-1);
      current?.push(...this.expand(quantified));
    }
    return options;
  }

  private atom(): Piece {
    const source = this.source;
    const char = source[this.index] ?? "";
    if (char === "^" || char === "$") {
      this.index++;
      return { kind: "empty" };
    }
    if (char === "(") {
      this.index++;
      if (source.startsWith("?:", this.index)) this.index += 2;
      else if (source.startsWith("?<", this.index) && !/^\?<[=!]/.test(source.slice(this.index))) {
        this.index = source.indexOf(">", this.index) + 1;
      } else if (source[this.index] === "?") throw new Unsupported("lookaround");
      const options = this.alternatives();
      if (source[this.index] !== ")") throw new Unsupported("unclosed group");
      this.index++;
      return { kind: "group", options };
    }
    if (char === "[") {
      let end = this.index + 1;
      if (source[end] === "^") end++;
      if (source[end] === "]") end++;
      while (end < source.length && source[end] !== "]") end += source[end] === "\\" ? 2 : 1;
      if (end >= source.length) throw new Unsupported("unclosed class");
      const expression = source.slice(this.index, end + 1);
      this.index = end + 1;
      return { kind: "chars", pick: firstMatching(expression) };
    }
    if (char === "\\") return this.escape();
    if (char === ".") {
      this.index++;
      return { kind: "chars", pick: "a" };
    }
    if ("*+?{".includes(char)) throw new Unsupported("dangling quantifier");
    this.index++;
    return { kind: "chars", pick: char };
  }

  private escape(): Piece {
    const source = this.source;
    const next = source[this.index + 1] ?? "";
    if (/[bB]/.test(next)) {
      this.index += 2;
      return { kind: "empty" };
    }
    if (/[1-9k]/.test(next)) throw new Unsupported("backreference");
    if (/[pP]/.test(next) && source[this.index + 2] === "{") {
      const end = source.indexOf("}", this.index);
      const expression = source.slice(this.index, end + 1);
      this.index = end + 1;
      return { kind: "chars", pick: firstMatching(expression) };
    }
    const lengths: Record<string, number> = { x: 4, u: 6, c: 3 };
    const length = lengths[next] ?? 2;
    const expression = source.slice(this.index, this.index + length);
    this.index += length;
    if (/[dDwWsS]/.test(next)) return { kind: "chars", pick: firstMatching(expression) };
    if (next === "n") return { kind: "chars", pick: "\n" };
    if (next === "t") return { kind: "chars", pick: "\t" };
    if (next === "u" || next === "x") return { kind: "chars", pick: firstMatching(expression) };
    return { kind: "chars", pick: next };
  }

  private quantifier(piece: Piece): Quantified {
    const source = this.source;
    const char = source[this.index];
    let min = 1;
    let max = 1;
    if (char === "*" || char === "+" || char === "?") {
      this.index++;
      min = char === "+" ? 1 : 0;
      max = char === "?" ? 1 : Number.POSITIVE_INFINITY;
    } else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(this.index));
      if (!match) throw new Unsupported("bad quantifier");
      this.index += match[0].length;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY;
    }
    if (source[this.index] === "?" && (char === "*" || char === "+" || char === "?" || char === "{"))
      this.index++;
    return { piece, min, max };
  }

  private expand({ piece, min, max }: Quantified): Piece[] {
    const extra = Math.min(this.extra, max - min);
    this.extra -= extra;
    return Array.from({ length: min + extra }, () => piece);
  }
}

function render(options: Piece[][]): string {
  const first = options[0] ?? [];
  return first
    .map((piece) =>
      piece.kind === "chars" ? piece.pick : piece.kind === "group" ? render(piece.options) : "",
    )
    .join("");
}

/**
 * A string matching `pattern` (as JSON Schema applies it: unanchored, Unicode), as short as possible,
 * or at least `minLength` long when the pattern allows; undefined when none is found.
 */
export function samplePattern(
  pattern: string,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  let regexp: RegExp;
  try {
    regexp = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  for (const extra of [0, minLength, minLength * 2]) {
    try {
      const sample = render(new Parser(pattern, extra).parse());
      const length = [...sample].length;
      if (regexp.test(sample) && length >= minLength && length <= maxLength) return sample;
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      return undefined;
    }
  }
  return undefined;
}
