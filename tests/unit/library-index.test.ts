/**
 * The library's tables (entries and the search index) follow every write of `analyses`, whichever way it
 * is written, and a database cached before they existed gets them on upgrade. Every check compares the
 * index's answers with a plain substring search over the rows themselves.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { AnalysisRecord } from "../../lib/api/contract";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { enqueueEdit } from "../../lib/db/outbox";
import { cacheRecords, localFieldsOf } from "../../lib/db/records";
import type { CachedAnalysis } from "../../lib/db/schema";
import { compareEntries, type LibraryEntry } from "../../lib/library/library-entry";
import { createLibrarySearch } from "../../lib/library/library-search";
import { createLibrarySnapshot, type LibrarySnapshot } from "../../lib/library/library-snapshot";
import { toLibraryEntry } from "../../lib/library/record-entry";
import { BLOCK_DOCS, BLOCK_WORDS } from "../../lib/library/search-block";
import { searchableTexts, searchTerms } from "../../lib/library/search-text";
import { freshDatabaseEachTest, newDatabaseName } from "./helpers/fresh-database";
import { shippedDatabase } from "./helpers/shipped-database";
import { record } from "./library-fixtures";

let db: LinklensDatabase;
freshDatabaseEachTest("index", (fresh) => {
  db = fresh;
});

const WORDS = [
  "amber",
  "basalt",
  "cobalt",
  "delta",
  "ember",
  "fjord",
  "garnet",
  "harbor",
  "indigo",
  "jasper",
];

/** Deterministic records: a few words each from a small vocabulary, so some words are in most of them. */
function records(count: number, from = 0, salt = 0): AnalysisRecord[] {
  return Array.from({ length: count }, (_, offset) => {
    const n = from + offset;
    const pick = (k: number) => WORDS[(n * 7 + k * 3 + salt) % WORDS.length] as string;
    return record(`ana_${String(n).padStart(5, "0")}`, new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), {
      title: `${pick(1)} notes ${n}`,
      url: `https://site${n % 4}.example/page/${n}`,
      text: `${pick(2)} ${pick(3)}, ${n % 3 === 0 ? "common" : pick(4)}.`,
      textContent: `${pick(5)}-${pick(6)}`,
      ...(n % 5 === 0 && { jsonContent: { tag: pick(7) } }),
      metadata: { batch: n % 3 },
    });
  });
}

const QUERIES = [
  ...WORDS,
  "common",
  "m",
  "er",
  "notes 1",
  "site2.example/page/1",
  "amber, basalt",
  "l-",
  "cobalt ember",
  "0",
  "nowhere",
];

/** A plain search over the rows: what the index must answer. */
function expected(rows: CachedAnalysis[], query: string): string[] {
  const terms = searchTerms(query);
  const texts = new Map(rows.map((row) => [row.analysisId, searchableTexts(row).join("\n").toLowerCase()]));
  return rows
    .map((row) => toLibraryEntry(row))
    .sort(compareEntries)
    .filter((entry) => terms.every((term) => texts.get(entry.analysisId)?.includes(term)))
    .map((entry) => entry.analysisId);
}

async function expectIndexMatchesRows(snapshot: LibrarySnapshot): Promise<void> {
  const rows = await db.analyses.toArray();
  const { entries, index } = await snapshot.read();
  // The entries, less their number in the index (and their write's seq).
  const listed = ({ docNo: _doc, seq: _seq, ...entry }: LibraryEntry & { seq?: number }) => entry;
  expect(entries.map(listed)).toEqual(
    rows
      .map((row) => toLibraryEntry(row))
      .sort(compareEntries)
      .map(listed),
  );
  expect(new Set(entries.map((entry) => entry.docNo)).size).toBe(entries.length);
  const search = createLibrarySearch(entries, index);
  for (const query of QUERIES) {
    expect(
      search.search(query).map((entry) => entry.analysisId),
      query,
    ).toEqual(expected(rows, query));
  }
}

