import { i18n } from "#i18n";
import type { AnalyzeJob } from "../db/schema";

/** "Compare: 24 pages · schema Pricing": how the library and the table name a comparison. */
export function comparisonTitle(job: AnalyzeJob): string {
  const pages = i18n.t("compare.title", job.request.links.length, { count: job.request.links.length });
  const name = job.comparison?.schemaName;
  return name ? `${pages} · ${i18n.t("compare.schemaNamed", { name })}` : pages;
}
