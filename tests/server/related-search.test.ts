import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import postgresClient from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RelatedSearch, relatedAnalysisIds } from "../../server/related/related-query";
import { queryRows } from "../../server/store/database";
import { openStore } from "../../server/store/open-store";
import type { Store, StoredAnalysis } from "../../server/store/types";
import { postgresPerFile } from "../helpers/postgres-cluster";

const postgres = postgresPerFile();

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(6, "0")}`;

interface DocSpec {
  id: string;
  text: string;
  title?: string;
  url?: string;
  page?: string;
  textContent?: string;
  updatedAt?: string;
  jsonContent?: Record<string, unknown>;
  metadata?: StoredAnalysis["metadata"];
}

/**
 * How a test searches: the database's function, or the store's search, which on PGlite, once its index is
 * built, answers from memory (related-index.ts) what has no filter.
 */
type Search = (store: Store, search: RelatedSearch) => Promise<string[] | null>;
const inDatabase: Search = (store, search) => relatedAnalysisIds(store.db, search);
const throughStore: Search = (store, search) => store.relatedAnalysisIds(search);

/** A tenant of its own (each test has one, so tests sharing a store cannot see each other) and its analyses. */
async function tenantWithAnalyses(store: Store, specs: DocSpec[], search: Search) {
  const tenant = await store.ensureKey(nextId("key"), 1_000_000);
  const analyses = specs.map((spec) => doc(tenant.id, spec));
  if (analyses.length > 0) {
    await store.saveAnalyses(analyses, {
      usageId: nextId("use"),
      tenantId: tenant.id,
      costCredits: 0,
      links: analyses.length,
      createdAt: "2026-11-22T09:30:00.000Z",
    });
  }
  const related = (analysisId: string, options: Partial<RelatedSearch> = {}) =>
    search(store, { tenantId: tenant.id, analysisId, offset: 0, limit: 100, ...options });
  return { tenantId: tenant.id, related };
}

function doc(tenantId: string, spec: DocSpec): StoredAnalysis {
  const url = spec.url ?? `https://${spec.id}.example.org/article`;
  return {
    tenantId,
    analysisId: spec.id,
    createdAt: "2026-11-22T09:00:00.000Z",
    updatedAt: spec.updatedAt ?? "2026-11-22T09:30:00.000Z",
    analysis: { url, id: spec.page ?? `page:${url}`, title: spec.title ?? "", text: spec.text },
    ...(spec.textContent !== undefined && { textContent: spec.textContent }),
    ...(spec.jsonContent !== undefined && { jsonContent: spec.jsonContent }),
    ...(spec.metadata !== undefined && { metadata: spec.metadata }),
  };
}

/** Ids are global in the store: each tenant's documents get their own. */
const named = (specs: DocSpec[]) => {
  const prefix = nextId("doc");
  return {
    specs: specs.map((spec) => ({ ...spec, id: `${prefix}_${spec.id}` })),
    id: (name: string) => `${prefix}_${name}`,
    name: (id: string) => id.slice(prefix.length + 1),
  };
};

const transportAndCooking: DocSpec[] = [
  {
    id: "query",
    title: "New tram line opens",
    text: "The city opens a new tram line. Public transport in the city gets faster trams and better stops.",
    url: "https://news.example.com/tram",
  },
  {
    id: "transport-1",
    title: "Tram timetable",
    text: "The tram line runs every ten minutes across the city. Transport officials expect more riders.",
  },
  {
    id: "transport-2",
    title: "City transport plan",
    text: "A plan for public transport: buses, a tram network and bike lanes for the whole city.",
  },
  {
    id: "transport-3",
    title: "Trams return",
    text: "Trams return to the old city centre as the transport authority extends the line.",
  },
  {
    id: "cooking-1",
    title: "Tomato sauce",
    text: "Simmer tomatoes with garlic and olive oil, then season the sauce with basil and salt.",
  },
  {
    id: "cooking-2",
    title: "Street food of the city",
    text: "A city guide to dumplings, noodles and grilled skewers; bring an appetite and some cash.",
  },
  {
    id: "cooking-3",
    title: "Bread baking",
    text: "Knead the dough, let it rise overnight and bake the bread in a hot oven until golden.",
  },
];

