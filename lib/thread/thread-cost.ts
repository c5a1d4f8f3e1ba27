/**
 * What a thread cost: the sum of its turns' credits, as the library's row and the answer's foot say it,
 * or nothing when a turn's cost is not known in this browser (a sum that leaves a turn out would mislead).
 */
export function threadCredits(costs: readonly (number | undefined)[]): number | undefined {
  let total = 0;
  for (const cost of costs) {
    if (cost === undefined) return undefined;
    total += cost;
  }
  return total;
}
