/**
 * The schema an analysis was made with, found from the job that made it, with real jobs run against the
 * reference service (state in fake-indexeddb). The panel's check with that schema must agree with the
 * service: an edit it stops is one the service refuses, an edit it lets through is one the service keeps.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createJobRunner } from "../../entrypoints/background/analyze-jobs";
import { createOutbox } from "../../entrypoints/background/outbox";
import { createApiClient } from "../../lib/api/client";
import type { ResponseFormat } from "../../lib/api/contract";
import { analysisSchemaOf } from "../../lib/db/analysis-schema";
import type { LinklensDatabase } from "../../lib/db/database";
import { checkJsonText } from "../../lib/editing/edit-patch";
import { KEY } from "../server/helpers/service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { serviceAnalysesPerFile } from "./helpers/service-analyses";

const live = serviceAnalysesPerFile();

let db: LinklensDatabase;
freshDatabaseEachTest("editing-schema", (fresh) => {
  db = fresh;
});

const schema = {
  type: "object",
  properties: {
    summary: { type: "string", maxLength: 400 },
    rating: { type: "integer", minimum: 1, maximum: 5 },
  },
  required: ["summary", "rating"],
  additionalProperties: false,
};

const client = () => createApiClient({ baseUrl: live.service.url, apiKey: KEY, retry: { retries: 0 } });

/** Runs an analyze job to its end and returns its analysis ids. */
async function analyze(links: string[], responseFormat?: ResponseFormat): Promise<string[]> {
  const runner = createJobRunner({ db, getClient: async () => client(), scheduleAlarm: () => {} });
  const jobId = await runner.enqueue(
    { links, prompt: "Summarize and rate this page.", ...(responseFormat && { responseFormat }) },
    "popup",
  );
  await runner.whenIdle();
  const job = await db.jobs.get(jobId);
  expect(job?.status).toBe("done");
  return job?.analysisIds ?? [];
}

describe("analysisSchemaOf", { timeout: 60_000 }, () => {
  it("finds the schema of the job that made the analysis, in either responseFormat shape", async () => {
    const [wrapped] = await analyze([live.site.url("/news/article.html")], {
      type: "json_schema",
      json_schema: { name: "review", schema, strict: true },
    });
    const [bare] = await analyze([live.site.url("/blog/post.html")], {
      type: "json_schema",
      json_schema: schema,
    });
    expect(await analysisSchemaOf(db, wrapped as string)).toEqual(schema);
    expect(await analysisSchemaOf(db, bare as string)).toEqual(schema);
  });

  it("knows no schema for an analysis made without one, or not made here", async () => {
    const [plain] = await analyze([live.site.url("/news/article.html")]);
    expect(await analysisSchemaOf(db, plain as string)).toBeUndefined();
    expect(await analysisSchemaOf(db, "ana_unknown")).toBeUndefined();
  });

  it("the panel's check with that schema agrees with the service about an edit", async () => {
    const [analysisId] = await analyze([live.site.url("/news/article.html")], {
      type: "json_schema",
      json_schema: { name: "review", schema },
    });
    const id = analysisId as string;
    const found = await analysisSchemaOf(db, id);
    const outbox = createOutbox({ db, getClient: async () => client(), scheduleAlarm: () => {} });
    const send = async (text: string) => {
      const row = await db.analyses.get(id);
      const parsed = JSON.parse(text);
      const seq = await outbox.save(id, { jsonContent: parsed }, row?.updatedAt ?? "");
      await outbox.whenIdle();
      const entry = await db.outbox.get(seq);
      if (entry) await outbox.discard(seq);
      return entry?.state ?? "landed";
    };

    const bad = '{"summary": "Fine.", "rating": 9}';
    expect(checkJsonText(bad, true, found).problem).toEqual({
      kind: "schema",
      violations: [{ path: "/rating", kind: "maximum", expected: "5" }],
    });
    expect(await send(bad)).toBe("rejected");

    const good = '{"summary": "Fine.", "rating": 4}';
    expect(checkJsonText(good, true, found)).toEqual({ value: { summary: "Fine.", rating: 4 } });
    expect(await send(good)).toBe("landed");
    expect((await db.analyses.get(id))?.jsonContent).toEqual({ summary: "Fine.", rating: 4 });
  });
});
