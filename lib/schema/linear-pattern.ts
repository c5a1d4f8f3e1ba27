/**
 * JSON Schema patterns (`pattern`, `patternProperties`) run by a linear-time engine: RE2, through re2js.
 * Validation (ajv's `code.regExp`) and generation both use it, so a pattern means the same in both and
 * no input can make matching backtrack.
 *
 * A pattern is read as the ECMA-262 regular expression JSON Schema says it is (parsed by regexpp), refused
 * when RE2 cannot run it (backreferences, lookaround) or when it would compile to too large a program, and
 * translated to RE2's syntax (`\u00e9` → `\x{00e9}` …). Matching is linear in the input but also grows with
 * the program, so every match is charged to a budget (`withPatternBudget`): a validation or a generation
 * that would match too much stops instead of stalling the server.
 */
import { type AST, RegExpParser } from "@eslint-community/regexpp";
import { RE2JS, RE2JSException } from "re2js";
import { LIMITS } from "../api/limits";

/**
 * Compiled RE2 programs are about this many instructions at most (RE2's own limit is ~1.4 million):
 * re2js compiles some 100 of them a millisecond.
 */
const MAX_PATTERN_SIZE = 4_000;
/** RE2 refuses groups nested deeper than this; stopping here also keeps the walk below off the stack limit. */
const MAX_NESTING = 1_000;

/** Why a pattern cannot be used; the message reads after the pattern ("uses a backreference …"). */
export class PatternProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PatternProblem";
  }
}

/** A match would exceed the budget of the enclosing `withPatternBudget`. */
export class PatternBudgetExceeded extends Error {
  constructor() {
    super("matching the schema's patterns would take longer than the server allows");
    this.name = "PatternBudgetExceeded";
  }
}

export interface LinearPattern {
  readonly source: string;
  /** The fewest code points a string needs to contain a match. */
  readonly minLength: number;
  /** Estimated program size (RE2 instructions); matching costs about this much per input character. */
  readonly size: number;
  /** Whether `value` contains a match (JSON Schema patterns are not anchored). */
  test(value: string): boolean;
  toString(): string;
}

// ---------------------------------------------------------------------------------------------------
// Budget

/** Matching cost per input character on top of the program size (re2js's fixed per-character work). */
const PER_CHAR_COST = 256;
/** Beyond this cost a match drops the DFA states it cached, so that large inputs leave no large caches behind. */
const RESET_ABOVE_COST = 5_000_000;
let remainingBudget = Number.POSITIVE_INFINITY;

/**
 * Runs `run` with at most `units` of matching work (a unit is about a nanosecond); a match beyond it throws
 * `PatternBudgetExceeded`. Nested budgets draw on the enclosing one.
 */
export function withPatternBudget<T>(units: number, run: () => T): T {
  const outer = remainingBudget;
  const start = Math.min(outer, units);
  remainingBudget = start;
  try {
    return run();
  } finally {
    remainingBudget = outer - (start - remainingBudget);
  }
}

function charge(cost: number): void {
  if (cost > remainingBudget) {
    remainingBudget = 0;
    throw new PatternBudgetExceeded();
  }
  remainingBudget -= cost;
}

// ---------------------------------------------------------------------------------------------------
// Analysis

interface Measure {
  minLength: number;
  size: number;
}

const times = (a: number, b: number) => (a === 0 || b === 0 ? 0 : a * b);

