import type { CachedAnalysis, FullCachedAnalysis } from "../../../lib/db/schema";

/** A cached row as `cacheRecords` writes it for a full record, with the given fields changed. */
export function cachedRow(overrides: Partial<FullCachedAnalysis> = {}): CachedAnalysis {
  return {
    analysisId: "ana_1",
    createdAt: "2026-11-22T09:30:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
    analysis: {
      url: "https://news.example.com/story",
      id: "page-1",
      title: "A story",
      author: "Ada",
      publishedDate: "2026-11-20T08:00:00.000Z",
      score: 0.75,
    },
    textContent: "The story in short.",
    jsonContent: { summary: "short" },
    metadata: { project: "alpha" },
    pageUrl: "https://news.example.com/story",
    pageId: "page-1",
    host: "example.com",
    cachedAt: 1_000,
    ...overrides,
  };
}

/** A partial row as `cacheRecords` writes it for a record known only from a listing's selected fields. */
export function partialRow(analysisId: string): CachedAnalysis {
  return {
    analysisId,
    updatedAt: "2026-11-22T10:00:00.000Z",
    partial: true,
    pageUrl: "",
    pageId: "",
    host: "",
    cachedAt: 1,
  };
}
