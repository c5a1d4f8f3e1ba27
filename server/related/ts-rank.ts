/**
 * Postgres's `ts_rank(words, query)` with the default weights and no normalization, for a query that ORs
 * lexemes (what related search asks), computed as Postgres computes it (`calc_rank_or` in tsrank.c), in
 * single precision where it uses `float`, so that ranks, and so the order of ties, are the database's:
 * - each query lexeme the vector holds adds, over its positions j = 1…n with weights w_j,
 *   `(w_max + Σ w_j / j² − w_max / j_max²) / (π²/6)`, w_max being the first greatest weight;
 * - the sum, taken over the query's lexemes in byte order, is divided by the number of query lexemes.
 */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround); // D, C, B, A
const PI_SQUARED_OVER_6 = 1.64493406685;
const f = Math.fround;

/** One lexeme's part of a rank, before the division by the query's size; `weights` as tsvector-text.ts reads them. */
export function lexemeRankPart(weights: readonly number[]): number {
  const positions = weights.length > 0 ? weights : [0];
  let sum = f(0);
  let greatest = f(-1);
  let greatestAt = 0;
  for (const [j, weight] of positions.entries()) {
    const w = WEIGHTS[weight] as number;
    sum = f(sum + f(w / ((j + 1) * (j + 1))));
    if (w > greatest) {
      greatest = w;
      greatestAt = j;
    }
  }
  return f(f(greatest + sum) - f(greatest / ((greatestAt + 1) * (greatestAt + 1)))) / PI_SQUARED_OVER_6;
}

/** A rank summed so far plus the next query lexeme's part (lexemes in the query's byte order). */
export const addRankPart = (sum: number, part: number) => f(sum + part);

/** The rank from the sum of its parts, for a query of `querySize` lexemes. */
export function finishRank(sum: number, querySize: number): number {
  const rank = querySize > 0 ? f(sum / querySize) : sum;
  return rank < 0 ? f(1e-20) : rank;
}
