/**
 * JSON export and import: records made on the real reference service, cached as the worker caches
 * them, exported, and imported into other fake-indexeddb databases through the worker's library.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createLibrary, libraryCommandHandlers } from "../../entrypoints/background/library";
import type { AnalysisRecord } from "../../lib/api/contract";
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import { enqueueEdit } from "../../lib/db/outbox";
import { cacheRecords } from "../../lib/db/records";
import type { CachedAnalysis } from "../../lib/db/schema";
import { exportFile } from "../../lib/export/export-file";
import { buildExportDocument, EXPORT_FORMAT, exportJson } from "../../lib/export/export-json";
import { readExportData } from "../../lib/export/export-rows";
import { checkImportDocument, parseImportText, planImport } from "../../lib/export/import-json";
import { databasesPerTest } from "./helpers/fresh-database";
import { FACTS_SCHEMA, itemAt, serviceAnalysesPerFile } from "./helpers/service-analyses";

const context = serviceAnalysesPerFile();

const newDatabase = databasesPerTest("export");
beforeEach(() => fakeBrowser.reset());

async function snapshot(db: LinklensDatabase) {
  const byId = (a: CachedAnalysis, b: CachedAnalysis) => (a.analysisId < b.analysisId ? -1 : 1);
  return {
    analyses: (await db.analyses.toArray()).sort(byId),
    usage: await db.usage.orderBy("usageId").toArray(),
    outbox: await db.outbox.toArray(),
    watches: await db.watches.toArray(),
  };
}

/** Through the command handler, as the side panel's `sendCommand("analyses.import", …)` reaches it. */
function importInto(db: LinklensDatabase, document: unknown) {
  return libraryCommandHandlers(createLibrary({ db }))["analyses.import"]({ document });
}

