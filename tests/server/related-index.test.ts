import { describe, expect, it } from "vitest";
import { createRelatedIndex, simpleTerms } from "../../server/related/related-index";
import type { StoredAnalysis } from "../../server/store/types";

const TENANT = "ten_alpha";
const OTHER_TENANT = "ten_beta";

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
  tenantId?: string;
}

function doc(spec: DocSpec): StoredAnalysis {
  const url = spec.url ?? `https://${spec.id}.example.org/article`;
  const updatedAt = spec.updatedAt ?? "2026-11-22T09:30:00.000Z";
  return {
    tenantId: spec.tenantId ?? TENANT,
    analysisId: spec.id,
    createdAt: "2026-11-22T09:00:00.000Z",
    updatedAt,
    analysis: { url, id: spec.page ?? `page:${url}`, title: spec.title ?? "", text: spec.text },
    ...(spec.textContent !== undefined && { textContent: spec.textContent }),
    ...(spec.jsonContent !== undefined && { jsonContent: spec.jsonContent }),
    ...(spec.metadata !== undefined && { metadata: spec.metadata }),
  };
}

/** A related index over a fixed set of analyses, counting its loads. */
function indexOver(analyses: StoredAnalysis[]) {
  const loads: string[] = [];
  const index = createRelatedIndex(async (tenantId) => {
    loads.push(tenantId);
    return analyses.filter((analysis) => analysis.tenantId === tenantId);
  });
  return { index, loads };
}

const transportAndCooking = [
  doc({
    id: "query",
    title: "New tram line opens",
    text: "The city opens a new tram line. Public transport in the city gets faster trams and better stops.",
    url: "https://news.example.com/tram",
  }),
  doc({
    id: "transport-1",
    title: "Tram timetable",
    text: "The tram line runs every ten minutes across the city. Transport officials expect more riders.",
  }),
  doc({
    id: "transport-2",
    title: "City transport plan",
    text: "A plan for public transport: buses, a tram network and bike lanes for the whole city.",
  }),
  doc({
    id: "transport-3",
    title: "Trams return",
    text: "Trams return to the old city centre as the transport authority extends the line.",
  }),
  doc({
    id: "cooking-1",
    title: "Tomato sauce",
    text: "Simmer tomatoes with garlic and olive oil, then season the sauce with basil and salt.",
  }),
  doc({
    id: "cooking-2",
    title: "Street food of the city",
    text: "A city guide to dumplings, noodles and grilled skewers; bring an appetite and some cash.",
  }),
  doc({
    id: "cooking-3",
    title: "Bread baking",
    text: "Knead the dough, let it rise overnight and bake the bread in a hot oven until golden.",
  }),
];

describe("simpleTerms", () => {
  it("lower-cases, splits on anything but letters, marks and digits, drops short and stop words", () => {
    expect(simpleTerms("The Tram-line 42, a CAFÉ in Zürich: 東京 and नमस्ते x")).toEqual([
      "tram",
      "line",
      "42",
      "café",
      "zürich",
      "東京",
      "नमस्ते",
    ]);
  });
});

