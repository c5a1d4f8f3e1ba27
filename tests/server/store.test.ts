import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRecord } from "../../server/records";
import { queryRows } from "../../server/store/database";
import { toJsonbText } from "../../server/store/json-columns";
import { hashApiKey } from "../../server/store/key-hash";
import { openStore } from "../../server/store/open-store";
import {
  InsufficientCreditsError,
  type Store,
  type StoredAnalysis,
  type UsageRow,
} from "../../server/store/types";
import { postgresPerFile } from "../helpers/postgres-cluster";

const postgres = postgresPerFile();

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(6, "0")}`;

function analysisFor(tenantId: string, overrides: Partial<StoredAnalysis> = {}): StoredAnalysis {
  return {
    tenantId,
    analysisId: nextId("ana"),
    createdAt: "2026-11-22T09:30:00.000Z",
    updatedAt: "2026-11-22T09:30:00.000Z",
    analysis: { url: "https://example.com/a", id: "page_a", title: "A page", text: "Some text", score: 0.5 },
    ...overrides,
  };
}

function usageFor(tenantId: string, costCredits: number, links = costCredits): UsageRow {
  return { usageId: nextId("use"), tenantId, costCredits, links, createdAt: "2026-11-22T09:30:00.123Z" };
}

/** A tenant of its own for each test, so tests sharing one store cannot see each other. */
async function newTenant(store: Store, credits = 100) {
  return store.ensureKey(hashApiKey(nextId("key")), credits);
}

describe("hashApiKey", () => {
  it("is the lower-case hex SHA-256 of the key", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("PGlite store in memory", () => {
  it("opens further in-memory stores that are empty and independent", async () => {
    let started = performance.now();
    const store = await openStore();
    console.log(`in-memory store opened in ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
    const other = await openStore();
    console.log(`second in-memory store opened in ${Math.round(performance.now() - started)} ms`);
    try {
      const tenant = await newTenant(other);
      await other.saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 1));
      expect(await store.findTenant(hashApiKey("never-created"))).toBeNull();
      expect(await other.listAnalyses(tenant.id)).toHaveLength(1);
      expect(await store.listAnalyses(tenant.id)).toEqual([]);
    } finally {
      await other.close();
      await store.close();
    }
  });
});

const STORES = [
  { name: "PGlite", open: () => openStore() },
  { name: "Postgres", open: () => openStore({ databaseUrl: postgres.url }) },
];

