/**
 * The edit outbox in Dexie. An analysis's edits form a chain in `seq` order: only its first entry (the
 * head) may be sent, and its cached row shows the service's version with every waiting edit applied.
 */
import { newIdempotencyKey } from "../api/client";
import type { AnalysisRecord } from "../api/contract";
import type { ApiErrorInit } from "../api/errors";
import { sameJson } from "../json/same-json";
import type { LinklensDatabase } from "./database";
import { cacheRecords, EDITABLE_FIELDS, editableFieldsOf } from "./records";
import type { AnalysisPatch, CachedAnalysis, OutboxEntry } from "./schema";

export interface EditInput {
  analysisId: string;
  patch: AnalysisPatch;
  baseUpdatedAt: string;
}

/** An analysis's waiting edits, oldest first. */
export function outboxEntriesOf(db: LinklensDatabase, analysisId: string): Promise<OutboxEntry[]> {
  return db.outbox.where("analysisId").equals(analysisId).sortBy("seq");
}

/** The first waiting edit of each analysis, oldest first. */
async function outboxHeads(db: LinklensDatabase): Promise<OutboxEntry[]> {
  const heads = new Map<string, OutboxEntry>();
  for (const entry of await db.outbox.orderBy("seq").toArray()) {
    if (!heads.has(entry.analysisId)) heads.set(entry.analysisId, entry);
  }
  return [...heads.values()];
}

/** Heads that wait to be sent and whose time has come. */
export async function dueHeads(db: LinklensDatabase, now: number): Promise<OutboxEntry[]> {
  const heads = await outboxHeads(db);
  return heads.filter((entry) => entry.state === "pending" && entry.nextAttemptAt <= now);
}

/** When the next head waiting for a retry is due, or `null` when none waits. */
export async function nextAttemptTime(db: LinklensDatabase): Promise<number | null> {
  const times = (await outboxHeads(db)).flatMap((entry) =>
    entry.state === "pending" ? [entry.nextAttemptAt] : [],
  );
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * Writes an edit and shows it on the cached row (marked pending), in one transaction, before anything
 * is sent. A new edit of an analysis whose edit was rejected replaces that edit (the user fixes it by
 * editing again): the rejected chain and the new patch become one edit, due at once. Returns its `seq`.
 */
export function enqueueEdit(db: LinklensDatabase, edit: EditInput, now: number): Promise<number> {
  return db.transaction("rw", [db.outbox, db.analyses, db.removed], async () => {
    const row = await db.analyses.get(edit.analysisId);
    if (!row) throw new Error(`analysis ${edit.analysisId} is not in the cache: refresh it before editing`);
    const chain = await outboxEntriesOf(db, edit.analysisId);
    const rejected = chain[0]?.state === "rejected" ? chain[0] : undefined;
    let seq: number;
    if (rejected) {
      seq = rejected.seq;
      await db.outbox.bulkDelete(chain.slice(1).map((entry) => entry.seq));
      await db.outbox.put(
        dueAgain({ ...rejected, patch: foldPatches([...chain.map((e) => e.patch), edit.patch]) }, now),
      );
    } else {
      seq = await db.outbox.add({
        analysisId: edit.analysisId,
        patch: edit.patch,
        baseUpdatedAt: edit.baseUpdatedAt,
        state: "pending",
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
      } as OutboxEntry);
    }
    await db.analyses.put(withEdits(row, [edit.patch], now));
    return seq;
  });
}

/** Marks a due head as being sent; `undefined` when it is no longer a due head. */
export function claimEntry(db: LinklensDatabase, seq: number): Promise<OutboxEntry | undefined> {
  return db.transaction("rw", db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (entry?.state !== "pending") return undefined;
    const [head] = await outboxEntriesOf(db, entry.analysisId);
    if (head?.seq !== seq) return undefined;
    const sending: OutboxEntry = {
      ...entry,
      state: "sending",
      attempts: entry.attempts + 1,
      // Saved before the request and sent again on every retry of it: the service applies it once.
      idempotencyKey: entry.idempotencyKey ?? newIdempotencyKey(),
    };
    await db.outbox.put(sending);
    return sending;
  });
}

