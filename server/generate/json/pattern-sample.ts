/**
 * A string that matches a JSON Schema `pattern`, for when no fact of the page does. randexp writes
 * candidates (shortest first, then longer ones to reach a minLength); RE2 (`LinearPattern.test`) decides
 * which one matches, so what randexp reads differently from RE2 is simply not used.
 */
import RandExp from "randexp";
import type { LinearPattern } from "../../../lib/schema/linear-pattern";
import { hashString, seededRandom } from "../seeded-random";

type Token = Parameters<RandExp["_gen"]>[0];
type Groups = Parameters<RandExp["_gen"]>[1];

class OutOfSteps extends Error {}

/** randexp with a limit on its work: nested repetitions cannot make it write without end. */
class BoundedRandExp extends RandExp {
  constructor(
    source: string,
    private steps: number,
  ) {
    super(source);
  }

  override _gen(token: Token, groups: Groups): string {
    if (--this.steps < 0) throw new OutOfSteps();
    return super._gen(token, groups);
  }
}

/** How randexp picks: the first or last alternative, character and repetition count, or at random. */
type Pick = "low" | "high" | (() => number);
/** Which characters `.` and classes draw from: printable ASCII, then most of the Basic Multilingual Plane. */
type Characters = "ascii" | "wide";
const RANDOM_TRIES = 3;

function write(source: string, pick: Pick, extra: number, characters: Characters, steps: number) {
  try {
    const generator = new BoundedRandExp(source, steps);
    generator.max = extra;
    if (characters === "wide") generator.defaultRange.add(0xa0, 0xd7ff).add(0xf900, 0xfffd);
    if (pick === "low") generator.randInt = (low) => low;
    else if (pick === "high") generator.randInt = (_low, high) => high;
    else {
      const random = pick;
      generator.randInt = (low, high) => low + Math.floor(random() * (high - low + 1));
    }
    return generator.gen();
  } catch (error) {
    // randexp cannot read the pattern (syntax only RE2 has), or it ran out of steps.
    if (error instanceof SyntaxError || error instanceof OutOfSteps || error instanceof RangeError) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Characters tried for a `\p{…}` property, which randexp's parser does not know (nor characters beyond
 * the Basic Multilingual Plane, which it would split into halves).
 */
const PROPERTY_CANDIDATES = [
  ..."AaZz09_ -.,!?$+<=>^`|~'\"()[]{}",
  ..."ÀÉÑÖßàéñöüçÆæŒœΑαΩωЖжЯя中日한あアاא",
  "\u00a0",
  "\u2028",
];

/** A character class of the candidates with a `\p{…}` property (without brackets inside a class). */
function propertyClass(property: string, inClass: boolean): string {
  let matching: string[] = [];
  try {
    const test = new RegExp(`^${property}$`, "u");
    matching = PROPERTY_CANDIDATES.filter((char) => test.test(char));
  } catch {
    // not a property randexp could be told about
  }
  const members = matching.map((char) => (/[\\\][^-]/.test(char) ? `\\${char}` : char)).join("");
  if (inClass) return members;
  return members ? `[${members}]` : ".";
}

/**
 * The pattern in the syntax randexp reads: Unicode escapes (`\u00e9`, `\u{1F600}`) as the characters
 * themselves, and property escapes (`\p{Lu}`) as classes of characters that have the property.
 */
function forRandExp(source: string): string {
  let inClass = false;
  return source.replace(
    /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|([pP]\{[^}]*\}))|\\.|\[|\]/gsu,
    (match, braced, four, property) => {
      if (match === "[") inClass = true;
      else if (match === "]") inClass = false;
      const hex = braced ?? four;
      if (hex !== undefined) {
        const char = String.fromCodePoint(Number.parseInt(hex, 16));
        return /[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char;
      }
      return property === undefined ? match : propertyClass(`\\${property}`, inClass);
    },
  );
}

/**
 * A string containing a match of `pattern`, of `minLength` to `maxLength` code points, as short as
 * randexp finds; undefined when none is found.
 */
export function samplePattern(
  pattern: LinearPattern,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  const source = forRandExp(pattern.source);
  const steps = 4 * minLength + 20_000;
  const fits = (sample: string | undefined): boolean => {
    if (sample === undefined) return false;
    const length = [...sample].length;
    return length >= minLength && length <= maxLength && pattern.test(sample);
  };
  for (const characters of ["ascii", "wide"] as const) {
    const shortest = write(source, "low", 0, characters, steps);
    if (fits(shortest)) return shortest;
    // Longer: every repetition to its most, open ones growing until the sample is long enough.
    let previous = -1;
    for (let extra = 1; extra <= 2 * Math.max(minLength, 1); extra *= 2) {
      const sample = write(source, "high", extra, characters, steps);
      if (sample === undefined || sample.length === previous || sample.length > 2 * maxLength) break;
      if (fits(sample)) return sample;
      previous = sample.length;
    }
    const random = seededRandom(hashString(pattern.source));
    for (let attempt = 0; attempt < RANDOM_TRIES; attempt++) {
      const sample = write(source, random, Math.max(minLength, 8), characters, steps);
      if (fits(sample)) return sample;
    }
  }
  return undefined;
}
