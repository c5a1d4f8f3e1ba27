/**
 * For a unit test file: the HTTPS fixture site and the real reference service, started once, with an API
 * client on it, and a way to create analyses there the way the extension does.
 */
import { beforeAll } from "vitest";
import { type ApiClient, createApiClient } from "../../../lib/api/client";
import type { AnalysisRecord, AnalyzeRequest } from "../../../lib/api/contract";
import { KEY, type SiteAndService, siteAndServicePerFile } from "../../server/helpers/service";

export const FACTS_SCHEMA = {
  type: "object",
  properties: { summary: { type: "string" } },
  required: ["summary"],
};

interface Analyzed {
  records: AnalysisRecord[];
  usageId: string;
  costCredits: number;
  links: string[];
}

export interface ServiceAnalyses extends SiteAndService {
  client: ApiClient;
  /** POST /v1/links, then each created record as GET /v1/analyses answers it. */
  analyze(paths: string[], extra?: Partial<AnalyzeRequest>): Promise<Analyzed>;
  /** One page analyzed; its record. */
  analyzeOne(path: string, extra?: Partial<AnalyzeRequest>): Promise<AnalysisRecord>;
}

/** `items[index]`, or a thrown error naming what was missing. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} (of ${items.length})`);
  return item;
}

export function serviceAnalysesPerFile(): ServiceAnalyses {
  // The site and the service are set by the helper's own beforeAll, which runs before this one.
  const context = siteAndServicePerFile() as ServiceAnalyses;
  beforeAll(() => {
    context.client = createApiClient({ baseUrl: context.service.url, apiKey: KEY, retry: { retries: 0 } });
    context.analyze = async (paths, extra = {}) => {
      const links = paths.map((path) => context.site.url(path));
      const response = await context.client.analyzeLinks({
        link: links,
        prompt: "What is this page about?",
        ...extra,
      });
      const records = await Promise.all(
        response.results.map((result) => context.client.getAnalysis(result.analysisId)),
      );
      return { records, usageId: response.usageId, costCredits: response.costCredits, links };
    };
    context.analyzeOne = async (path, extra) => itemAt((await context.analyze([path], extra)).records, 0);
  });
  return context;
}