/**
 * The service holds the edit (`record` is its answer): the entry goes, the next edit of the analysis is
 * sent on top of this version, and the row becomes the service's record plus the edits still waiting.
 * An entry discarded while its request was out is already gone; the record is cached all the same.
 */
export function recordLanded(
  db: LinklensDatabase,
  seq: number,
  record: AnalysisRecord,
  now: number,
): Promise<void> {
  return db.transaction("rw", [db.outbox, db.analyses, db.removed], async () => {
    if (await db.outbox.get(seq)) await db.outbox.delete(seq);
    // The next edit goes on top of this version, even when the one sent was settled meanwhile.
    const [next] = await outboxEntriesOf(db, record.analysisId);
    if (next?.state === "pending") await db.outbox.update(next.seq, { baseUpdatedAt: record.updatedAt });
    await rebuildRow(db, record.analysisId, record, now);
    // The library shows it as edited here.
    await db.analyses.update(record.analysisId, { edited: true });
  });
}

type Failure =
  | { state: "pending"; error: ApiErrorInit; nextAttemptAt: number }
  | { state: "rejected"; error: ApiErrorInit }
  | { state: "conflict"; error: ApiErrorInit; serverRecord: AnalysisRecord };

/**
 * Settles a failed attempt, unless the entry moved on meanwhile (discarded, or sent again by a later
 * attempt: `attempts` tells the attempt apart). On a conflict the row takes the service's version
 * underneath the user's edits.
 */
export function recordFailure(
  db: LinklensDatabase,
  sent: OutboxEntry,
  failure: Failure,
  now: number,
): Promise<void> {
  return db.transaction("rw", [db.outbox, db.analyses, db.removed], async () => {
    const entry = await db.outbox.get(sent.seq);
    if (entry?.state !== "sending" || entry.attempts !== sent.attempts) return;
    const settled: OutboxEntry = { ...entry, state: failure.state, lastError: failure.error };
    if (failure.state === "pending") settled.nextAttemptAt = failure.nextAttemptAt;
    if (failure.state === "conflict") settled.serverRecord = failure.serverRecord;
    await db.outbox.put(settled);
    if (failure.state === "conflict") await rebuildRow(db, entry.analysisId, failure.serverRecord, now);
  });
}

/** On worker start: entries a stopped worker left `sending` are due again (unless this worker sends them). */
export function resetInterrupted(
  db: LinklensDatabase,
  isInFlight: (seq: number) => boolean,
  now: number,
): Promise<number> {
  return db.transaction("rw", db.outbox, async () => {
    const stale = (await db.outbox.toArray()).filter(
      (entry) => entry.state === "sending" && !isInFlight(entry.seq),
    );
    for (const entry of stale) await db.outbox.put({ ...entry, state: "pending", nextAttemptAt: now });
    return stale.length;
  });
}

/** Makes every waiting or rejected edit due now; returns how many. */
export function makeAllDue(db: LinklensDatabase, now: number): Promise<number> {
  return db.transaction("rw", db.outbox, async () => {
    const waiting = (await db.outbox.toArray()).filter(
      (entry) => entry.state === "pending" || entry.state === "rejected",
    );
    for (const entry of waiting) await db.outbox.put(dueAgain(entry, now));
    return waiting.length;
  });
}

/**
 * Drops one edit; the row shows the service's version with the other waiting edits. An edit whose
 * request is out is not dropped (it may be landing right now): `undefined`, as for one already gone.
 */
export function discardEntry(
  db: LinklensDatabase,
  seq: number,
  now: number,
): Promise<OutboxEntry | undefined> {
  return db.transaction("rw", [db.outbox, db.analyses, db.removed], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.state === "sending") return undefined;
    await db.outbox.delete(seq);
    await rebuildRow(db, entry.analysisId, undefined, now);
    return entry;
  });
}