/** Minimum match length and RE2 program size of a node, refusing what RE2 cannot run. */
function measure(node: AST.Node, depth: number): Measure {
  if (depth > MAX_NESTING) throw new PatternProblem(`nests deeper than ${MAX_NESTING} levels`);
  switch (node.type) {
    case "Pattern":
    case "Group":
    case "CapturingGroup": {
      const alternatives = node.alternatives.map((alternative) => measure(alternative, depth + 1));
      return {
        minLength: Math.min(...alternatives.map((alternative) => alternative.minLength)),
        size:
          alternatives.reduce((sum, alternative) => sum + alternative.size, 0) +
          alternatives.length -
          1 +
          (node.type === "CapturingGroup" ? 2 : 0),
      };
    }
    case "Alternative": {
      let minLength = 0;
      let size = 0;
      for (const element of node.elements) {
        const part = measure(element, depth + 1);
        minLength += part.minLength;
        size += part.size;
      }
      return { minLength, size };
    }
    case "Quantifier": {
      const element = measure(node.element, depth + 1);
      const { min, max } = node;
      // RE2 unrolls x{n,m} into n copies of x and m - n optional ones; x{n,} into n copies and a loop.
      const size =
        max === Number.POSITIVE_INFINITY
          ? times(Math.max(min, 1), element.size) + 1
          : times(min, element.size) + times(max - min, element.size + 1);
      return { minLength: times(min, element.minLength), size };
    }
    case "Assertion":
      if (node.kind === "lookahead" || node.kind === "lookbehind") {
        throw new PatternProblem(
          `uses a ${node.kind} (${node.raw}), which the linear-time regular-expression engine cannot run`,
        );
      }
      return { minLength: 0, size: 1 };
    case "Backreference":
      throw new PatternProblem(
        `uses a backreference (${node.raw}), which the linear-time regular-expression engine cannot run`,
      );
    case "Character":
    case "CharacterClass":
    case "CharacterSet":
    case "ExpressionCharacterClass":
      return { minLength: 1, size: 1 };
    default:
      return { minLength: 0, size: 1 };
  }
}

function parse(source: string): AST.Pattern {
  try {
    return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, { unicode: true });
  } catch (error) {
    if (error instanceof RangeError) throw new PatternProblem(`nests too deeply`);
    throw new PatternProblem(`is not a valid regular expression: ${(error as Error).message}`);
  }
}

function compile(source: string): LinearPattern {
  const { minLength, size } = measure(parse(source), 0);
  if (minLength + 2 > LIMITS.maxJsonContentBytes) {
    throw new PatternProblem(
      `matches only strings of at least ${minLength} characters, more than fit the 256 KiB jsonContent limit`,
    );
  }
  // Checked before RE2 compiles it: compiling takes time and memory in proportion to the size.
  if (size > MAX_PATTERN_SIZE) {
    throw new PatternProblem(
      `is too large for the linear-time regular-expression engine (about ${size} instructions, at most ${MAX_PATTERN_SIZE})`,
    );
  }
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw new PatternProblem(`cannot be run by the linear-time regular-expression engine: ${error.message}`);
  }
  return {
    source,
    minLength,
    size,
    test(value: string): boolean {
      const cost = (value.length + 1) * (size + PER_CHAR_COST);
      charge(cost);
      const found = re2.test(value);
      if (cost > RESET_ABOVE_COST) re2.reset();
      return found;
    },
    toString: () => source,
  };
}

// ---------------------------------------------------------------------------------------------------
// Cache

/** Compiled patterns kept, by their total size (each instruction is some 100 bytes). */
const CACHE_WEIGHT = 500_000;
const cache = new Map<string, LinearPattern | PatternProblem>();
let cachedWeight = 0;

const weightOf = (entry: LinearPattern | PatternProblem) =>
  entry instanceof PatternProblem ? 1 : entry.size;

/** The pattern, compiled for RE2; throws `PatternProblem` when it cannot be used. */
export function linearPattern(source: string): LinearPattern {
  let entry = cache.get(source);
  if (entry) {
    cache.delete(source);
  } else {
    try {
      entry = compile(source);
    } catch (error) {
      if (!(error instanceof PatternProblem)) throw error;
      entry = error;
    }
    cachedWeight += weightOf(entry);
  }
  cache.set(source, entry);
  for (const [oldest, old] of cache) {
    if (cachedWeight <= CACHE_WEIGHT || oldest === source) break;
    cache.delete(oldest);
    cachedWeight -= weightOf(old);
  }
  if (entry instanceof PatternProblem) throw entry;
  return entry;
}

/** ajv's `code.regExp`: every `pattern` and `patternProperties` key it compiles runs on RE2. */
export const linearRegExpEngine = Object.assign((source: string) => linearPattern(source), {
  code: "linearPattern",
});