/** The related-search migrations' statements, to run again on a store holding analyses. */
const RELATED_SEARCH_STATEMENTS = ["0002_related_search.sql", "0003_related_search_terms.sql"].flatMap(
  (file) =>
    readFileSync(new URL(`../../server/store/migrations/${file}`, import.meta.url), "utf8").split(
      "--> statement-breakpoint",
    ),
);

/** A store whose related index is built: searches without filters are answered from memory. */
const withIndex = (open: () => Promise<Store>) => async () => {
  const store = await open();
  await store.warmRelatedIndex();
  return store;
};

/**
 * `followsDatabase`: the search sees writes made past the store (a DELETE the test runs itself), as the
 * database's function does and an index following the database's log does; PGlite's index reads that log
 * only after its store wrote.
 */
const STORES = [
  { name: "PGlite", open: () => openStore(), search: inDatabase, followsDatabase: true },
  {
    name: "PGlite, its index in memory",
    open: withIndex(() => openStore()),
    search: throughStore,
    followsDatabase: false,
  },
  {
    name: "Postgres",
    open: () => openStore({ databaseUrl: postgres.url }),
    search: inDatabase,
    followsDatabase: true,
  },
  {
    name: "Postgres, its index in memory",
    open: withIndex(() => openStore({ databaseUrl: postgres.url })),
    search: throughStore,
    followsDatabase: true,
  },
];

