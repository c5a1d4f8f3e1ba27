/**
 * The in-memory related index (server/related/related-index.ts) answers what the database's function
 * answers, page for page, over thousands of analyses and odd words; and it does answer: with the function
 * dropped, the store's search still works.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticAnalyses } from "../../bench/synthetic-analyses";
import { relatedAnalysisIds } from "../../server/related/related-query";
import { openStore } from "../../server/store/open-store";
import type { Store, StoredAnalysis } from "../../server/store/types";

const ODD_WORDS = [
  "l'été à Montréal, l’été",
  "back\\slash and 'quoted' words",
  "emoji 😀 and 😀😀 and \uFF21\uFF22 full width",
  "日本語 の テキスト",
  "Straße strasse STRASSE",
  "ab\uE000cd ab\u{1F600}cd", // a private-use character and an astral one: UTF-16 and code point orders differ
];

function oddAnalyses(tenantId: string): StoredAnalysis[] {
  return Array.from({ length: 60 }, (_, index) => {
    const words = `${ODD_WORDS[index % ODD_WORDS.length]} ${ODD_WORDS[(index * 7) % ODD_WORDS.length]}`;
    return {
      tenantId,
      analysisId: `ana_odd_${String(index).padStart(3, "0")}`,
      createdAt: "2026-11-22T09:00:00.000Z",
      // equal updatedAt for many: ties fall to the analysis id
      updatedAt: `2026-11-22T09:${String(index % 3).padStart(2, "0")}:00.000Z`,
      analysis: {
        url: `https://site${index % 4}.example/${index}`,
        id: `page-${index % 9}`,
        title: index % 2 ? words : "",
        text: `${words} ${index}`,
      },
      ...(index % 5 === 0 && { textContent: ODD_WORDS[(index + 1) % ODD_WORDS.length] }),
    };
  });
}

describe("the in-memory related index", () => {
  let store: Store;
  let tenantId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    store = await openStore();
    tenantId = (await store.ensureKey("key_related_index", 1_000_000)).id;
    const records = [...syntheticAnalyses(tenantId, 2_000), ...oddAnalyses(tenantId)];
    for (let i = 0; i < records.length; i += 500) {
      const batch = records.slice(i, i + 500);
      await store.saveAnalyses(batch, {
        usageId: `use_index_${i}`,
        tenantId,
        costCredits: 0,
        links: batch.length,
        createdAt: "2026-11-22T09:00:00.000Z",
      });
    }
    ids.push(...records.filter((_, index) => index % 7 === 0).map((record) => record.analysisId));
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("answers every page as the database's function does, and keeps answering for the analyses it holds without it", async () => {
    const pages = [
      { offset: 0, limit: 10 },
      { offset: 10, limit: 25 },
    ];
    const expected = new Map<string, (string[] | null)[]>();
    for (const analysisId of ids) {
      expected.set(
        analysisId,
        await Promise.all(
          pages.map((page) => relatedAnalysisIds(store.db, { tenantId, analysisId, ...page })),
        ),
      );
    }
    expect(await store.warmRelatedIndex()).toBe(2_060);
    await store.db.execute(sql`ALTER FUNCTION related_analysis_ids RENAME TO related_analysis_ids_away`);
    try {
      for (const analysisId of ids) {
        const answered = await Promise.all(
          pages.map((page) => store.relatedAnalysisIds({ tenantId, analysisId, ...page })),
        );
        expect(answered, analysisId).toEqual(expected.get(analysisId));
      }
    } finally {
      await store.db.execute(sql`ALTER FUNCTION related_analysis_ids_away RENAME TO related_analysis_ids`);
    }
    // An analysis the index does not hold is asked of the database (it may be one the index has not read
    // yet): an unknown one is null there too.
    expect(
      await store.relatedAnalysisIds({ tenantId, analysisId: "ana_missing", offset: 0, limit: 10 }),
    ).toBe(null);
  });

  it("follows the store's writes: an edit moves an analysis into another's related list", async () => {
    const [source, moved] = ["ana_odd_003", "ana_seed_000100"];
    const before = await store.relatedAnalysisIds({ tenantId, analysisId: source, offset: 0, limit: 20 });
    expect(before).not.toContain(moved);
    const sourceRecord = await store.getAnalysis(tenantId, source);
    await store.updateAnalysis(tenantId, moved, {
      textContent: `${sourceRecord?.analysis.text} ${sourceRecord?.analysis.title}`.repeat(3),
    });
    const after = await store.relatedAnalysisIds({ tenantId, analysisId: source, offset: 0, limit: 20 });
    expect(after).toContain(moved);
    expect(after).toEqual(
      await relatedAnalysisIds(store.db, { tenantId, analysisId: source, offset: 0, limit: 20 }),
    );
  });

  it("follows a word past 100 holders and back under, as the database does", async () => {
    // 101 analyses hold "quokkaquest": past the limit a query lexeme may have; one edited loses it, so 100 do
    const holders = Array.from({ length: 101 }, (_, index) => ({
      tenantId,
      analysisId: `ana_quokka_${String(index).padStart(3, "0")}`,
      createdAt: "2026-11-28T07:00:00.000Z",
      updatedAt: "2026-11-28T07:00:00.000Z",
      analysis: {
        url: `https://quokka.example/${index}`,
        id: `quokka-${index}`,
        title: `wallabywalk${index % 3} ${index}`,
        text: `island notes ${index}`,
      },
      textContent: "quokkaquest marsupial",
    }));
    await store.saveAnalyses(holders, {
      usageId: "use_index_quokka",
      tenantId,
      costCredits: 0,
      links: holders.length,
      createdAt: "2026-11-28T07:00:00.000Z",
    });
    const sources = ["ana_quokka_000", "ana_quokka_050", "ana_quokka_100"];
    const compare = async () => {
      for (const analysisId of sources) {
        const page = { tenantId, analysisId, offset: 0, limit: 120 };
        const expected = await relatedAnalysisIds(store.db, page);
        await store.db.execute(sql`ALTER FUNCTION related_analysis_ids RENAME TO related_analysis_ids_away`);
        try {
          expect(await store.relatedAnalysisIds(page), analysisId).toEqual(expected);
        } finally {
          await store.db.execute(
            sql`ALTER FUNCTION related_analysis_ids_away RENAME TO related_analysis_ids`,
          );
        }
      }
    };
    await compare();
    await store.updateAnalysis(tenantId, "ana_quokka_007", { textContent: "marsupial renamed" });
    await compare();
    // and an edit that changes only the weights of a word it keeps
    await store.updateAnalysis(tenantId, "ana_quokka_008", {
      textContent: "quokkaquest marsupial quokkaquest",
    });
    // edited after it, with the word's weights unchanged: the newer of two equal ranks would come first
    await store.updateAnalysis(tenantId, "ana_quokka_011", { textContent: "marsupial quokkaquest" });
    await compare();
  });
});