/**
 * Settles a conflict. The user's version beside the service's is the row: every waiting edit of the
 * analysis, so a choice covers them all. `patch` undefined takes the service's version (the edits go);
 * otherwise `patch` ("mine": the edits folded into one, or a merge) replaces them and is sent on top of
 * the service's version. Returns the conflict entry as it was.
 */
export function settleConflict(
  db: LinklensDatabase,
  seq: number,
  choose: (chain: OutboxEntry[]) => AnalysisPatch | undefined,
  now: number,
): Promise<OutboxEntry> {
  return db.transaction("rw", [db.outbox, db.analyses, db.removed], async () => {
    const entry = await db.outbox.get(seq);
    if (entry?.state !== "conflict" || !entry.serverRecord) {
      throw new Error(`edit ${seq} is not waiting for a choice between two versions`);
    }
    const chain = (await outboxEntriesOf(db, entry.analysisId)).filter((other) => other.seq >= seq);
    const patch = choose(chain);
    await db.outbox.bulkDelete(
      chain.filter((other) => patch === undefined || other.seq !== seq).map((e) => e.seq),
    );
    if (patch !== undefined) {
      const resend: OutboxEntry = { ...entry, patch, baseUpdatedAt: entry.serverRecord.updatedAt };
      delete resend.serverRecord;
      await db.outbox.put(dueAgain(resend, now));
    }
    await rebuildRow(db, entry.analysisId, entry.serverRecord, now);
    return entry;
  });
}

/** Later fields replace earlier ones, as the service applies them one after the other. */
export function foldPatches(patches: readonly AnalysisPatch[]): AnalysisPatch {
  return Object.assign({}, ...patches) as AnalysisPatch;
}

/** Whether the service's record already holds every field of the patch (deep, key order ignored). */
export function recordHoldsPatch(record: AnalysisRecord, patch: AnalysisPatch): boolean {
  return EDITABLE_FIELDS.every((key) => patch[key] === undefined || sameJson(patch[key], record[key]));
}

/**
 * Recomputes an analysis's row: the service's version (`server` when given, else what the row knows of
 * it) with the waiting edits applied; with no edit waiting, the service's version, not pending.
 */
async function rebuildRow(
  db: LinklensDatabase,
  analysisId: string,
  server: AnalysisRecord | undefined,
  now: number,
): Promise<void> {
  const row = await db.analyses.get(analysisId);
  // A new `cachedAt`, as every write of a row has: the library re-reads rows by it.
  if (row?.pending) await db.analyses.put({ ...serverVersionOf(row), cachedAt: now });
  if (server) await cacheRecords(db, [server], { now });
  const chain = await outboxEntriesOf(db, analysisId);
  const base = await db.analyses.get(analysisId);
  if (chain.length === 0 || !base) return;
  await db.analyses.put(
    withEdits(
      base,
      chain.map((entry) => entry.patch),
      now,
    ),
  );
}

function serverVersionOf(row: CachedAnalysis): CachedAnalysis {
  const restored: Record<string, unknown> = { ...row };
  for (const key of EDITABLE_FIELDS) delete restored[key];
  delete restored.pending;
  delete restored.serverValues;
  return { ...restored, ...row.serverValues } as CachedAnalysis;
}

function withEdits(row: CachedAnalysis, patches: readonly AnalysisPatch[], now: number): CachedAnalysis {
  const serverValues = row.pending ? (row.serverValues ?? {}) : editableFieldsOf(row);
  return { ...row, ...foldPatches(patches), pending: true, serverValues, cachedAt: now } as CachedAnalysis;
}

/**
 * The entry due now. One the service settled (rejected, conflict) goes as a new request, under a new
 * `Idempotency-Key` (made when it is sent); one waiting for a retry keeps its key.
 */
function dueAgain(entry: OutboxEntry, now: number): OutboxEntry {
  const due: OutboxEntry = { ...entry, state: "pending", nextAttemptAt: now };
  delete due.lastError;
  if (entry.state !== "pending") delete due.idempotencyKey;
  return due;
}