describe.each(STORES)("related search on $name", ({ open, search, followsDatabase }) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  const tenantWith = (store: Store, specs: DocSpec[]) => tenantWithAnalyses(store, specs, search);
  afterAll(async () => {
    await store?.close();
  });

  /** The tenant's related ids by their spec names. */
  async function relatedNames(specs: DocSpec[], query: string, options: Partial<RelatedSearch> = {}) {
    const docs = named(specs);
    const { related } = await tenantWith(store, docs.specs);
    return (await related(docs.id(query), options))?.map(docs.name) ?? null;
  }

  it("ranks analyses on the same topic above the others, and lists none that shares no term", async () => {
    const related = (await relatedNames(transportAndCooking, "query")) ?? [];
    expect(related.slice(0, 3).sort()).toEqual(["transport-1", "transport-2", "transport-3"]);
    // "city" is shared with cooking-2: related, but below
    expect(related.indexOf("cooking-2")).toBeGreaterThan(2);
    // "the", "a", "and", "in" are shared too, but are stop words
    expect(related).not.toContain("cooking-1");
    expect(related).not.toContain("cooking-3");
    expect(related).not.toContain("query");
  });

  it("lists only analyses with relatedness above 0: nothing when no term is shared", async () => {
    expect(
      await relatedNames(
        [
          { id: "lonely", text: "quantum chromodynamics" },
          { id: "x", text: "ravioli" },
        ],
        "lonely",
      ),
    ).toEqual([]);
  });

  it("builds its query from the terms other analyses share", async () => {
    // 30 words only the query holds, each twice: by tf-idf alone they would fill the whole query
    const ownWords = Array.from({ length: 30 }, (_, i) => `unique${i} unique${i}`).join(" ");
    expect(
      await relatedNames(
        [
          { id: "query", text: `${ownWords} tram` },
          { id: "shares-tram", text: "tram" },
          { id: "other", text: "bread" },
        ],
        "query",
      ),
    ).toEqual(["shares-tram"]);
  });

  it("queries the 8 shared terms of highest tf-idf", async () => {
    // term i (1…9) occurs 10 - i times in the query and in one other analysis: the same idf for all
    const terms = Array.from({ length: 9 }, (_, i) => `term${i + 1}x`);
    const text = terms.map((term, i) => `${term} `.repeat(9 - i)).join("");
    const related = await relatedNames(
      [{ id: "query", text }, ...terms.map((term) => ({ id: term, text: term }))],
      "query",
    );
    expect(related?.sort()).toEqual(terms.slice(0, 8));
  });

  it("leaves out words found in more than 100 of the tenant's analyses", async () => {
    const filler = Array.from({ length: 100 }, (_, i) => ({ id: `filler-${i}`, text: `common words ${i}` }));
    expect(
      await relatedNames(
        [{ id: "query", text: "common words about trams" }, { id: "tram", text: "trams" }, ...filler],
        "query",
      ),
    ).toEqual(["tram"]);
    // in 100 analyses, the query's included, a word still counts
    expect(
      await relatedNames(
        [
          { id: "query", text: "common words about trams" },
          { id: "tram", text: "trams" },
          ...filler.slice(1),
        ],
        "query",
      ),
    ).toHaveLength(100);
  });

  it("counts a word again once edits leave it in 100 analyses, and leaves it out again past that", async () => {
    const docs = named([
      { id: "query", text: "trams", textContent: "common" },
      { id: "tram", text: "trams" },
      ...Array.from({ length: 100 }, (_, i) => ({ id: `filler-${i}`, text: `${i}`, textContent: "common" })),
    ]);
    const { tenantId, related } = await tenantWith(store, docs.specs);
    const editFiller = async (textContent: string) => {
      const outcome = await store.updateAnalysis(tenantId, docs.id("filler-0"), { textContent });
      expect(outcome.kind).toBe("updated");
    };
    expect((await related(docs.id("query")))?.map(docs.name)).toEqual(["tram"]);
    await editFiller("other");
    const withCommon = (await related(docs.id("query")))?.map(docs.name);
    expect(withCommon).toHaveLength(100);
    expect(withCommon).not.toContain("filler-0");
    await editFiller("common");
    expect((await related(docs.id("query")))?.map(docs.name)).toEqual(["tram"]);
  });

  it("indexes the title, the page text and textContent", async () => {
    const related = await relatedNames(
      [
        { id: "query", text: "", title: "Tram" },
        { id: "by-title", text: "", title: "tram" },
        { id: "by-text", text: "tram" },
        { id: "by-text-content", text: "", textContent: "tram" },
        { id: "none", text: "bus" },
      ],
      "query",
    );
    expect(related?.sort()).toEqual(["by-text", "by-text-content", "by-title"]);
  });

  it("weighs the title above textContent, and textContent above the page text", async () => {
    const related = await relatedNames(
      [
        { id: "query", text: "tram", title: "tram" },
        { id: "in-text", text: "tram" },
        { id: "in-text-content", text: "", textContent: "tram" },
        { id: "in-title", text: "", title: "tram" },
      ],
      "query",
    );
    expect(related).toEqual(["in-title", "in-text-content", "in-text"]);
  });

  it("matches words of any language as written, without their stop words, and never fails on odd lexemes", async () => {
    const related = await relatedNames(
      [
        {
          id: "query",
          text: "Straßenbahn Zürich café 東京 it's C:\\path\\file o'clock https://x.example/it's",
        },
        { id: "german", text: "Die Straßenbahn fährt" },
        { id: "french", text: "Un café" },
        { id: "paths", text: "C:\\path\\file and https://x.example/it's" },
        { id: "accents-differ", text: "cafe strassenbahn" },
        { id: "stop-words", text: "die Katze, le chat, the cat, it's" },
      ],
      "query",
    );
    expect(related?.sort()).toEqual(["french", "german", "paths"]);
  });

  it("puts analyses of the same page first, even with no word in common", async () => {
    const page = "page:https://news.example.com/tram";
    const related = await relatedNames(
      [
        ...transportAndCooking,
        { id: "same-page-other-prompt", text: "zebra", page, url: "https://news.example.com/tram" },
        { id: "same-page-shared-words", text: "tram", page, url: "https://news.example.com/tram" },
      ],
      "query",
    );
    expect(related?.slice(0, 2)).toEqual(["same-page-shared-words", "same-page-other-prompt"]);
  });

  it("boosts the same site (www. or not) among related pages, but a site alone makes nothing related", async () => {
    const text = "Tram line extension approved by the council.";
    const related =
      (await relatedNames(
        [
          ...transportAndCooking,
          // the other site's copy is newer, so without the boost it would come first
          {
            id: "same-site",
            text,
            url: "https://www.news.example.com/council",
            updatedAt: "2026-11-22T10:00:00.000Z",
          },
          {
            id: "other-site",
            text,
            url: "https://elsewhere.example.net/council",
            updatedAt: "2026-11-22T11:00:00.000Z",
          },
          {
            id: "same-site-unrelated",
            text: "Ravioli recipe with sage butter",
            url: "https://news.example.com/food",
          },
        ],
        "query",
      )) ?? [];
    expect(related.indexOf("same-site")).toBeLessThan(related.indexOf("other-site"));
    expect(related.indexOf("other-site")).toBeGreaterThan(-1);
    expect(related).not.toContain("same-site-unrelated");
  });

  it("orders equal relatedness by updatedAt descending, then analysisId by code point", async () => {
    const text = "identical words about trams";
    expect(
      await relatedNames(
        [
          { id: "query", text },
          { id: "b-old", text, updatedAt: "2026-11-22T09:00:00.000Z" },
          { id: "c-new", text, updatedAt: "2026-11-22T12:00:00.000Z" },
          { id: "a-old", text, updatedAt: "2026-11-22T09:00:00.000Z" },
          { id: "B-old", text, updatedAt: "2026-11-22T09:00:00.000Z" },
          { id: "d-mid", text, updatedAt: "2026-11-22T10:00:00.000Z" },
        ],
        "query",
      ),
    ).toEqual(["c-new", "d-mid", "B-old", "a-old", "b-old"]);
  });

  it("orders by the updatedAt of the latest edit", async () => {
    const text = "identical words about trams";
    const docs = named([
      { id: "query", text },
      { id: "older", text, updatedAt: "2026-11-22T09:00:00.000Z" },
      { id: "newer", text, updatedAt: "2026-11-22T10:00:00.000Z" },
    ]);
    const { tenantId, related } = await tenantWith(store, docs.specs);
    expect((await related(docs.id("query")))?.map(docs.name)).toEqual(["newer", "older"]);
    await store.updateAnalysis(tenantId, docs.id("older"), { metadata: { edited: true } });
    expect((await related(docs.id("query")))?.map(docs.name)).toEqual(["older", "newer"]);
  });

  it("pages after ordering; a page past the end is empty", async () => {
    const text = "identical words about trams";
    const specs = [
      { id: "query", text },
      ...Array.from({ length: 5 }, (_, i) => ({
        id: `r${i}`,
        text,
        updatedAt: `2026-11-22T1${i}:00:00.000Z`,
      })),
    ];
    const docs = named(specs);
    const { related } = await tenantWith(store, docs.specs);
    const all = await related(docs.id("query"));
    expect(all?.map(docs.name)).toEqual(["r4", "r3", "r2", "r1", "r0"]);
    expect(await related(docs.id("query"), { offset: 0, limit: 2 })).toEqual(all?.slice(0, 2));
    expect(await related(docs.id("query"), { offset: 2, limit: 2 })).toEqual(all?.slice(2, 4));
    expect(await related(docs.id("query"), { offset: 4, limit: 2 })).toEqual(all?.slice(4));
    expect(await related(docs.id("query"), { offset: 6, limit: 2 })).toEqual([]);
    expect(await related(docs.id("query"), { offset: 9_000_000_000_000_000, limit: 100 })).toEqual([]);
  });

  describe("filters", () => {
    const base = { text: "tram line city transport" };
    const specs: DocSpec[] = [
      { id: "query", ...base },
      {
        id: "news-1",
        ...base,
        jsonContent: { kind: "news", count: 1, flag: null, done: true },
        metadata: JSON.parse('{"lang": "en", "__proto__": "x"}'),
      },
      {
        id: "news-str",
        ...base,
        jsonContent: { kind: "news", count: "1", done: "true" },
        metadata: { lang: "de" },
      },
      { id: "news-float", ...base, jsonContent: { kind: "news", count: 1.5, done: false } },
      {
        id: "blog",
        ...base,
        jsonContent: { kind: "blog", nested: { kind: "news" }, list: [1], nul: "a\u0000b" },
        metadata: { lang: null },
      },
      { id: "bare", ...base },
    ];
    let filtered: (options: Partial<RelatedSearch>) => Promise<string[] | undefined>;
    beforeAll(async () => {
      const docs = named(specs);
      const { related } = await tenantWith(store, docs.specs);
      filtered = async (options) => (await related(docs.id("query"), options))?.map(docs.name).sort();
    });

    it("match top-level values exactly, type included", async () => {
      expect(await filtered({ jsonContent: { kind: "news" } })).toEqual(["news-1", "news-float", "news-str"]);
      expect(await filtered({ jsonContent: { count: 1 } })).toEqual(["news-1"]);
      expect(await filtered({ jsonContent: { count: 1.0 } })).toEqual(["news-1"]);
      expect(await filtered({ jsonContent: { count: "1" } })).toEqual(["news-str"]);
      expect(await filtered({ jsonContent: { count: 1.5 } })).toEqual(["news-float"]);
      expect(await filtered({ jsonContent: { done: true } })).toEqual(["news-1"]);
      expect(await filtered({ jsonContent: { done: false } })).toEqual(["news-float"]);
      expect(await filtered({ jsonContent: { done: "true" } })).toEqual(["news-str"]);
      expect(await filtered({ jsonContent: { kind: "news", count: 1 } })).toEqual(["news-1"]);
      expect(await filtered({ jsonContent: { nested: "news" } })).toEqual([]);
      expect(await filtered({ jsonContent: { kind: "News" } })).toEqual([]);
      expect(await filtered({ jsonContent: { nul: "a\u0000b" } })).toEqual(["blog"]);
      expect(await filtered({ jsonContent: { nul: "a" } })).toEqual([]);
    });

    it("match null only to an explicit null", async () => {
      expect(await filtered({ jsonContent: { flag: null } })).toEqual(["news-1"]);
      expect(await filtered({ metadata: { lang: null } })).toEqual(["blog"]);
      expect(await filtered({ metadata: { missing: null } })).toEqual([]);
    });

    it("require both filters when both are given; empty filters match everything", async () => {
      expect(await filtered({ jsonContent: { kind: "news" }, metadata: { lang: "de" } })).toEqual([
        "news-str",
      ]);
      expect(await filtered({ jsonContent: { kind: "blog" }, metadata: { lang: "en" } })).toEqual([]);
      expect(await filtered({ jsonContent: {}, metadata: {} })).toEqual([
        "bare",
        "blog",
        "news-1",
        "news-float",
        "news-str",
      ]);
    });

    it("see own keys only, `__proto__` included", async () => {
      expect(await filtered({ jsonContent: { toString: "x" } })).toEqual([]);
      expect(await filtered({ metadata: JSON.parse('{"__proto__": "x"}') })).toEqual(["news-1"]);
      expect(await filtered({ metadata: JSON.parse('{"__proto__": "y"}') })).toEqual([]);
      expect(await filtered({ jsonContent: JSON.parse('{"__proto__": "x"}') })).toEqual([]);
    });

    it("page after filtering", async () => {
      const news = await filtered({ jsonContent: { kind: "news" } });
      expect(news).toHaveLength(3);
      expect(await filtered({ jsonContent: { kind: "news" }, offset: 2, limit: 5 })).toHaveLength(1);
      expect(await filtered({ jsonContent: { kind: "news" }, offset: 3, limit: 5 })).toEqual([]);
    });
  });

  it("follows edits and deletions, and its data stays that of a rebuild", async () => {
    const docs = named(transportAndCooking);
    const { tenantId, related } = await tenantWith(store, docs.specs);
    expect(await related(docs.id("query"))).not.toContain(docs.id("cooking-3"));

    const edit = (textContent: string) =>
      store.updateAnalysis(tenantId, docs.id("cooking-3"), { textContent }).then((outcome) => {
        expect(outcome.kind).toBe("updated");
      });
    await edit("Tram stops and public transport lines");
    expect(await related(docs.id("query"))).toContain(docs.id("cooking-3"));
    await store.updateAnalysis(tenantId, docs.id("cooking-3"), { metadata: { edited: true } });
    expect(await related(docs.id("query"))).toContain(docs.id("cooking-3"));
    expect(await searchDataDiffers(tenantId)).toEqual([]);

    await edit("Knead the dough");
    expect(await related(docs.id("query"))).not.toContain(docs.id("cooking-3"));
    expect(await searchDataDiffers(tenantId)).toEqual([]);

    if (!followsDatabase) return; // no request deletes
    await store.db.execute(sql`DELETE FROM analyses WHERE analysis_id = ${docs.id("transport-1")}`);
    expect(await related(docs.id("query"))).not.toContain(docs.id("transport-1"));
    expect(await searchDataDiffers(tenantId)).toEqual([]);
  });

  it("the migration run again on stored analyses rebuilds its data", async () => {
    const docs = named(transportAndCooking);
    const { tenantId, related } = await tenantWith(store, docs.specs);
    const before = await related(docs.id("query"));
    await store.db.execute(
      sql`UPDATE related_terms SET documents = documents + 7 WHERE tenant_id = ${tenantId}`,
    );
    for (const statement of RELATED_SEARCH_STATEMENTS) await store.db.execute(sql.raw(statement));
    expect(await searchDataDiffers(tenantId)).toEqual([]);
    expect(await related(docs.id("query"))).toEqual(before);
  });

  it("answers null for an unknown analysis, another tenant's, and an id holding U+0000", async () => {
    const docs = named(transportAndCooking);
    const ours = await tenantWith(store, docs.specs);
    const theirs = named([{ id: "theirs", text: "tram" }]);
    const other = await tenantWith(store, theirs.specs);
    expect(await ours.related(docs.id("missing"))).toBeNull();
    expect(await ours.related(theirs.id("theirs"))).toBeNull();
    expect(await other.related(docs.id("query"))).toBeNull();
    expect(await ours.related("ana_\u0000")).toBeNull();
  });

  it("keeps tenants apart: their analyses and their term counts", async () => {
    const ourDocs = named([
      { id: "query", text: "tram city" },
      { id: "city", text: "city" },
      { id: "tram", text: "tram" },
    ]);
    const ours = await tenantWith(store, ourDocs.specs);
    // "city" in more than 100 of their analyses: left out of their queries, not of ours
    const theirDocs = named([
      { id: "query", text: "city tram" },
      ...Array.from({ length: 101 }, (_, i) => ({ id: `city-${i}`, text: `city ${i}` })),
    ]);
    const theirs = await tenantWith(store, theirDocs.specs);
    expect((await ours.related(ourDocs.id("query")))?.map(ourDocs.name).sort()).toEqual(["city", "tram"]);
    expect(await theirs.related(theirDocs.id("query"))).toEqual([]);
  });

  /**
   * What the search data of the tenant gets wrong, against the analyses as stored now: the ids of analyses
   * whose search row differs (or is missing, or left over), and the lexemes whose count differs.
   */
  async function searchDataDiffers(tenantId: string) {
    const documents = await queryRows<{ analysis_id: string }>(
      store.db,
      sql`
        WITH expected AS (
          SELECT document.* FROM analyses AS stored, related_document(stored) AS document
          WHERE stored.tenant_id = ${tenantId}
        ),
        actual AS (SELECT * FROM related_documents WHERE tenant_id = ${tenantId})
        SELECT coalesce(expected.analysis_id, actual.analysis_id) AS analysis_id
        FROM expected FULL JOIN actual USING (analysis_id)
        WHERE (expected.*) IS DISTINCT FROM (actual.*)
      `,
    );
    const lexemes = await queryRows<{ lexeme: string }>(
      store.db,
      sql`
        WITH recount AS (
          SELECT lexeme, count(*)::int AS documents
          FROM (
            SELECT unnest(tsvector_to_array(document.words)) AS lexeme
            FROM analyses AS stored, related_document(stored) AS document
            WHERE stored.tenant_id = ${tenantId}
            UNION ALL SELECT '' FROM analyses WHERE tenant_id = ${tenantId}
          ) AS terms
          GROUP BY lexeme
        ),
        counted AS (SELECT lexeme, documents FROM related_terms WHERE tenant_id = ${tenantId})
        SELECT coalesce(recount.lexeme, counted.lexeme) AS lexeme
        FROM recount FULL JOIN counted ON counted.lexeme = recount.lexeme COLLATE "C"
        WHERE recount.documents IS DISTINCT FROM counted.documents
      `,
    );
    return [...documents.map((row) => row.analysis_id), ...lexemes.map((row) => `lexeme ${row.lexeme}`)];
  }
});