describe.each(STORES)("$name store", ({ open }) => {
  let store: Store;

  beforeAll(async () => {
    const started = performance.now();
    store = await open();
    console.log(`store opened in ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(() => store.close());

  describe("keys", () => {
    it("creates a tenant once and keeps its balance when the key is ensured again", async () => {
      const keyHash = hashApiKey(nextId("key"));
      const created = await store.ensureKey(keyHash, 50);
      expect(created).toEqual({ id: expect.any(String), credits: 50 });

      await store.saveAnalyses([analysisFor(created.id)], usageFor(created.id, 5));
      expect(await store.ensureKey(keyHash, 50)).toEqual({ id: created.id, credits: 45 });
      expect(await store.findTenant(keyHash)).toEqual({ id: created.id, credits: 45 });
    });

    it("finds no tenant for an unknown hash", async () => {
      expect(await store.findTenant(hashApiKey("unknown"))).toBeNull();
      expect(await store.findTenant("with\u0000nul")).toBeNull();
    });
  });

  describe("analyses", () => {
    it("returns what was saved, timestamps exact and unset fields absent", async () => {
      const tenant = await newTenant(store);
      const bare = analysisFor(tenant.id, {
        createdAt: "2026-11-22T09:30:00.007Z",
        updatedAt: "2026-11-22T09:30:00.007Z",
      });
      const full = analysisFor(tenant.id, {
        textContent: "123",
        jsonContent: { zeta: 1, alpha: [1, "two", null], nested: { b: true, a: "\u0000 kept" } },
        metadata: { topic: "trams", count: 3, flag: false, none: null },
        responseSchema: { type: "object", properties: { zeta: { type: "number" } } },
        analysis: {
          url: "https://example.com/full",
          id: "page_full",
          title: "",
          text: "nul \u0000 in page text",
        },
      });
      await store.saveAnalyses([bare, full], usageFor(tenant.id, 2));

      const readBare = await store.getAnalysis(tenant.id, bare.analysisId);
      expect(readBare).toEqual(bare);
      expect(Object.keys(readBare ?? {}).sort()).toEqual([
        "analysis",
        "analysisId",
        "createdAt",
        "tenantId",
        "updatedAt",
      ]);
      const readFull = await store.getAnalysis(tenant.id, full.analysisId);
      expect(readFull).toEqual(full);
      expect(Object.keys(readFull?.jsonContent ?? {})).toEqual(["zeta", "alpha", "nested"]);
      expect(readFull?.textContent).toBe("123");
    });

    it("hides another tenant's analyses", async () => {
      const owner = await newTenant(store);
      const stranger = await newTenant(store);
      const record = analysisFor(owner.id);
      await store.saveAnalyses([record], usageFor(owner.id, 1));

      expect(await store.getAnalysis(stranger.id, record.analysisId)).toBeNull();
      expect(await store.getAnalyses(stranger.id, [record.analysisId])).toEqual([]);
      expect(await store.listAnalyses(stranger.id)).toEqual([]);
      expect(await store.updateAnalysis(stranger.id, record.analysisId, { textContent: "x" })).toEqual({
        kind: "not_found",
      });
      expect((await store.getAnalysis(owner.id, record.analysisId))?.textContent).toBeUndefined();
    });

    it("answers unknown ids (even ones Postgres could not hold) as absent", async () => {
      const tenant = await newTenant(store);
      expect(await store.getAnalysis(tenant.id, "ana_missing")).toBeNull();
      expect(await store.getAnalysis(tenant.id, "ana_\u0000")).toBeNull();
      expect(await store.getAnalyses(tenant.id, ["ana_\u0000", "ana_missing"])).toEqual([]);
      expect(await store.updateAnalysis(tenant.id, "ana_\u0000", { textContent: "x" })).toEqual({
        kind: "not_found",
      });
    });

    it("getAnalyses keeps the requested order and skips unknown ids", async () => {
      const tenant = await newTenant(store);
      const [first, second, third] = [
        analysisFor(tenant.id),
        analysisFor(tenant.id),
        analysisFor(tenant.id),
      ] as [StoredAnalysis, StoredAnalysis, StoredAnalysis];
      await store.saveAnalyses([first, second, third], usageFor(tenant.id, 3));

      const ids = (records: StoredAnalysis[]) => records.map((record) => record.analysisId);
      expect(ids(await store.getAnalyses(tenant.id, [third.analysisId, "nope", first.analysisId]))).toEqual([
        third.analysisId,
        first.analysisId,
      ]);
      expect(
        ids(await store.getAnalyses(tenant.id, [second.analysisId, third.analysisId, first.analysisId])),
      ).toEqual([second.analysisId, third.analysisId, first.analysisId]);
      expect(await store.getAnalyses(tenant.id, [])).toEqual([]);
    });

    it("lists a tenant's analyses oldest first", async () => {
      const tenant = await newTenant(store);
      const late = analysisFor(tenant.id, {
        createdAt: "2026-11-22T10:00:00.000Z",
        updatedAt: "2026-11-22T10:00:00.000Z",
      });
      const early = analysisFor(tenant.id, {
        createdAt: "2026-11-22T08:00:00.000Z",
        updatedAt: "2026-11-22T12:00:00.000Z",
      });
      await store.saveAnalyses([late, early], usageFor(tenant.id, 2));
      expect((await store.listAnalyses(tenant.id)).map((record) => record.analysisId)).toEqual([
        early.analysisId,
        late.analysisId,
      ]);
    });
  });

  describe("documents", () => {
    /** An object with these entries in this order, `__proto__` included as a plain key. */
    const objectOf = (entries: [string, unknown][]) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) {
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return object;
    };

    it("keeps every string and the order of keys exactly, U+0000 and U+FFFF included", async () => {
      const tenant = await newTenant(store);
      const jsonContent = objectOf([
        ["zeta", 1],
        ["nul\u0000key", "a\u0000b"],
        ["\uffff", "\uffff0 \uffff\uffff"],
        ["escaped", "\\u0000 and \\\u0000"],
        ["__proto__", { b: true, a: [null, 1.5, "\u0000"] }],
        ["alpha", "last"],
      ]);
      const metadata = { b: "\u0000", a: "\uffff", c: null, d: false };
      const record = analysisFor(tenant.id, {
        textContent: "text",
        jsonContent,
        metadata,
        responseSchema: { type: "object", properties: { "\u0000": { const: "\uffff" } } },
        analysis: { title: "nul \u0000 title", url: "https://example.com/\uffff", id: "p", text: "t" },
      });
      await store.saveAnalyses([record], usageFor(tenant.id, 1));

      const read = await store.getAnalysis(tenant.id, record.analysisId);
      expect(read).toEqual(record);
      expect(Object.keys(read?.jsonContent ?? {})).toEqual(Object.keys(jsonContent));
      expect(Object.keys(read?.metadata ?? {})).toEqual(["b", "a", "c", "d"]);
      expect(Object.keys(read?.analysis ?? {})).toEqual(["title", "url", "id", "text"]);
      expect(JSON.stringify(await store.getRecord(tenant.id, record.analysisId))).toBe(
        JSON.stringify(toRecord(record)),
      );
    });

    it("stores jsonContent and metadata as jsonb that SQL compares by exact value", async () => {
      const tenant = await newTenant(store);
      const values = ["\u0000", "\uffff0", "\\u0000", "\uffff\uffff", 1, "1", null, true];
      const records = values.map((value) =>
        analysisFor(tenant.id, { jsonContent: { key: value }, metadata: { key: value } }),
      );
      await store.saveAnalyses(records, usageFor(tenant.id, records.length));

      for (const [index, value] of values.entries()) {
        for (const column of [sql`json_content`, sql`metadata`]) {
          const rows = await queryRows<{ id: string }>(
            store.db,
            sql`SELECT analysis_id AS id FROM analyses WHERE tenant_id = ${tenant.id}
                AND ${column} -> 'key' = (${toJsonbText({ key: value })}::jsonb) -> 'key'`,
          );
          expect(rows.map((row) => row.id)).toEqual([records[index]?.analysisId]);
        }
      }
      const [types] = await queryRows<{ json: string; metadata: string; analysis: string }>(
        store.db,
        sql`SELECT pg_typeof(json_content)::text AS json, pg_typeof(metadata)::text AS metadata,
              pg_typeof(analysis)::text AS analysis FROM analyses WHERE tenant_id = ${tenant.id} LIMIT 1`,
      );
      expect(types).toEqual({ json: "jsonb", metadata: "jsonb", analysis: "jsonb" });
    });
  });

  describe("getRecord", () => {
    it("answers the record's fields, and after an update the updated record", async () => {
      const tenant = await newTenant(store);
      const record = analysisFor(tenant.id, {
        textContent: "before",
        jsonContent: { a: 1 },
        responseSchema: { type: "object" },
      });
      await store.saveAnalyses([record], usageFor(tenant.id, 1));
      expect(await store.getRecord(tenant.id, record.analysisId)).toEqual(toRecord(record));
      expect(await store.getRecord(tenant.id, record.analysisId)).toEqual(toRecord(record));

      const updated = await store.updateAnalysis(tenant.id, record.analysisId, { textContent: "after" });
      if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
      expect(await store.getRecord(tenant.id, record.analysisId)).toEqual(toRecord(updated.record));
      expect((await store.getRecord(tenant.id, record.analysisId))?.textContent).toBe("after");
    });

    it("answers many reads at once, each for its own tenant only", async () => {
      const owner = await newTenant(store);
      const stranger = await newTenant(store);
      const records = Array.from({ length: 30 }, () =>
        analysisFor(owner.id, { textContent: nextId("text") }),
      );
      await store.saveAnalyses(records, usageFor(owner.id, records.length));
      const reads = await Promise.all([
        ...records.map((record) => store.getRecord(owner.id, record.analysisId)),
        ...records.map((record) => store.getRecord(stranger.id, record.analysisId)),
        ...records.map((record) => store.getRecord(owner.id, record.analysisId)),
      ]);
      const expected = records.map(toRecord);
      expect(reads).toEqual([...expected, ...records.map(() => null), ...expected]);
    });

    it("answers null for another tenant's analysis and for unknown ids", async () => {
      const owner = await newTenant(store);
      const stranger = await newTenant(store);
      const record = analysisFor(owner.id);
      await store.saveAnalyses([record], usageFor(owner.id, 1));
      expect(await store.getRecord(owner.id, record.analysisId)).not.toBeNull();
      expect(await store.getRecord(stranger.id, record.analysisId)).toBeNull();
      expect(await store.getRecord(owner.id, "ana_missing")).toBeNull();
      expect(await store.getRecord(owner.id, "ana_\u0000")).toBeNull();
    });

    it("getAnalyses reads as getRecord does: the tenant's own, in order, with what the server keeps, edits seen", async () => {
      const owner = await newTenant(store);
      const stranger = await newTenant(store);
      const [first, second, third] = Array.from({ length: 3 }, () =>
        analysisFor(owner.id, { textContent: nextId("text"), responseSchema: { type: "object" } }),
      ) as [StoredAnalysis, StoredAnalysis, StoredAnalysis];
      const theirs = analysisFor(stranger.id);
      await store.saveAnalyses([first, second, third], usageFor(owner.id, 3));
      await store.saveAnalyses([theirs], usageFor(stranger.id, 1));
      // read (and cached, where the store caches) before, by each way of reading
      expect(await store.getRecord(owner.id, second.analysisId)).toEqual(toRecord(second));
      expect(await store.getAnalysis(owner.id, third.analysisId)).toEqual(third);
      expect(await store.getRecord(stranger.id, first.analysisId)).toBeNull();

      const ids = [third, theirs, second, first].map((record) => record.analysisId);
      expect(await store.getAnalyses(owner.id, [...ids, "ana_missing", "ana_\u0000"])).toEqual([
        third,
        second,
        first,
      ]);
      expect(await store.getAnalyses(stranger.id, ids)).toEqual([theirs]);
      expect(await store.getRecord(owner.id, first.analysisId)).toEqual(toRecord(first));

      const updated = await store.updateAnalysis(owner.id, second.analysisId, { textContent: "edited" });
      if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
      expect(updated.record.textContent).toBe("edited");
      expect(await store.getAnalyses(owner.id, [second.analysisId, first.analysisId])).toEqual([
        updated.record,
        first,
      ]);
      expect(await store.getAnalysis(owner.id, second.analysisId)).toEqual(updated.record);
      expect(await store.getRecord(owner.id, second.analysisId)).toEqual(toRecord(updated.record));
    });
  });

  describe("rate buckets", () => {
    it("give perMinute tokens at once, then answer how long until the next, per tenant and bucket", async () => {
      const tenant = await newTenant(store);
      const other = await newTenant(store);
      const takes = [];
      for (let i = 0; i < 4; i++) takes.push(await store.rateBuckets.take(tenant.id, "analyze", 3));
      expect(takes.slice(0, 3)).toEqual([0, 0, 0]);
      // a token every 20 s: the wait is at most that (time passed since the bucket filled)
      expect(takes[3]).toBeGreaterThan(15_000);
      expect(takes[3]).toBeLessThanOrEqual(20_000);
      expect(await store.rateBuckets.take(tenant.id, "other", 3)).toBe(0);
      expect(await store.rateBuckets.take(other.id, "analyze", 3)).toBe(0);
    });

    it("let exactly the bucket's tokens pass of takes asked for at once, each bucket on its own", async () => {
      const tenant = await newTenant(store);
      const other = await newTenant(store);
      const takes = await Promise.all([
        ...Array.from({ length: 12 }, () => store.rateBuckets.take(tenant.id, "other", 5)),
        ...Array.from({ length: 8 }, () => store.rateBuckets.take(tenant.id, "analyze", 8)),
        ...Array.from({ length: 3 }, () => store.rateBuckets.take(other.id, "other", 5)),
      ]);
      const passed = (from: number, to: number) => takes.slice(from, to).filter((wait) => wait === 0).length;
      expect(passed(0, 12)).toBe(5);
      for (const wait of takes.slice(0, 12)) if (wait !== 0) expect(wait).toBeGreaterThan(5_000);
      expect(passed(12, 20)).toBe(8);
      expect(passed(20, 23)).toBe(3);
      expect(await store.rateBuckets.take(tenant.id, "analyze", 8)).toBeGreaterThan(0);
      // two tokens left, three takes at once: not all of them, so each on its own
      const last = await Promise.all(
        Array.from({ length: 3 }, () => store.rateBuckets.take(other.id, "other", 5)),
      );
      expect(last.filter((wait) => wait === 0)).toHaveLength(2);
    });
  });

  describe("credits", () => {
    it("charges exactly the usage row's cost", async () => {
      const keyHash = hashApiKey(nextId("key"));
      const tenant = await store.ensureKey(keyHash, 10);
      await store.saveAnalyses([analysisFor(tenant.id), analysisFor(tenant.id)], usageFor(tenant.id, 4, 2));
      expect((await store.findTenant(keyHash))?.credits).toBe(6);
      await store.saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 6, 1));
      expect((await store.findTenant(keyHash))?.credits).toBe(0);
    });

    it("refuses what the balance cannot cover and stores nothing", async () => {
      const keyHash = hashApiKey(nextId("key"));
      const tenant = await store.ensureKey(keyHash, 3);
      const records = [analysisFor(tenant.id), analysisFor(tenant.id)];

      const error = await store
        .saveAnalyses(records, usageFor(tenant.id, 4, 2))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InsufficientCreditsError);
      expect(error).toMatchObject({ balance: 3, needed: 4 });
      expect(await store.listAnalyses(tenant.id)).toEqual([]);
      expect((await store.findTenant(keyHash))?.credits).toBe(3);
    });

    it("stores nothing and charges nothing when any insert fails", async () => {
      const keyHash = hashApiKey(nextId("key"));
      const tenant = await store.ensureKey(keyHash, 10);
      const existing = analysisFor(tenant.id);
      await store.saveAnalyses([existing], usageFor(tenant.id, 1));

      const fresh = analysisFor(tenant.id);
      await expect(store.saveAnalyses([fresh, existing], usageFor(tenant.id, 2))).rejects.toThrow();
      expect(await store.getAnalysis(tenant.id, fresh.analysisId)).toBeNull();
      expect((await store.findTenant(keyHash))?.credits).toBe(9);
    });

    it("never overdraws under concurrent requests", async () => {
      const keyHash = hashApiKey(nextId("key"));
      const tenant = await store.ensureKey(keyHash, 5);
      const attempts = Array.from({ length: 10 }, () =>
        store.saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 1)),
      );
      const outcomes = await Promise.allSettled(attempts);

      const fulfilled = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const rejected = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
      expect(fulfilled).toHaveLength(5);
      expect(rejected).toHaveLength(5);
      for (const reason of rejected) expect(reason).toBeInstanceOf(InsufficientCreditsError);
      expect((await store.findTenant(keyHash))?.credits).toBe(0);
      expect(await store.listAnalyses(tenant.id)).toHaveLength(5);
    });

    it("refuses a usage row that does not match its analyses' tenant", async () => {
      const tenant = await newTenant(store);
      const other = await newTenant(store);
      await expect(store.saveAnalyses([analysisFor(other.id)], usageFor(tenant.id, 1))).rejects.toThrow(
        /another tenant/,
      );
      expect(await store.listAnalyses(other.id)).toEqual([]);
    });
  });

  describe("updateAnalysis", () => {
    it("replaces the supplied fields wholesale and keeps the others", async () => {
      const tenant = await newTenant(store);
      const record = analysisFor(tenant.id, {
        textContent: "original text",
        jsonContent: { keep: 1, drop: 2 },
        metadata: { a: "1", b: 2 },
        responseSchema: { type: "object" },
      });
      await store.saveAnalyses([record], usageFor(tenant.id, 2));

      const outcome = await store.updateAnalysis(tenant.id, record.analysisId, {
        jsonContent: { keep: 10 },
        metadata: {},
      });
      expect(outcome.kind).toBe("updated");
      if (outcome.kind !== "updated") return;
      expect(outcome.record).toEqual({
        ...record,
        jsonContent: { keep: 10 },
        metadata: {},
        updatedAt: outcome.record.updatedAt,
      });
      expect(outcome.record.createdAt).toBe(record.createdAt);
      expect(outcome.record.updatedAt > record.updatedAt).toBe(true);
      expect(outcome.record.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await store.getAnalysis(tenant.id, record.analysisId)).toEqual(outcome.record);

      const textOnly = await store.updateAnalysis(tenant.id, record.analysisId, { textContent: "" });
      expect(textOnly.kind === "updated" && textOnly.record).toMatchObject({
        textContent: "",
        jsonContent: { keep: 10 },
        metadata: {},
      });
    });

    it("moves updatedAt strictly forward, even within one millisecond and from a future value", async () => {
      const tenant = await newTenant(store);
      const future = "2099-01-01T00:00:00.999Z";
      const record = analysisFor(tenant.id, { createdAt: future, updatedAt: future });
      await store.saveAnalyses([record], usageFor(tenant.id, 1));

      const stamps: string[] = [future];
      for (let round = 0; round < 3; round++) {
        const outcome = await store.updateAnalysis(tenant.id, record.analysisId, {
          textContent: `v${round}`,
        });
        if (outcome.kind !== "updated") throw new Error(`unexpected ${outcome.kind}`);
        stamps.push(outcome.record.updatedAt);
      }
      expect(stamps).toEqual([
        future,
        "2099-01-01T00:00:01.000Z",
        "2099-01-01T00:00:01.001Z",
        "2099-01-01T00:00:01.002Z",
      ]);

      const current = analysisFor(tenant.id, { createdAt: new Date().toISOString() });
      current.updatedAt = current.createdAt;
      await store.saveAnalyses([current], usageFor(tenant.id, 1));
      const [first, second] = await Promise.all([
        store.updateAnalysis(tenant.id, current.analysisId, { textContent: "one" }),
        store.updateAnalysis(tenant.id, current.analysisId, { textContent: "two" }),
      ]);
      if (first?.kind !== "updated" || second?.kind !== "updated")
        throw new Error("both updates should apply");
      // on Postgres the two run at once, in either order: the one applied last is strictly later
      const [earlier, later] = [first.record, second.record].sort((a, b) =>
        a.updatedAt.localeCompare(b.updatedAt),
      );
      expect((earlier?.updatedAt ?? "") > current.updatedAt).toBe(true);
      expect((later?.updatedAt ?? "") > (earlier?.updatedAt ?? "")).toBe(true);
      expect(await store.getAnalysis(tenant.id, current.analysisId)).toEqual(later);
    });

    it("refuses an If-Match that differs from the stored updatedAt, answering the current record", async () => {
      const tenant = await newTenant(store);
      const record = analysisFor(tenant.id, { textContent: "before" });
      await store.saveAnalyses([record], usageFor(tenant.id, 1));

      const first = await store.updateAnalysis(
        tenant.id,
        record.analysisId,
        { textContent: "first" },
        record.updatedAt,
      );
      if (first.kind !== "updated") throw new Error(`unexpected ${first.kind}`);

      const stale = await store.updateAnalysis(
        tenant.id,
        record.analysisId,
        { textContent: "stale" },
        record.updatedAt,
      );
      expect(stale).toEqual({ kind: "precondition_failed", current: first.record });
      // the same instant written differently is still a different value: the comparison is exact
      const sloppy = first.record.updatedAt.replace(".", ",");
      expect(
        (await store.updateAnalysis(tenant.id, record.analysisId, { textContent: "x" }, sloppy)).kind,
      ).toBe("precondition_failed");
      expect((await store.getAnalysis(tenant.id, record.analysisId))?.textContent).toBe("first");

      const second = await store.updateAnalysis(
        tenant.id,
        record.analysisId,
        { textContent: "second" },
        first.record.updatedAt,
      );
      expect(second.kind === "updated" && second.record.textContent).toBe("second");
    });

    it("answers not_found for an unknown id", async () => {
      const tenant = await newTenant(store);
      expect(await store.updateAnalysis(tenant.id, "ana_unknown", { textContent: "x" }, "whatever")).toEqual({
        kind: "not_found",
      });
    });
  });
});

describe("two store instances on one Postgres (as two processes)", () => {
  let first: Store;
  let second: Store;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      openStore({ databaseUrl: postgres.url }),
      openStore({ databaseUrl: postgres.url }),
    ]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });
  const either = (index: number) => (index % 2 === 0 ? first : second);

  it("never oversell credits under parallel saveAnalyses split across them", async () => {
    const keyHash = hashApiKey(nextId("key"));
    const tenant = await first.ensureKey(keyHash, 7);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, index) =>
        either(index).saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 1)),
      ),
    );
    const rejected = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(7);
    for (const reason of rejected) expect(reason).toBeInstanceOf(InsufficientCreditsError);
    expect((await second.findTenant(keyHash))?.credits).toBe(0);
    expect(await first.listAnalyses(tenant.id)).toHaveLength(7);
  });

  it("share one rate budget per tenant", async () => {
    const tenant = await newTenant(first);
    const waits = await Promise.all(
      Array.from({ length: 10 }, (_, index) => either(index).rateBuckets.take(tenant.id, "other", 6)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(6);
    expect(await first.rateBuckets.take(tenant.id, "other", 6)).toBeGreaterThan(0);
    expect(await second.rateBuckets.take(tenant.id, "other", 6)).toBeGreaterThan(0);
  });

  it("never pass more than a large budget holds, though each takes tokens ahead of its requests", async () => {
    const tenant = await newTenant(first);
    const perMinute = 2_000; // each process takes 2 tokens ahead
    const started = performance.now();
    let passed = 0;
    for (let round = 0; round < 240; round++) {
      const waits = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          either(index).rateBuckets.take(tenant.id, "other", perMinute),
        ),
      );
      passed += waits.filter((wait) => wait === 0).length;
    }
    const refilled = ((performance.now() - started) / 60_000) * perMinute;
    expect(passed).toBeLessThanOrEqual(perMinute + Math.ceil(refilled));
    // what the two processes still hold ahead is all that is held back
    expect(passed).toBeGreaterThanOrEqual(perMinute - 2 * 2);
  });

  it("see each other's writes at once", async () => {
    const tenant = await newTenant(first);
    const record = analysisFor(tenant.id, { textContent: "v1" });
    await first.saveAnalyses([record], usageFor(tenant.id, 1));
    expect(await second.getRecord(tenant.id, record.analysisId)).toEqual(toRecord(record));
    const updated = await second.updateAnalysis(tenant.id, record.analysisId, { textContent: "v2" });
    if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
    expect(await first.getRecord(tenant.id, record.analysisId)).toEqual(toRecord(updated.record));
  });
});

describe("PGlite store on disk", () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "linklens-store-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps tenants, analyses, balances and updates across close and reopen", async () => {
    const keyHash = hashApiKey("persistent key");
    let started = performance.now();
    const first = await openStore({ dataDir });
    console.log(`new on-disk store opened in ${Math.round(performance.now() - started)} ms`);
    const tenant = await first.ensureKey(keyHash, 20);
    const record = analysisFor(tenant.id, { jsonContent: { b: 1, a: 2 }, metadata: { kept: true } });
    await first.saveAnalyses([record], usageFor(tenant.id, 2, 1));
    const updated = await first.updateAnalysis(tenant.id, record.analysisId, { textContent: "edited" });
    if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
    await first.close();
    await first.close(); // closing twice is harmless

    started = performance.now();
    const second = await openStore({ dataDir });
    console.log(`existing on-disk store reopened in ${Math.round(performance.now() - started)} ms`);
    try {
      expect(await second.ensureKey(keyHash, 20)).toEqual({ id: tenant.id, credits: 18 });
      expect(await second.getAnalysis(tenant.id, record.analysisId)).toEqual(updated.record);
      expect(await second.listAnalyses(tenant.id)).toEqual([updated.record]);
    } finally {
      await second.close();
    }
  });

  it("warms its read cache with what it holds, and a write after the warm-up is read back", async () => {
    const store = await openStore({ dataDir });
    try {
      const tenant = await newTenant(store, 1_000);
      const records = Array.from({ length: 450 }, () => analysisFor(tenant.id));
      await store.saveAnalyses(records, usageFor(tenant.id, records.length));
      const held = (await store.listAnalyses(tenant.id)).length;
      // every analysis of the folder, over three pages of the warm-up (earlier tests' analyses included)
      expect(await store.warmRecordCache()).toBeGreaterThanOrEqual(held);
      // the cache's file, made in the store's folder, shows nothing there
      expect(readdirSync(dataDir).filter((name) => name.startsWith(".linklens-records-"))).toEqual([]);
      const [first] = records;
      if (!first) throw new Error("no record");
      const updated = await store.updateAnalysis(tenant.id, first.analysisId, {
        textContent: "after warm-up",
      });
      if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
      expect((await store.getAnalysis(tenant.id, first.analysisId))?.textContent).toBe("after warm-up");
      expect(await store.getAnalysis("another tenant", first.analysisId)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("keeps no analysis with a cache of 0 bytes, and reads every write back from the folder", async () => {
    const store = await openStore({ dataDir, recordCacheBytes: 0 });
    try {
      const tenant = await newTenant(store, 1_000);
      const [record] = [analysisFor(tenant.id)];
      if (!record) throw new Error("no record");
      await store.saveAnalyses([record], usageFor(tenant.id, 1));
      expect(await store.warmRecordCache()).toBe(0);
      expect((await store.getAnalysis(tenant.id, record.analysisId))?.textContent).toBe(record.textContent);
      await store.updateAnalysis(tenant.id, record.analysisId, { textContent: "read from the folder" });
      expect((await store.getAnalysis(tenant.id, record.analysisId))?.textContent).toBe(
        "read from the folder",
      );
    } finally {
      await store.close();
    }
  });

  it("does nothing to warm on Postgres, which other processes write too", async () => {
    const store = await openStore({ databaseUrl: postgres.url });
    try {
      const tenant = await newTenant(store);
      await store.saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 1));
      expect(await store.warmRecordCache()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
