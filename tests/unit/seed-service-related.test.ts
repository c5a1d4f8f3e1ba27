// @vitest-environment jsdom
/**
 * The related list against the seed-only mock, which refuses any `selectFields` name the seed does not
 * list and adds fields of its own to every record: the request carries the seed's names only, metadata is
 * narrowed here, and the list shows known fields only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RelatedList } from "../../components/sidepanel/related-list";
import { relatedParamsFromForm, SELECTABLE_FIELDS } from "../../lib/library/related-query";
import type { SeedService } from "../fixtures/seed-service/seed-service";
import { pageForEachTest, render } from "./helpers/react-page";
import { seedClient, startSeedMock } from "./helpers/seed-service";

let seed: SeedService;
let firstId: string;

beforeAll(async () => {
  seed = await startSeedMock({ extraFields: true });
  const answer = await seedClient(seed).analyzeLinks({
    link: ["https://pages.example/one", "https://pages.example/two", "https://pages.example/three"],
    prompt: "Summarize",
    metadata: { project: "seed" },
  });
  firstId = answer.results[0]?.analysisId as string;
});
afterAll(() => seed.close());

const client = () => seedClient(seed);

describe("Related → Refine with the seed's field names only", () => {
  it("metadata chosen: selectFields is left out and the answer narrowed here", async () => {
    const form = relatedParamsFromForm(firstId, {
      pageNum: "1",
      pageSize: "10",
      jsonRows: [],
      metadataRows: [],
      fields: ["updatedAt", "metadata"],
    });
    if (!form.ok) throw new Error("the form should be valid");
    const records = await client().listRelated(form.params);

    const [request] = seed.requests({ path: "/v1/analyses/related" }).slice(-1);
    expect(request?.status).toBe(200);
    expect(request?.query.selectFields).toBeUndefined();
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(["analysisId", "metadata", "updatedAt"]);
      expect(record.metadata).toEqual({ project: "seed" });
    }
  });

  it("seed fields only: selectFields goes out as chosen", async () => {
    const records = await client().listRelated({
      analysisId: firstId,
      selectFields: ["analysisId", "analysis"],
    });
    const [request] = seed.requests({ path: "/v1/analyses/related" }).slice(-1);
    expect(request?.query.selectFields).toBe("analysisId,analysis");
    expect(records.every((record) => record.analysis !== undefined && record.textContent === undefined)).toBe(
      true,
    );
  });
});

describe("RelatedList shows the seed's fields only", () => {
  pageForEachTest();

  it("never lists a service's own fields", async () => {
    const records = await client().listRelated({ analysisId: firstId });
    expect(records[0]).toHaveProperty("status", "complete");
    await render(RelatedList, { records, page: 1, onOpen: () => {} });
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/\bstatus\b|\bmodel\b|createdAt/);
    expect(text).toContain("Fields: Created, Updated, Page (title, address, text…), Analysis text");
    expect(SELECTABLE_FIELDS).toContain("metadata");
  });
});
