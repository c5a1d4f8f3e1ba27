/**
 * The edit outbox against the seed-only mock: a service that merges updates (every answer is checked for
 * the edit, not only after a 412), one that honours `If-Match` against ETags of its own (sent only as it
 * gave them), and one that sends no ETag at all (no `If-Match` ever).
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutbox } from "../../entrypoints/background/outbox";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { LinklensDatabase } from "../../lib/db/database";
import { type RecordEtag, recordEtagStore } from "../../lib/db/record-etags";
import { cacheRecords } from "../../lib/db/records";
import { EDIT_NOT_KEPT } from "../../lib/editing/not-kept";
import type { SeedService, SeedServiceChoices } from "../fixtures/seed-service/seed-service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { seedClient, startSeedMock } from "./helpers/seed-service";

let db: LinklensDatabase;
freshDatabaseEachTest("seed-edits", (fresh) => {
  db = fresh;
});
let seed: SeedService;
let kept: Record<string, RecordEtag>;

beforeEach(() => {
  kept = {};
});
afterEach(async () => {
  await seed?.close();
});

async function start(choices: Partial<SeedServiceChoices>) {
  seed = await startSeedMock(choices);
  const client = seedClient(seed);
  const answer = await client.analyzeLinks({
    link: ["https://pages.example/merge-me"],
    prompt: "Summarize",
    metadata: { project: "seed", topic: "old" },
  });
  const result = answer.results[0] as AnalysisRecord;
  const created = { ...result, metadata: { project: "seed", topic: "old" } };
  await cacheRecords(db, [created]);
  const outbox = createOutbox({
    db,
    getClient: async () => client,
    scheduleAlarm: () => {},
    etags: recordEtagStore({
      getValue: async () => kept,
      setValue: async (value) => {
        kept = value;
      },
    }),
  });
  return { outbox, created };
}

const updates = () => seed.requests({ method: "POST", path: "/v1/analyses" });

describe("every landed update is checked for the edit", () => {
  it("a merging service kept a removed metadata key: the user is told, keeps their version, and chooses", async () => {
    const { outbox, created } = await start({ update: "merge" });
    const seq = await outbox.save(created.analysisId, { metadata: { project: "seed" } }, created.updatedAt);
    await outbox.whenIdle();

    const entry = await db.outbox.get(seq);
    expect(entry?.state).toBe("conflict");
    expect(entry?.lastError).toMatchObject({
      code: EDIT_NOT_KEPT,
      message:
        'The service saved your edit differently: it merged your metadata with its own and kept the key "topic", which you removed.',
    });
    expect(entry?.serverRecord?.metadata).toEqual({ project: "seed", topic: "old" });
    // The user's version stays visible, never silently reverted.
    expect(await db.analyses.get(created.analysisId)).toMatchObject({
      pending: true,
      metadata: { project: "seed" },
    });

    // "theirs": the service's version, and the edit goes.
    await outbox.resolve(seq, "theirs");
    await outbox.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    const row = await db.analyses.get(created.analysisId);
    expect(row?.metadata).toEqual({ project: "seed", topic: "old" });
    expect(row?.pending).toBeUndefined();
  });

  it("a replacing service holds the edit: it lands", async () => {
    const { outbox, created } = await start({ update: "replace" });
    await outbox.save(created.analysisId, { metadata: { project: "seed" } }, created.updatedAt);
    await outbox.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect(seed.record(created.analysisId)?.metadata).toEqual({ project: "seed" });
    expect((await db.analyses.get(created.analysisId))?.metadata).toEqual({ project: "seed" });
  });
});

/**
 * Two edits of a record's text on a replacing service with `etag`: the second saved once the first has
 * landed, on the updatedAt the service answered it with; `between` runs in between (another client's edit).
 */
async function editTwice(etag: SeedServiceChoices["etag"], between: (analysisId: string) => void = () => {}) {
  const { outbox, created } = await start({ update: "replace", etag });
  await outbox.save(created.analysisId, { textContent: "first" }, created.updatedAt);
  await outbox.whenIdle();
  const first = seed.record(created.analysisId);
  between(created.analysisId);
  const seq = await outbox.save(created.analysisId, { textContent: "second" }, first?.updatedAt as string);
  await outbox.whenIdle();
  return { created, seq };
}

describe("If-Match only with an ETag the service gave", () => {
  it("a service with ETags of its own: If-Match carries its ETag, never one made of updatedAt; no false conflict", async () => {
    const { created } = await editTwice("own");

    expect(await db.outbox.count()).toBe(0);
    expect(updates().map((update) => update.status)).toEqual([200, 200]);
    const sent = updates().map((update) => update.headers["if-match"]);
    expect(sent.every((ifMatch) => ifMatch?.startsWith('W/"seed-'))).toBe(true);
    expect(sent.some((ifMatch) => ifMatch?.includes(created.updatedAt))).toBe(false);
    // The second edit used the ETag of the first one's answer: one read in all, before the first.
    expect(seed.requests({ method: "GET", path: "/v1/analyses" })).toHaveLength(1);
    expect(seed.record(created.analysisId)?.textContent).toBe("second");
  });

  it("its record changed by another client after the ETag was kept: 412, both versions kept", async () => {
    const { seq } = await editTwice("own", (analysisId) =>
      seed.editAsAnotherClient(analysisId, { by: "them" }),
    );

    expect(updates().map((update) => update.status)).toEqual([200, 412]);
    const entry = await db.outbox.get(seq);
    expect(entry?.state).toBe("conflict");
    expect(entry?.serverRecord?.metadata).toMatchObject({ by: "them" });
  });

  it("a service that sends no ETag: no If-Match at all, and the edits land", async () => {
    await editTwice("none");
    expect(await db.outbox.count()).toBe(0);
    expect(updates().map((update) => [update.headers["if-match"], update.status])).toEqual([
      [undefined, 200],
      [undefined, 200],
    ]);
    expect(kept).toEqual({});
  });
});
