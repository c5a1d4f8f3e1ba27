/**
 * The edit outbox: every edit is written to Dexie (and shown, marked pending) before it is sent, then
 * POSTed (with `If-Match` only when the service gave an ETag for the edit's base version), one request at
 * a time per analysis and in the order the edits were made. Every answer is checked for the edit.
 * A failure worth waiting out (lib/api/retry-policy.ts: unreachable service, 429, 5xx): retried with
 * backoff on an alarm, across worker and browser restarts, until it lands or the user discards it.
 * 412: both versions are kept for the user to choose. Any other refusal: the edit waits, rejected.
 */
import { z } from "zod";
import type { ApiClient } from "../../lib/api/client";
import { type AnalysisRecord, UpdateAnalysisRequest } from "../../lib/api/contract";
import { ApiError, type ApiErrorInit, toApiError } from "../../lib/api/errors";
import { issueDetails, summarizeDetails } from "../../lib/api/issue-details";
import { decideRetry, RETRY_SCHEDULES } from "../../lib/api/retry-policy";
import type { LinklensDatabase } from "../../lib/db/database";
import {
  claimEntry,
  discardEntry,
  dueHeads,
  enqueueEdit,
  foldPatches,
  makeAllDue,
  nextAttemptTime,
  recordFailure,
  recordHoldsPatch,
  recordLanded,
  resetInterrupted,
  settleConflict,
} from "../../lib/db/outbox";
import type { RecordEtags } from "../../lib/db/record-etags";
import type { AnalysisPatch, ConflictChoice, OutboxEntry } from "../../lib/db/schema";
import { notKeptError } from "../../lib/editing/not-kept";
import type { CommandHandlers } from "../../lib/messaging/protocol";
import { createDurableQueue } from "./durable-queue";
import { keptRecordEtags } from "./record-etags";

export const OUTBOX_ALARM = "linklens-outbox";
/** While an edit is being sent, the outbox alarm stays set this far ahead (see `send`). */
export const SENDING_WAKE_MS = 60_000;
const EDIT_RETRY = RETRY_SCHEDULES.edit;
/** Every edit is sent with its key: sending it again never applies it twice. */
const EDIT_REQUEST = { keyed: true, repeatable: true };

export interface OutboxDeps {
  db: LinklensDatabase;
  /** A client for the current settings; asked once per attempt. */
  getClient: () => Promise<ApiClient>;
  /** Wakes the worker at `when` (epoch ms) to retry waiting edits; `null` when none waits. */
  scheduleAlarm: (when: number | null) => void | Promise<void>;
  now?: () => number;
  /** Keeps the worker from being stopped while a request is out; returns the function that lets it go. */
  keepAwake?: () => () => void;
  /** The ETags the service gave per record (storage.local by default). */
  etags?: RecordEtags;
}

export type Outbox = ReturnType<typeof createOutbox>;

const Seq = z.number().int().positive();
const BaseUpdatedAt = z.string().min(1, { message: "must not be empty" });
const Choice = z.union(
  [z.literal(["mine", "theirs"]), z.strictObject({ merged: z.record(z.string(), z.unknown()) })],
  { error: 'must be "mine", "theirs" or { merged: { …the fields to send } }' },
);

