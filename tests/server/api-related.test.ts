import { beforeAll, describe, expect, it } from "vitest";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();
const ids: Record<string, string> = {};

beforeAll(async () => {
  // One page analyzed six times with different metadata: the same-page boost makes each related to the
  // others whatever their words, so the filters alone decide what is listed.
  const plan: [string, string, Record<string, string | number | boolean | null>][] = [
    ["news", "/news/article.html", { team: "city", rank: 1 }],
    ["news2", "/news/article.html", { team: "city", rank: 2 }],
    ["blog", "/news/article.html", { team: "food", rank: 1 }],
    ["fr", "/news/article.html", { team: "food", rank: null }],
    ["plain", "/news/article.html", { team: "nature", rank: "1" }],
    ["gallery", "/news/article.html", { team: "nature", rank: 3 }],
    ["otherPage", "/blog/post.html", { team: "city", rank: 5 }],
  ];
  for (const [name, path, metadata] of plan) {
    const { body } = await env.service.call("POST", "/v1/links", {
      body: { link: [env.site.url(path)], prompt: "Summarize the page", metadata },
    });
    ids[name] = body.results[0].analysisId;
  }
});

const related = async (query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return env.service.call("GET", `/v1/analyses/related?${search}`);
};

describe("GET /v1/analyses/related", () => {
  it("lists the other analyses by relatedness, the same page first, never the analysis itself", async () => {
    const { status, body } = await related({ analysisId: ids.news as string, pageSize: "100" });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const listed = body.map((r: { analysisId: string }) => r.analysisId);
    expect(listed).not.toContain(ids.news);
    expect(new Set(listed).size).toBe(listed.length);
    const samePage = ["news2", "blog", "fr", "plain", "gallery"].map((name) => ids[name]);
    expect(listed.slice(0, 5).sort()).toEqual(samePage.sort());
    // equal relatedness: the most recently updated first
    expect(listed.slice(0, 5)).toEqual([...samePage].reverse());
  });

  it("pages after filtering; a page past the end is empty", async () => {
    const all = (await related({ analysisId: ids.blog as string, pageSize: "100" })).body;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const first = (await related({ analysisId: ids.blog as string, pageSize: "1", pageNum: "1" })).body;
    const second = (await related({ analysisId: ids.blog as string, pageSize: "1", pageNum: "2" })).body;
    expect(first[0].analysisId).toBe(all[0].analysisId);
    expect(second[0].analysisId).toBe(all[1].analysisId);
    expect((await related({ analysisId: ids.blog as string, pageNum: "99" })).body).toEqual([]);
  });

  it("filters by metadata with exact type and value, null only matching an explicit null", async () => {
    const ofTeam = (
      await related({
        analysisId: ids.news as string,
        metadata: JSON.stringify({ team: "nature" }),
        pageSize: "100",
      })
    ).body;
    expect(ofTeam.map((r: { analysisId: string }) => r.analysisId).sort()).toEqual(
      [ids.plain, ids.gallery].sort(),
    );
    const rankOne = (
      await related({
        analysisId: ids.news as string,
        metadata: JSON.stringify({ rank: 1 }),
        pageSize: "100",
      })
    ).body;
    expect(rankOne.map((r: { analysisId: string }) => r.analysisId)).toEqual([ids.blog]);
    const rankNull = (
      await related({ analysisId: ids.news as string, metadata: JSON.stringify({ rank: null }) })
    ).body;
    expect(rankNull.map((r: { analysisId: string }) => r.analysisId)).toEqual([ids.fr]);
    const both = (
      await related({ analysisId: ids.news as string, metadata: JSON.stringify({ team: "food", rank: 1 }) })
    ).body;
    expect(both.map((r: { analysisId: string }) => r.analysisId)).toEqual([ids.blog]);
  });

  it("filters by top-level jsonContent values", async () => {
    await env.service.call("POST", "/v1/analyses", {
      body: { analysisId: ids.gallery, jsonContent: { kind: "photo", n: 3 } },
    });
    await env.service.call("POST", "/v1/analyses", {
      body: { analysisId: ids.plain, jsonContent: { kind: "text", n: 3 } },
    });
    const photos = (
      await related({ analysisId: ids.news as string, jsonContent: JSON.stringify({ kind: "photo" }) })
    ).body;
    expect(photos.map((r: { analysisId: string }) => r.analysisId)).toEqual([ids.gallery]);
    const combined = (
      await related({
        analysisId: ids.news as string,
        jsonContent: JSON.stringify({ n: 3 }),
        metadata: JSON.stringify({ team: "nature", rank: "1" }),
      })
    ).body;
    expect(combined.map((r: { analysisId: string }) => r.analysisId)).toEqual([ids.plain]);
  });

  it("returns only the selected fields, plus analysisId", async () => {
    const { body } = await related({ analysisId: ids.news as string, selectFields: " analysis , metadata " });
    expect(body.length).toBeGreaterThan(0);
    for (const record of body)
      expect(Object.keys(record).sort()).toEqual(["analysis", "analysisId", "metadata"]);
    const bare = (await related({ analysisId: ids.news as string, selectFields: "analysisId" })).body;
    for (const record of bare) expect(Object.keys(record)).toEqual(["analysisId"]);
  });

  it("answers 400 for bad parameters and 404 for an unknown analysis", async () => {
    const id = ids.news as string;
    const bad: [Record<string, string>, string][] = [
      [{}, "analysisId"],
      [{ analysisId: id, pageNum: "0" }, "pageNum"],
      [{ analysisId: id, pageNum: "1.5" }, "pageNum"],
      [{ analysisId: id, pageSize: "0" }, "pageSize"],
      [{ analysisId: id, pageSize: "101" }, "pageSize"],
      [{ analysisId: id, pageSize: "ten" }, "pageSize"],
      [{ analysisId: id, selectFields: "analysis,secret" }, "selectFields"],
      [{ analysisId: id, metadata: "{not json" }, "metadata"],
      [{ analysisId: id, metadata: "[1,2]" }, "metadata"],
      [{ analysisId: id, jsonContent: JSON.stringify({ a: { b: 1 } }) }, "jsonContent"],
      [{ analysisId: id, sort: "asc" }, "sort"],
    ];
    for (const [query, path] of bad) {
      const response = await related(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await related({ analysisId: "ana_unknown" })).status).toBe(404);
    const otherTenant = await env.service.call("GET", `/v1/analyses/related?analysisId=${id}`, {
      key: "lk_test_beta",
    });
    expect(otherTenant.status).toBe(404);
  });
});
