import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../server/store/key-hash";
import { openPgliteStore } from "../../server/store/pglite-store";
import {
  InsufficientCreditsError,
  type Store,
  type StoredAnalysis,
  type UsageRow,
} from "../../server/store/types";

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
  let store: Store;

  beforeAll(async () => {
    const started = performance.now();
    store = await openPgliteStore();
    console.log(
      `in-memory store opened in ${Math.round(performance.now() - started)} ms (first of the process)`,
    );
  });
  afterAll(() => store.close());

  it("opens further in-memory stores that are empty and independent", async () => {
    const started = performance.now();
    const other = await openPgliteStore();
    console.log(`second in-memory store opened in ${Math.round(performance.now() - started)} ms`);
    try {
      const tenant = await newTenant(other);
      await other.saveAnalyses([analysisFor(tenant.id)], usageFor(tenant.id, 1));
      expect(await store.findTenant(hashApiKey("never-created"))).toBeNull();
      expect(await other.listAnalyses(tenant.id)).toHaveLength(1);
      expect(await store.listAnalyses(tenant.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

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
      expect(first.record.updatedAt > current.updatedAt).toBe(true);
      expect(second.record.updatedAt > first.record.updatedAt).toBe(true);
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

describe("PGlite store on disk", () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "linklens-store-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps tenants, analyses, balances and updates across close and reopen", async () => {
    const keyHash = hashApiKey("persistent key");
    let started = performance.now();
    const first = await openPgliteStore(dataDir);
    console.log(`new on-disk store opened in ${Math.round(performance.now() - started)} ms`);
    const tenant = await first.ensureKey(keyHash, 20);
    const record = analysisFor(tenant.id, { jsonContent: { b: 1, a: 2 }, metadata: { kept: true } });
    await first.saveAnalyses([record], usageFor(tenant.id, 2, 1));
    const updated = await first.updateAnalysis(tenant.id, record.analysisId, { textContent: "edited" });
    if (updated.kind !== "updated") throw new Error(`unexpected ${updated.kind}`);
    await first.close();
    await first.close(); // closing twice is harmless

    started = performance.now();
    const second = await openPgliteStore(dataDir);
    console.log(`existing on-disk store reopened in ${Math.round(performance.now() - started)} ms`);
    try {
      expect(await second.ensureKey(keyHash, 20)).toEqual({ id: tenant.id, credits: 18 });
      expect(await second.getAnalysis(tenant.id, record.analysisId)).toEqual(updated.record);
      expect(await second.listAnalyses(tenant.id)).toEqual([updated.record]);
    } finally {
      await second.close();
    }
  });
});