export function createOutbox(deps: OutboxDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const etags = deps.etags ?? keptRecordEtags;
  /** Sends the due edits (the head of each analysis's chain, together) until none is left. */
  const queue = createDurableQueue<number, OutboxEntry>({
    name: "the outbox loop",
    store: {
      due: async (time) => (await dueHeads(db, time)).map((entry) => entry.seq),
      claim: (seq) => claimEntry(db, seq),
      nextDueAt: () => nextAttemptTime(db),
      recoverInterrupted: async (isRunning, time) => {
        await resetInterrupted(db, isRunning, time);
      },
    },
    run: send,
    settleError: (entry, error) => settleError(entry, toApiError(error)),
    scheduleAlarm: deps.scheduleAlarm,
    // If the browser stops the worker while the request is out, the alarm starts it again to resume.
    wakeMs: SENDING_WAKE_MS,
    now,
    keepAwake: deps.keepAwake,
  });
  const pump = queue.runDue;

  /** Writes the edit (shown at once, pending) and starts sending; returns its `seq`. */
  async function save(analysisId: string, patch: AnalysisPatch, baseUpdatedAt: string): Promise<number> {
    const checked = checkPatch(analysisId, patch);
    const base = parseInput(BaseUpdatedAt, baseUpdatedAt, "baseUpdatedAt");
    const seq = await withReadableErrors(() =>
      enqueueEdit(db, { analysisId: checked.analysisId, patch: checked.patch, baseUpdatedAt: base }, now()),
    );
    void pump();
    return seq;
  }

  /** Sends one claimed edit and stores what came of it. */
  async function send(entry: OutboxEntry): Promise<void> {
    const client = await deps.getClient();
    const precondition = await preconditionOf(entry, client);
    if ("current" in precondition) {
      await settleMovedOn(entry, precondition.current, movedOnError());
      return;
    }
    const { record, etag } = await client.updateAnalysisWithEtag(
      { analysisId: entry.analysisId, ...entry.patch },
      { ifMatch: precondition.ifMatch, idempotencyKey: entry.idempotencyKey },
    );
    await etags.remember(record, etag);
    // Every answer is checked, not only after a 412: a service may merge, or drop a field.
    const notKept = notKeptError(entry.patch, record);
    if (notKept) {
      await recordFailure(db, entry, { state: "conflict", error: notKept, serverRecord: record }, now());
      return;
    }
    await recordLanded(db, entry.seq, record, now());
  }

  /**
   * `If-Match` only with an ETag this service gave for the version the edit was made against. With none
   * kept, the record is read first (the seed's GET): a version that moved on settles the edit as a 412
   * would; otherwise the read's ETag, if any, goes with the update.
   */
  async function preconditionOf(
    entry: OutboxEntry,
    client: ApiClient,
  ): Promise<{ ifMatch?: string } | { current: AnalysisRecord }> {
    const kept = await etags.get(entry.analysisId);
    if (kept && kept.updatedAt === entry.baseUpdatedAt) return { ifMatch: kept.etag };
    const { record, etag } = await client.getAnalysisWithEtag(entry.analysisId);
    await etags.remember(record, etag);
    if (record.updatedAt !== entry.baseUpdatedAt) return { current: record };
    return etag ? { ifMatch: etag } : {};
  }

  /** The service's version moved on since the edit's base: landed if it holds the edit, else a conflict. */
  async function settleMovedOn(entry: OutboxEntry, current: AnalysisRecord, error: ApiErrorInit) {
    // An earlier attempt may have landed without its answer reaching us (worker stopped, connection
    // lost): the service then already holds exactly this edit, so it counts as landed, never sent twice.
    if (recordHoldsPatch(current, entry.patch)) {
      await recordLanded(db, entry.seq, current, now());
      return;
    }
    await recordFailure(db, entry, { state: "conflict", error, serverRecord: current }, now());
  }

  async function settleError(entry: OutboxEntry, error: ApiError): Promise<void> {
    if (error.status === 412) {
      let current: AnalysisRecord;
      try {
        const read = await (await deps.getClient()).getAnalysisWithEtag(entry.analysisId);
        await etags.remember(read.record, read.etag);
        current = read.record;
      } catch (readError) {
        await settleError(entry, toApiError(readError));
        return;
      }
      await settleMovedOn(entry, current, error.toJSON());
      return;
    }
    const decision = decideRetry(error, entry.attempts, EDIT_REQUEST, EDIT_RETRY);
    if (decision.retry) {
      const nextAttemptAt = now() + decision.delayMs;
      await recordFailure(db, entry, { state: "pending", error: error.toJSON(), nextAttemptAt }, now());
      return;
    }
    await recordFailure(db, entry, { state: "rejected", error: error.toJSON() }, now());
  }

  /** Settles a 412: "mine" resends the user's edits over the service's version, "theirs" drops them. */
  async function resolve(seq: number, choice: ConflictChoice): Promise<number | null> {
    const checkedSeq = parseInput(Seq, seq, "seq");
    const checkedChoice = parseInput(Choice, choice, "choice");
    let merged: AnalysisPatch | undefined;
    if (typeof checkedChoice === "object") {
      const entry = await db.outbox.get(checkedSeq);
      merged = checkPatch(entry?.analysisId ?? "-", checkedChoice.merged, "choice.merged").patch;
    }
    await withReadableErrors(() =>
      settleConflict(
        db,
        checkedSeq,
        (chain) => {
          if (checkedChoice === "theirs") return undefined;
          if (checkedChoice === "mine") return foldPatches(chain.map((entry) => entry.patch));
          return merged;
        },
        now(),
      ),
    );
    void pump();
    return checkedChoice === "theirs" ? null : checkedSeq;
  }

  /** Drops an edit; returns whether there was one. */
  async function discard(seq: number): Promise<boolean> {
    const discarded = await discardEntry(db, parseInput(Seq, seq, "seq"), now());
    if (discarded) void pump();
    return discarded !== undefined;
  }

  /** Sends every waiting or rejected edit now; returns how many were made due. */
  async function retryNow(): Promise<number> {
    const due = await makeAllDue(db, now());
    await pump();
    return due;
  }

  return {
    save,
    /** On worker start: edits a stopped worker left `sending` are sent again (a 412 then tells if they landed). */
    resume: queue.resume,
    /** Sends the edits whose time has come (the alarm's handler). */
    runDue: pump,
    resolve,
    discard,
    retryNow,
    /** Settles when the outbox has nothing left to send now (for tests and callers that must wait). */
    whenIdle: queue.whenIdle,
  };
}