async function importError(db: LinklensDatabase, document: unknown): Promise<ApiError> {
  const error = await importInto(db, document).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** `analysisId` as the related list of `relatedTo` gives it: a partial record, its updatedAt and metadata only. */
async function listedAsRelated(analysisId: string, relatedTo: string): Promise<AnalysisRecord> {
  const related = await context.client.listRelated({
    analysisId: relatedTo,
    selectFields: ["updatedAt", "metadata"],
    pageSize: 100,
  });
  const listed = related.find((record) => record.analysisId === analysisId);
  expect(listed).toBeDefined();
  return listed as AnalysisRecord;
}

/** A cache like a real one: 3 full analyses (one edited), 1 known only from a related listing, 1 usage row. */
async function populatedCache() {
  const { analyze, client } = context;
  const metadata = { project: "export", round: 2, reviewed: false, owner: null };
  const made = await analyze(
    // The last is the news article again (served gzipped): related to it by its text, whatever the ranking.
    ["/news/article.html", "/blog/post.html", "/fr/article.html", "/compressed/article.html"],
    {
      metadata,
      responseFormat: { type: "json_schema", json_schema: { schema: FACTS_SCHEMA } },
    },
  );
  const [news, blog, fr, twin] = [0, 1, 2, 3].map((index) => itemAt(made.records, index)) as [
    AnalysisRecord,
    AnalysisRecord,
    AnalysisRecord,
    AnalysisRecord,
  ];
  const edited = await client.updateAnalysis(
    {
      analysisId: blog.analysisId,
      textContent: 'Line one, "quoted"\nline two',
      metadata: { ...metadata, reviewed: true },
    },
    { ifMatch: blog.updatedAt },
  );
  const partialTwin = await listedAsRelated(twin.analysisId, news.analysisId);

  const db = newDatabase();
  await cacheRecords(db, [news, edited, fr], { now: 1_000 });
  await cacheRecords(db, [partialTwin], { partial: true, now: 2_000 });
  await db.usage.add({
    usageId: made.usageId,
    costCredits: made.costCredits,
    links: made.links,
    createdAt: 3_000,
  });
  // A watch of the news article (lib/watch), as the watcher writes it: it goes with the library.
  await db.watches.add({
    id: "watch_news",
    target: { kind: "analysis", analysisId: news.analysisId },
    title: "News article",
    request: { links: [news.analysis?.url as string], prompt: "What happened?", temperature: 0 },
    interval: "day",
    budgetCredits: 7,
    notify: true,
    createdAt: 4_000,
    lastRunAt: 5_000,
    latest: { [news.analysis?.url as string]: news.analysisId },
  });
  return { db, news, blog: edited, fr, twin };
}

describe("JSON export", { timeout: 60_000 }, () => {
  it("holds each record exactly as the service answers it, plus partial and cachedAt", async () => {
    const { db, news, blog } = await populatedCache();
    const { rows, usage } = await readExportData(db);
    const document = buildExportDocument(rows, { usage, now: Date.parse("2026-11-23T10:00:00.000Z") });
    expect(document).toMatchObject({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: "2026-11-23T10:00:00.000Z",
    });
    expect(document.analyses).toHaveLength(4);
    for (const record of [news, blog]) {
      const onServer = await context.client.getAnalysis(record.analysisId);
      const exported = document.analyses.find((entry) => entry.analysisId === record.analysisId);
      expect(exported).toEqual({ ...onServer, cachedAt: 1_000 });
    }
    const partial = document.analyses.filter((entry) => entry.partial === true);
    expect(partial).toHaveLength(1);
    expect(Object.keys(itemAt(partial, 0)).sort()).toEqual([
      "analysisId",
      "cachedAt",
      "metadata",
      "partial",
      "updatedAt",
    ]);
    expect(document.usage).toEqual(usage);
    expect(checkImportDocument(document)).toEqual({ ok: true, document });
  });

  it("round-trips: export, then import into an empty database, gives identical rows", async () => {
    const { db } = await populatedCache();
    const data = await readExportData(db);
    const file = exportFile("json", data.rows, {
      usage: data.usage,
      watches: data.watches,
      now: Date.parse("2026-11-23T10:00:00Z"),
    });
    expect(file.filename).toMatch(/^linklens-2026-11-2[34]\.json$/);
    expect(file.mimeType).toBe("application/json;charset=utf-8");

    const read = parseImportText(file.text);
    if (!read.ok) throw new Error(read.problem.message);
    const empty = newDatabase();
    const summary = await importInto(empty, read.document);
    expect(summary).toEqual({
      added: 4,
      updated: 0,
      skipped: 0,
      skippedPending: 0,
      usage: { added: 1, skipped: 0 },
      watches: { added: 1, skipped: 0 },
    });
    expect(await snapshot(empty)).toEqual(await snapshot(db));

    // The same file again changes nothing: every record is already there with the same updatedAt.
    const again = await importInto(empty, read.document);
    expect(again).toMatchObject({
      added: 0,
      updated: 0,
      skipped: 4,
      usage: { added: 0, skipped: 1 },
      watches: { added: 0, skipped: 1 },
    });
    expect(await snapshot(empty)).toEqual(await snapshot(db));
  });

  it("a selection exports only the selected analyses, without usage", async () => {
    const { db, news, fr } = await populatedCache();
    const data = await readExportData(db, [fr.analysisId, news.analysisId, "ana_not_cached"]);
    expect(data.usage).toBeUndefined();
    const document = JSON.parse(exportJson(data.rows));
    expect(document.analyses.map((entry: AnalysisRecord) => entry.analysisId)).toEqual([
      fr.analysisId,
      news.analysisId,
    ]);
    expect(document.usage).toBeUndefined();
  });
});

describe("JSON export of an edit not yet sent", { timeout: 60_000 }, () => {
  it("exports the service's version: the edit is on no service, so nothing presents it as saved", async () => {
    const { db, news } = await populatedCache();
    await enqueueEdit(
      db,
      {
        analysisId: news.analysisId,
        patch: { textContent: "my unsent edit" },
        baseUpdatedAt: news.updatedAt,
      },
      2_000,
    );
    const document = JSON.parse(exportJson(await db.analyses.toArray()));
    const exported = document.analyses.find((entry: AnalysisRecord) => entry.analysisId === news.analysisId);
    expect(exported.textContent).toBe(news.textContent);
    expect(exported.updatedAt).toBe(news.updatedAt);
    expect(exported).not.toHaveProperty("pending");
    expect(exported).not.toHaveProperty("serverValues");
  });
});

describe("import merge", { timeout: 60_000 }, () => {
  it("the newer updatedAt wins: an older export is skipped, a newer one updates", async () => {
    const { client } = context;
    const record = await context.analyzeOne("/news/article.html", { metadata: { v: 1 } });
    const older = newDatabase();
    await cacheRecords(older, [record]);
    const olderExport = buildExportDocument(await older.analyses.toArray());

    const updated = await client.updateAnalysis({
      analysisId: record.analysisId,
      textContent: "second version",
    });
    const newer = newDatabase();
    await cacheRecords(newer, [updated]);
    const newerExport = buildExportDocument(await newer.analyses.toArray());

    const before = await snapshot(newer);
    expect(await importInto(newer, olderExport)).toMatchObject({ added: 0, updated: 0, skipped: 1 });
    expect(await snapshot(newer)).toEqual(before);

    expect(await importInto(older, newerExport)).toMatchObject({ added: 0, updated: 1, skipped: 0 });
    const row = await older.analyses.get(record.analysisId);
    expect(row?.textContent).toBe("second version");
    expect(row?.updatedAt).toBe(updated.updatedAt);
  });

  it("never overwrites a record with an edit waiting in the outbox: it counts as skipped", async () => {
    const { client } = context;
    const record = await context.analyzeOne("/blog/post.html");
    const updated = await client.updateAnalysis({
      analysisId: record.analysisId,
      textContent: "on the server",
    });
    const incoming = buildExportDocument([
      { ...updated, pageUrl: "", pageId: "", host: "", cachedAt: 1 } satisfies CachedAnalysis,
    ]);

    const db = newDatabase();
    await cacheRecords(db, [record]);
    await enqueueEdit(
      db,
      {
        analysisId: record.analysisId,
        patch: { textContent: "my local edit" },
        baseUpdatedAt: record.updatedAt,
      },
      1,
    );
    const before = await snapshot(db);

    expect(await importInto(db, incoming)).toEqual({
      added: 0,
      updated: 0,
      skipped: 1,
      skippedPending: 1,
      usage: { added: 0, skipped: 0 },
      watches: { added: 0, skipped: 0 },
    });
    expect(await snapshot(db)).toEqual(before);

    // The outbox entry alone (no mark on the row yet) protects the row too.
    await db.analyses.update(record.analysisId, { pending: undefined });
    expect(await importInto(db, incoming)).toMatchObject({ skippedPending: 1 });
    expect((await db.analyses.get(record.analysisId))?.textContent).toBe("my local edit");
  });

  it("a full record completes a partial row with the same updatedAt; a partial one only adds its fields", async () => {
    const { client } = context;
    // The same page analyzed twice: the service lists each as related to the other.
    const first = await context.analyzeOne("/fr/article.html", { metadata: { k: "v" } });
    const second = await context.analyzeOne("/fr/article.html", { metadata: { k: "v" } });
    const partialSecond = await listedAsRelated(second.analysisId, first.analysisId);

    const db = newDatabase();
    await cacheRecords(db, [partialSecond], { partial: true });
    const full = newDatabase();
    await cacheRecords(full, [second]);
    expect(await importInto(db, buildExportDocument(await full.analyses.toArray()))).toMatchObject({
      updated: 1,
    });
    const completed = await db.analyses.get(second.analysisId);
    expect(completed?.partial).toBeUndefined();
    expect(completed?.textContent).toBe(second.textContent);

    // A newer partial record onto a full row: the row stays full, with the new metadata.
    const moved = await client.updateAnalysis({ analysisId: second.analysisId, metadata: { k: "w" } });
    const plan = planImport({
      document: buildExportDocument([
        {
          analysisId: second.analysisId,
          updatedAt: moved.updatedAt,
          metadata: { k: "w" },
          partial: true,
        } as never,
      ]),
      cached: new Map([[second.analysisId, completed as CachedAnalysis]]),
      pendingIds: new Set(),
      knownUsageIds: new Set(),
      now: 5,
    });
    expect(plan.updated).toHaveLength(1);
    expect(itemAt(plan.updated, 0)).toMatchObject({ metadata: { k: "w" }, textContent: second.textContent });
    expect(itemAt(plan.updated, 0).partial).toBeUndefined();
  });
});

describe("import validation", { timeout: 60_000 }, () => {
  it("a malformed or invalid file is refused with a readable message and changes nothing", async () => {
    const { db } = await populatedCache();
    const good = buildExportDocument(await db.analyses.toArray());
    // Full records only: an analysis's id, and so its place, follows the order the links finished in.
    const full = good.analyses.filter((analysis) => !analysis.partial);
    const [a0, a1, a2] = [0, 1, 2].map((index) => itemAt(full, index));
    const target = newDatabase();
    await cacheRecords(target, [a0 as AnalysisRecord]);
    const before = await snapshot(target);

    const notJson = parseImportText('{"format": "linklens-export", "analyses": [');
    expect(notJson).toEqual({
      ok: false,
      problem: { kind: "not_json", message: "not a JSON file: the text ends too early (line 1, column 44)" },
    });

    const cases: [unknown, RegExp][] = [
      [[1, 2], /^not a Linklens export: the file must hold a JSON object$/],
      [{ ...good, format: "something-else" }, /"format" must be "linklens-export"/],
      [{ ...good, version: 2 }, /version 2; this Linklens reads version 1/],
      [
        { ...good, analyses: [a1, { ...a2, updatedAt: "yesterday" }] },
        /^not a valid Linklens export: analyses\.1\.updatedAt: must be an ISO 8601 timestamp$/,
      ],
      [{ ...good, analyses: [a1, { ...a2, analysis: undefined }] }, /analyses\.1\.analysis: is required/],
      [{ ...good, analyses: [a1, a1] }, /analyses\.1\.analysisId: duplicates analyses\.0/],
      [{ ...good, analyses: [{ ...a1, metadata: { nested: { no: 1 } } }] }, /analyses\.0\.metadata\.nested/],
      [{ ...good, exportedAt: undefined }, /exportedAt: is required/],
    ];
    for (const [document, message] of cases) {
      const error = await importError(target, document);
      expect(error.code).toBe("invalid_import");
      expect(error.message).toMatch(message);
      expect(await snapshot(target)).toEqual(before);
    }
  });

  it("names the first three problems and counts the rest", async () => {
    const analyses = Array.from({ length: 5 }, (_, index) => ({ analysisId: `ana_${index}` }));
    const check = checkImportDocument({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: "2026-11-23T10:00:00.000Z",
      analyses,
    });
    if (check.ok) throw new Error("accepted");
    expect(check.problem.message).toBe(
      "not a valid Linklens export: analyses.0.createdAt: is required; analyses.0.updatedAt: is required; analyses.0.analysis: is required (and 12 more)",
    );
    expect(check.problem.kind === "invalid" && check.problem.issues[3]).toEqual({
      path: "analyses.1.createdAt",
      message: "is required",
    });
  });
});