describe("the library index", () => {
  it("follows records cached, cached again with new words, edited, updated and deleted", async () => {
    const snapshot = createLibrarySnapshot(db);
    await cacheRecords(db, records(600), { now: 1 });
    await expectIndexMatchesRows(snapshot);
    const rows = await db.searchBlocks.toArray();
    // "common" is in 200 of 600 analyses, other words in more: some postings are bitsets.
    expect(rows.some((row) => row.postings.length >= BLOCK_WORDS)).toBe(true);

    // Newer versions of some records, with other words.
    const newer = records(100, 250, 5).map((r) => ({ ...r, updatedAt: "2027-01-01T00:00:00.000Z" }));
    await cacheRecords(db, [...newer, ...records(50, 600)], { now: 2 });
    await expectIndexMatchesRows(snapshot);

    await enqueueEdit(
      db,
      {
        analysisId: "ana_00007",
        patch: { textContent: "edited zircon" },
        baseUpdatedAt: "2026-01-01T00:07:00.000Z",
      },
      3,
    );
    await db.analyses.update("ana_00008", { textContent: "quartz", cachedAt: 4 });
    await expectIndexMatchesRows(snapshot);
    const { entries, index } = await snapshot.read();
    expect(
      createLibrarySearch(entries, index)
        .search("zircon")
        .map((entry) => entry.analysisId),
    ).toEqual(["ana_00007"]);

    await db.analyses.bulkDelete(["ana_00001", "ana_00002", "ana_00640"]);
    await db.analyses.where("host").equals("site3.example").delete();
    await expectIndexMatchesRows(snapshot);

    // New analyses after deletes, then everything gone.
    await cacheRecords(db, records(30, 700), { now: 5 });
    await expectIndexMatchesRows(snapshot);
    await db.analyses.clear();
    await expectIndexMatchesRows(snapshot);
    expect(await db.libraryEntries.count()).toBe(0);
    expect(await db.searchBlocks.count()).toBe(0);
  });

  it(`spans several blocks of ${BLOCK_DOCS} analyses`, async () => {
    const snapshot = createLibrarySnapshot(db);
    await cacheRecords(db, records(BLOCK_DOCS + 300), { now: 1 });
    expect(new Set((await db.searchBlocks.toArray()).map((row) => row.block))).toEqual(new Set([0, 1]));
    await expectIndexMatchesRows(snapshot);
    await db.analyses.bulkDelete(records(200, 100).map((r) => r.analysisId));
    await expectIndexMatchesRows(snapshot);
  }, 60_000);
});

describe("schema version 3", () => {
  it("indexes the analyses cached before it: whole texts searchable, entries listed", async () => {
    const name = newDatabaseName("index-upgrade");
    const v2 = shippedDatabase(name, 2);
    const old = records(BLOCK_DOCS + 10).map(
      (r): CachedAnalysis => ({ ...r, ...localFieldsOf(r.analysis, 1) }),
    );
    const long = old[3] as CachedAnalysis;
    long.analysis = { ...long.analysis, text: `${"filler ".repeat(1_000)}deepword` };
    await v2.table("analyses").bulkPut(old);
    v2.close();

    const upgraded = createDatabase(name);
    try {
      expect(await upgraded.libraryEntries.count()).toBe(old.length);
      const { entries, index } = await createLibrarySnapshot(upgraded).read();
      const search = createLibrarySearch(entries, index);
      expect(search.search("deepword").map((entry) => entry.analysisId)).toEqual([long.analysisId]);
      const rows = await upgraded.analyses.toArray();
      for (const query of ["amber", "common", "notes 4100", "site1.example/page/4"]) {
        expect(
          search.search(query).map((entry) => entry.analysisId),
          query,
        ).toEqual(expected(rows, query));
      }
    } finally {
      await upgraded.delete();
    }
  }, 60_000);
});
