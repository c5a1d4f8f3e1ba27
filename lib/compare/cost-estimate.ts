/**
 * "About N credits" before a comparison is sent: the credits per analyzed page the service charged this
 * browser's earlier jobs of the same kind (with a schema or without), else the contract's 1 a link, 2
 * with a schema. Only analyzed pages are charged, so the estimate is the most it should cost.
 */
import type { AnalyzeJob } from "../db/schema";

export function creditsPerLink(history: readonly AnalyzeJob[], withSchema: boolean): number {
  let credits = 0;
  let analyzed = 0;
  for (const job of history) {
    if ((job.request.responseFormat !== undefined) !== withSchema) continue;
    credits += job.costCredits;
    analyzed += job.analysisIds.length;
  }
  if (analyzed === 0) return withSchema ? 2 : 1;
  return credits / analyzed;
}

export function estimateCredits(links: number, history: readonly AnalyzeJob[], withSchema: boolean): number {
  return Math.ceil(links * creditsPerLink(history, withSchema));
}
