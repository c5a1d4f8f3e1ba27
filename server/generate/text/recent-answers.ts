/**
 * A pure function's answers for the last few arguments it was called with. A page thread reads the same
 * prompt for every link of a request (a 20-link request read it 20 times, about a tenth of a link's work:
 * issue 45's profile). Answers are frozen, so that no caller can change what the next one is given.
 */
import { remember } from "../../../lib/library/recently-used";

export function rememberRecent<Args extends string[], Answer>(
  size: number,
  compute: (...args: Args) => Answer,
): (...args: Args) => Answer {
  const answers = new Map<string, Answer>();
  return (...args) => {
    const key = JSON.stringify(args);
    const answer = answers.has(key) ? (answers.get(key) as Answer) : deepFreeze(compute(...args));
    return remember(answers, key, answer, size);
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