describe("createRelatedIndex", () => {
  it("ranks documents on the same topic above the others", async () => {
    const { index } = indexOver(transportAndCooking);
    const related = await index.related(TENANT, "query");

    expect(related?.slice(0, 3).sort()).toEqual(["transport-1", "transport-2", "transport-3"]);
    // "city" is shared with a cooking page: related, but far below
    expect(related).toContain("cooking-2");
    expect(related?.indexOf("cooking-2")).toBeGreaterThan(2);
  });

  it("never lists the analysis itself and leaves out analyses that share nothing", async () => {
    const { index } = indexOver(transportAndCooking);
    const related = await index.related(TENANT, "query");
    expect(related).not.toContain("query");
    expect(related).not.toContain("cooking-1");
    expect(related).not.toContain("cooking-3");
  });

  it("lists nothing when nothing shares a term", async () => {
    const { index } = indexOver([
      doc({ id: "lonely", text: "quantum chromodynamics" }),
      doc({ id: "x", text: "ravioli" }),
    ]);
    expect(await index.related(TENANT, "lonely")).toEqual([]);
  });

  it("builds its query from the terms other analyses share", async () => {
    // 30 words only the query holds, each twice: by tf-idf alone they would fill the whole query
    const ownWords = Array.from({ length: 30 }, (_, i) => `unique${i} unique${i}`).join(" ");
    const { index } = indexOver([
      doc({ id: "query", text: `${ownWords} tram` }),
      doc({ id: "shares-tram", text: "tram" }),
      doc({ id: "other", text: "bread" }),
    ]);
    expect(await index.related(TENANT, "query")).toEqual(["shares-tram"]);
  });

  it("puts an analysis of the same page first, even with no word in common", async () => {
    const page = "page:https://news.example.com/tram";
    const { index } = indexOver([
      ...transportAndCooking,
      doc({ id: "same-page-other-prompt", text: "zebra", page, url: "https://news.example.com/tram" }),
      doc({ id: "same-page-shared-words", text: "tram", page, url: "https://news.example.com/tram" }),
    ]);
    const related = await index.related(TENANT, "query");
    expect(related?.slice(0, 2)).toEqual(["same-page-shared-words", "same-page-other-prompt"]);
  });

  it("boosts the same site among textually related pages, but a site alone makes nothing related", async () => {
    const text = "Tram line extension approved by the city council.";
    const { index } = indexOver([
      ...transportAndCooking,
      // the other site's copy is newer, so without the boost it would come first
      doc({
        id: "same-site",
        text,
        url: "https://www.news.example.com/council",
        updatedAt: "2026-11-22T10:00:00.000Z",
      }),
      doc({
        id: "other-site",
        text,
        url: "https://elsewhere.example.net/council",
        updatedAt: "2026-11-22T11:00:00.000Z",
      }),
      doc({
        id: "same-site-unrelated",
        text: "Ravioli recipe with sage butter",
        url: "https://news.example.com/food",
      }),
    ]);
    const related = (await index.related(TENANT, "query")) ?? [];
    expect(related.indexOf("same-site")).toBeLessThan(related.indexOf("other-site"));
    expect(related).not.toContain("same-site-unrelated");
  });

  describe("filters", () => {
    const base = { text: "tram line city transport" };
    const analyses = [
      doc({ id: "query", ...base }),
      doc({
        id: "news-1",
        ...base,
        jsonContent: { kind: "news", count: 1, flag: null },
        metadata: { lang: "en" },
      }),
      doc({ id: "news-str", ...base, jsonContent: { kind: "news", count: "1" }, metadata: { lang: "de" } }),
      doc({ id: "blog", ...base, jsonContent: { kind: "blog", nested: { kind: "news" }, list: [1] } }),
      doc({ id: "bare", ...base }),
    ];
    const { index } = indexOver(analyses);
    const sorted = async (options: Parameters<typeof index.related>[2]) =>
      ((await index.related(TENANT, "query", options)) ?? []).sort();

    it("match top-level values exactly, type included", async () => {
      expect(await sorted({ jsonContent: { kind: "news" } })).toEqual(["news-1", "news-str"]);
      expect(await sorted({ jsonContent: { count: 1 } })).toEqual(["news-1"]);
      expect(await sorted({ jsonContent: { count: "1" } })).toEqual(["news-str"]);
      expect(await sorted({ jsonContent: { kind: "news", count: 1 } })).toEqual(["news-1"]);
      expect(await sorted({ jsonContent: { nested: "news" } })).toEqual([]);
      expect(await sorted({ jsonContent: { kind: "News" } })).toEqual([]);
    });

    it("match null only to an explicit null", async () => {
      expect(await sorted({ jsonContent: { flag: null } })).toEqual(["news-1"]);
      expect(await sorted({ metadata: { lang: null } })).toEqual([]);
    });

    it("require both filters when both are given; empty filters match everything", async () => {
      expect(await sorted({ jsonContent: { kind: "news" }, metadata: { lang: "de" } })).toEqual(["news-str"]);
      expect(await sorted({ jsonContent: { kind: "blog" }, metadata: { lang: "en" } })).toEqual([]);
      expect(await sorted({ jsonContent: {}, metadata: {} })).toEqual(["bare", "blog", "news-1", "news-str"]);
    });

    it("do not see inherited properties", async () => {
      expect(await sorted({ jsonContent: { toString: "x" } })).toEqual([]);
      expect(await sorted({ jsonContent: JSON.parse('{"__proto__": "x"}') })).toEqual([]);
    });
  });

  it("orders equal relatedness by updatedAt descending, then analysisId ascending", async () => {
    const text = "identical words about trams";
    const { index } = indexOver([
      doc({ id: "query", text }),
      doc({ id: "b-old", text, updatedAt: "2026-11-22T09:00:00.000Z" }),
      doc({ id: "c-new", text, updatedAt: "2026-11-22T12:00:00.000Z" }),
      doc({ id: "a-old", text, updatedAt: "2026-11-22T09:00:00.000Z" }),
      doc({ id: "d-mid", text, updatedAt: "2026-11-22T10:00:00.000Z" }),
    ]);
    expect(await index.related(TENANT, "query")).toEqual(["c-new", "d-mid", "a-old", "b-old"]);
  });

  it("indexes title, page text and textContent", async () => {
    const { index } = indexOver([
      doc({ id: "query", text: "", title: "Tram" }),
      doc({ id: "by-title", text: "", title: "tram" }),
      doc({ id: "by-text", text: "tram" }),
      doc({ id: "by-text-content", text: "", textContent: "tram" }),
      doc({ id: "none", text: "bus" }),
    ]);
    expect((await index.related(TENANT, "query"))?.sort()).toEqual([
      "by-text",
      "by-text-content",
      "by-title",
    ]);
  });

  it("follows upserts: new analyses, changed texts, and ignores stale copies", async () => {
    const analyses = [...transportAndCooking];
    const { index } = indexOver(analyses);
    expect(await index.related(TENANT, "query")).not.toContain("cooking-3");

    const changed = {
      ...doc({ id: "cooking-3", text: "Tram stops and transport lines" }),
      updatedAt: "2026-11-23T00:00:00.000Z",
    };
    index.upsert(changed);
    index.upsert(doc({ id: "new-transport", text: "tram transport city line trams" }));
    let related = await index.related(TENANT, "query");
    expect(related).toContain("cooking-3");
    expect(related).toContain("new-transport");

    index.upsert(doc({ id: "cooking-3", text: "Knead the dough", updatedAt: "2026-11-22T00:00:00.000Z" }));
    expect(await index.related(TENANT, "query")).toContain("cooking-3");

    index.upsert({
      ...changed,
      analysis: { ...changed.analysis, text: "Knead the dough" },
      updatedAt: "2026-11-24T00:00:00.000Z",
    });
    related = await index.related(TENANT, "query");
    expect(related).not.toContain("cooking-3");
  });

  it("answers null for an unknown analysis and for another tenant's", async () => {
    const { index } = indexOver([
      ...transportAndCooking,
      doc({ id: "theirs", text: "tram", tenantId: OTHER_TENANT }),
    ]);
    expect(await index.related(TENANT, "missing")).toBeNull();
    expect(await index.related(TENANT, "theirs")).toBeNull();
    expect(await index.related(OTHER_TENANT, "query")).toBeNull();
  });

  it("keeps tenants apart", async () => {
    const { index, loads } = indexOver([
      ...transportAndCooking,
      doc({ id: "their-query", text: "tram line city transport", tenantId: OTHER_TENANT }),
      doc({ id: "their-tram", text: "tram line", tenantId: OTHER_TENANT }),
    ]);
    expect(await index.related(OTHER_TENANT, "their-query")).toEqual(["their-tram"]);
    const ours = await index.related(TENANT, "query");
    expect(ours).not.toContain("their-tram");
    expect(ours).not.toContain("their-query");

    index.upsert(doc({ id: "their-new", text: "tram line city", tenantId: OTHER_TENANT }));
    expect(await index.related(TENANT, "query")).not.toContain("their-new");
    expect(await index.related(OTHER_TENANT, "their-query")).toContain("their-new");
    expect(loads).toEqual([OTHER_TENANT, TENANT]);
  });

  it("loads a tenant once, even for concurrent first calls, and ignores upserts before the first call", async () => {
    const analyses = [...transportAndCooking];
    const { index, loads } = indexOver(analyses);
    const written = doc({ id: "written-before-load", text: "tram transport" });
    analyses.push(written);
    index.upsert(written); // not loaded yet: ignored, the load reads it

    const answers = await Promise.all([index.related(TENANT, "query"), index.related(TENANT, "transport-1")]);
    expect(loads).toEqual([TENANT]);
    expect(answers[0]).toContain("written-before-load");
  });

  it("keeps an upsert that races the load", async () => {
    let finishLoad: (analyses: StoredAnalysis[]) => void = () => {};
    const index = createRelatedIndex(() => new Promise((resolve) => (finishLoad = resolve)));
    const pending = index.related(TENANT, "query");

    const racing = doc({ id: "racing", text: "tram line", updatedAt: "2026-11-22T12:00:00.000Z" });
    index.upsert(racing);
    // the load read the analysis before its update, and misses the new one
    const before = doc({
      id: "updated-during-load",
      text: "bread dough",
      updatedAt: "2026-11-22T09:00:00.000Z",
    });
    index.upsert({
      ...before,
      analysis: { ...before.analysis, text: "tram city" },
      updatedAt: "2026-11-22T13:00:00.000Z",
    });
    finishLoad([...transportAndCooking, before]);

    const related = await pending;
    expect(related).toContain("racing");
    expect(related).toContain("updated-during-load");
  });

  it("retries a load that failed", async () => {
    let attempts = 0;
    const index = createRelatedIndex(async () => {
      attempts++;
      if (attempts === 1) throw new Error("store unavailable");
      return transportAndCooking;
    });
    await expect(index.related(TENANT, "query")).rejects.toThrow("store unavailable");
    expect(await index.related(TENANT, "query")).toContain("transport-1");
    expect(attempts).toBe(2);
  });

  it("uses the terms function it is given", async () => {
    const index = createRelatedIndex(async () => transportAndCooking, {
      terms: (text) => (text.includes("oven") || text.includes("garlic") ? ["kitchen"] : []),
    });
    expect(await index.related(TENANT, "cooking-1")).toEqual(["cooking-3"]);
  });

  it("stays fast at 10,000 analyses of about 3 KB (timings printed, not asserted)", async () => {
    const corpus = syntheticCorpus(10_000);
    const bytes = corpus.reduce((sum, analysis) => sum + (analysis.analysis.text?.length ?? 0), 0);
    const index = createRelatedIndex(async () => corpus);

    let started = performance.now();
    await index.related(TENANT, "syn_0");
    const loadMs = performance.now() - started;

    const random = mulberry32(7);
    const timings: number[] = [];
    let listed = 0;
    for (let i = 0; i < 300; i++) {
      const id = `syn_${Math.floor(random() * corpus.length)}`;
      started = performance.now();
      const related = await index.related(TENANT, id);
      timings.push(performance.now() - started);
      listed += related?.length ?? 0;
    }
    timings.sort((a, b) => a - b);
    const at = (fraction: number) =>
      (timings[Math.floor(fraction * (timings.length - 1))] as number).toFixed(2);
    const mean = timings.reduce((sum, ms) => sum + ms, 0) / timings.length;

    started = performance.now();
    for (let i = 0; i < 100; i++) {
      const source = corpus[i] as StoredAnalysis;
      index.upsert({
        ...source,
        textContent: "edited text about tram lines",
        updatedAt: "2027-01-01T00:00:00.000Z",
      });
    }
    const upsertMs = (performance.now() - started) / 100;

    console.log(
      `related index, ${corpus.length} analyses (${(bytes / corpus.length / 1024).toFixed(1)} KB of text each): ` +
        `load+index ${loadMs.toFixed(0)} ms; related query mean ${mean.toFixed(2)} ms, p50 ${at(0.5)} ms, ` +
        `p95 ${at(0.95)} ms, max ${at(1)} ms (${Math.round(listed / timings.length)} ids listed on average); ` +
        `upsert ${upsertMs.toFixed(2)} ms`,
    );
    expect(listed).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// A deterministic synthetic corpus: 40 topics, each with its own words, over a shared Zipf-like vocabulary.

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticCorpus(count: number): StoredAnalysis[] {
  const random = mulberry32(42);
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "te",
    "vo",
    "zi",
    "pa",
    "do",
    "fe",
    "gu",
    "hi",
    "jo",
    "be",
  ];
  const word = () =>
    Array.from(
      { length: 2 + Math.floor(random() * 3) },
      () => syllables[Math.floor(random() * syllables.length)],
    ).join("");
  const vocabulary = Array.from({ length: 20_000 }, word);
  const topics = Array.from({ length: 40 }, () => Array.from({ length: 150 }, word));
  const zipf = (size: number) => Math.floor(size ** random()) % size;

  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length] as string[];
    const words: string[] = [];
    let length = 0;
    while (length < 3_000) {
      const next =
        random() < 0.3
          ? (topic[zipf(topic.length)] as string)
          : (vocabulary[zipf(vocabulary.length)] as string);
      words.push(next);
      length += next.length + 1;
    }
    return doc({
      id: `syn_${i}`,
      title: words.slice(0, 6).join(" "),
      text: words.join(" "),
      url: `https://site${i % 500}.example.com/${i}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    });
  });
}