describe("related indexes of processes sharing one Postgres", () => {
  const opened: Store[] = [];
  const client = () => postgresClient(postgres.url, { max: 1, onnotice: () => {} });
  const openIndexed = async () => {
    const store = await withIndex(() => openStore({ databaseUrl: postgres.url }))();
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
  });

  /** Analyses written through `writer`, searched through `reader`'s index, with the database's answers. */
  async function tenantOn(writer: Store, reader: Store) {
    const docs = named(transportAndCooking);
    const { tenantId } = await tenantWithAnalyses(writer, docs.specs, throughStore);
    const search = (analysisId: string) => ({ tenantId, analysisId, offset: 0, limit: 100 });
    return {
      docs,
      tenantId,
      related: (name: string) => reader.relatedAnalysisIds(search(docs.id(name))),
      inDatabase: (name: string) => relatedAnalysisIds(reader.db, search(docs.id(name))),
    };
  }

  it("each index answers what another process wrote, edited and deleted, as soon as it committed", async () => {
    const [first, second] = [await openIndexed(), await openIndexed()];
    const { docs, tenantId, related, inDatabase } = await tenantOn(first, second);
    for (const name of ["query", "transport-1", "cooking-2"]) {
      expect(await related(name)).toEqual(await inDatabase(name));
    }
    expect(await related("query")).not.toContain(docs.id("cooking-3"));

    await first.updateAnalysis(tenantId, docs.id("cooking-3"), {
      textContent: "Tram stops and transport lines",
    });
    expect(await related("query")).toContain(docs.id("cooking-3"));
    await first.db.execute(sql`DELETE FROM analyses WHERE analysis_id = ${docs.id("transport-1")}`);
    expect(await related("query")).not.toContain(docs.id("transport-1"));
    expect(await related("query")).toEqual(await inDatabase("query"));
  });

  it("reads a write whose transaction committed after later ones, even one open when the index was built", async () => {
    const writer = await openIndexed();
    const reader = await openIndexed();
    const { docs, tenantId, related } = await tenantOn(writer, reader);
    const connection = client();
    try {
      // Each transaction is written into the log, and left open, before the other writes commit.
      const editLater = async (name: string, opened: () => Promise<unknown>) => {
        let commit = () => {};
        let written = () => {};
        const wrote = new Promise<void>((resolve) => {
          written = resolve;
        });
        const done = connection.begin(async (tx) => {
          await tx`UPDATE analyses SET text_content = 'Tram stops and transport lines' WHERE analysis_id = ${docs.id(name)}`;
          written();
          await new Promise<void>((resolve) => {
            commit = resolve;
          });
        });
        await wrote;
        await opened();
        commit();
        await done;
      };

      let lateReader: Store | undefined;
      await editLater("cooking-3", async () => {
        lateReader = await openIndexed(); // built while the edit is open
        const other = named([{ id: "later", text: "Bread and tram" }]);
        await tenantWithAnalyses(writer, other.specs, throughStore);
        expect(await related("query")).not.toContain(docs.id("cooking-3"));
      });
      expect(await related("query")).toContain(docs.id("cooking-3"));
      const search = { tenantId, analysisId: docs.id("query"), offset: 0, limit: 100 };
      expect(await lateReader?.relatedAnalysisIds(search)).toContain(docs.id("cooking-3"));
    } finally {
      await connection.end();
    }
  });

  it("builds its index anew when it read nothing for longer than the log keeps changes", async () => {
    const [first, second] = [await openIndexed(), await openIndexed()];
    const { docs, tenantId, related, inDatabase } = await tenantOn(first, second);
    expect(await related("query")).not.toContain(docs.id("cooking-3"));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    try {
      await first.updateAnalysis(tenantId, docs.id("cooking-3"), {
        textContent: "Tram stops and transport lines",
      });
      await first.db.execute(sql`DELETE FROM related_changes`); // what ten minutes of pruning does
      expect(await related("query")).toContain(docs.id("cooking-3"));
      await second.warmRelatedIndex();
      expect(await related("query")).toEqual(await inDatabase("query"));
    } finally {
      vi.useRealTimers();
    }
  });
});