/** The outbox's commands, for `setupCommands`. */
export function outboxCommandHandlers(
  outbox: Outbox,
): Pick<CommandHandlers, "analysis.save" | "outbox.resolve" | "outbox.discard" | "outbox.retryNow"> {
  return {
    "analysis.save": async ({ analysisId, patch, baseUpdatedAt }) => ({
      seq: await outbox.save(analysisId, patch, baseUpdatedAt),
    }),
    "outbox.resolve": async ({ seq, choice }) => ({ seq: await outbox.resolve(seq, choice) }),
    "outbox.discard": async ({ seq }) => ({ discarded: await outbox.discard(seq) }),
    "outbox.retryNow": async () => ({ due: await outbox.retryNow() }),
  };
}

const AnalysisId = UpdateAnalysisRequest.shape.analysisId;

/** Checks an edit with the contract's update schema: a bad edit is refused before it is stored. */
function checkPatch(analysisId: unknown, patch: unknown, prefix = "patch") {
  const id = parseInput(AnalysisId, analysisId, "analysisId");
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw invalid([{ path: prefix, message: "must be a JSON object" }]);
  }
  if ("analysisId" in patch)
    throw invalid([{ path: `${prefix}.analysisId`, message: "is not a known field" }]);
  const { analysisId: _id, ...fields } = parseInput(
    UpdateAnalysisRequest,
    { ...patch, analysisId: id },
    prefix,
  );
  return { analysisId: id, patch: fields as AnalysisPatch };
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalid(issueDetails(result.error, prefix));
}

function invalid(details: { path: string; message: string }[]): ApiError {
  return new ApiError({ status: 0, code: "invalid_request", message: summarizeDetails(details), details });
}

/** Turns a Dexie-side refusal (e.g. an analysis missing from the cache) into a readable error. */
async function withReadableErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toApiError(error, "invalid_request");
  }
}

/** The version an edit was made against is no longer the service's (found by reading it, not by a 412). */
function movedOnError(): ApiErrorInit {
  return {
    status: 0,
    code: "changed_on_service",
    message: "the analysis changed on the service after this edit was made",
  };
}
