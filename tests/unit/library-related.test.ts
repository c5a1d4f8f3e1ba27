/**
 * The related list: the form's controls to the contract's parameters, and the worker's lister against the
 * real reference service over HTTP, its cache in fake-indexeddb.
 */
import "fake-indexeddb/auto";
import { beforeAll, describe, expect, it } from "vitest";
import { createAnalysisReader } from "../../entrypoints/background/analyses";
import { createRelatedLister } from "../../entrypoints/background/related";
import { createApiClient } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import type { MetadataRow } from "../../lib/editing/metadata-rows";
import { relatedParamsFromForm, SELECTABLE_FIELDS } from "../../lib/library/related-query";
import { KEY, siteAndServicePerFile } from "../server/helpers/service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";

const row = (key: string, type: MetadataRow["type"], value: string): MetadataRow => ({
  id: key,
  key,
  type,
  value,
});

describe("related form to parameters", () => {
  const base = {
    pageNum: "2",
    pageSize: "5",
    jsonRows: [],
    metadataRows: [],
    fields: [...SELECTABLE_FIELDS],
  };

  it("sends no selectFields when every field is chosen, and typed filters", () => {
    const result = relatedParamsFromForm("ana_1", {
      ...base,
      jsonRows: [row("topic", "string", "bees"), row("rank", "number", "2")],
      metadataRows: [row("reviewed", "boolean", "true"), row("note", "null", "")],
    });
    expect(result).toEqual({
      ok: true,
      params: {
        analysisId: "ana_1",
        pageNum: 2,
        pageSize: 5,
        jsonContent: { topic: "bees", rank: 2 },
        metadata: { reviewed: true, note: null },
      },
    });
  });

  it("asks for the chosen fields, analysisId always", () => {
    const result = relatedParamsFromForm("ana_1", { ...base, fields: ["metadata", "analysis"] });
    expect(result.ok && result.params.selectFields).toEqual(["analysisId", "analysis", "metadata"]);
  });

  it("refuses a page below 1, a size outside 1–100 and a bad filter row", () => {
    for (const [pageNum, pageSize] of [
      ["0", "101"],
      ["x", "0"],
      ["1.5", ""],
    ]) {
      const result = relatedParamsFromForm("ana_1", {
        ...base,
        pageNum: pageNum as string,
        pageSize: pageSize as string,
        metadataRows: [row("n", "number", "twelve")],
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems.pageNum).toBe("not_positive_integer");
        expect(result.problems.pageSize).toBe("out_of_range");
        expect(result.problems.metadataRows?.rows.n?.value).toBe("number_invalid");
      }
    }
    expect(relatedParamsFromForm("ana_1", { ...base, pageSize: "100" }).ok).toBe(true);
  });
});

describe("related lister against the reference service", () => {
  const env = siteAndServicePerFile();
  let db: LinklensDatabase;
  freshDatabaseEachTest("related", (fresh) => {
    db = fresh;
  });
  let ids: string[] = [];

  beforeAll(async () => {
    const client = createApiClient({ baseUrl: env.service.url, apiKey: KEY });
    // Pages 1 and 25 of /many share a topic (24 topics): related to each other.
    const tagged = async (page: number, metadata: Record<string, string | number>) =>
      (
        await client.analyzeLinks({
          link: [env.site.url(`/many/${page}.html`)],
          prompt: "What is this about?",
          metadata,
        })
      ).results[0]?.analysisId as string;
    ids = [
      await tagged(1, { batch: "one" }),
      await tagged(25, { batch: "two" }),
      await tagged(49, { batch: "two" }),
    ];
  }, 60_000);

  const getClient = async () =>
    createApiClient({ baseUrl: env.service.url, apiKey: KEY, retry: { retries: 0 } });

  it("answers the service's array and caches whole records", async () => {
    const lister = createRelatedLister({ db, getClient });
    const records = await lister.list({ analysisId: ids[0] as string, pageSize: 10 });
    expect(records.map((record) => record.analysisId).sort()).toEqual([ids[1], ids[2]].sort());
    const cached = await db.analyses.bulkGet(records.map((record) => record.analysisId));
    expect(cached.every((row) => row && row.partial === undefined && row.analysis?.url)).toBe(true);
  });

  it("filters by metadata and pages", async () => {
    const lister = createRelatedLister({ db, getClient });
    const two = await lister.list({ analysisId: ids[0] as string, metadata: { batch: "two" }, pageSize: 1 });
    expect(two).toHaveLength(1);
    const page2 = await lister.list({
      analysisId: ids[0] as string,
      metadata: { batch: "two" },
      pageSize: 1,
      pageNum: 2,
    });
    expect(page2).toHaveLength(1);
    expect(page2[0]?.analysisId).not.toBe(two[0]?.analysisId);
    expect(await lister.list({ analysisId: ids[0] as string, pageSize: 1, pageNum: 3 })).toEqual([]);
  });

  it("caches selected fields as partial, and a refresh makes the row whole", async () => {
    const lister = createRelatedLister({ db, getClient });
    const records = await lister.list({
      analysisId: ids[0] as string,
      selectFields: ["analysisId", "metadata"],
    });
    expect(records.every((record) => Object.keys(record).sort().join() === "analysisId,metadata")).toBe(true);
    const id = records[0]?.analysisId as string;
    expect(await db.analyses.get(id)).toMatchObject({ partial: true, metadata: expect.any(Object) });
    await createAnalysisReader({ db, getClient }).refresh(id);
    const whole = await db.analyses.get(id);
    expect(whole?.partial).toBeUndefined();
    expect(whole?.analysis?.url).toMatch(/\/many\/\d+\.html$/);
  });

  it("turns an unknown analysis into a 404 ApiError and caches nothing", async () => {
    const lister = createRelatedLister({ db, getClient });
    const error = await lister.list({ analysisId: "ana_missing" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(await db.analyses.count()).toBe(0);
  });
});
