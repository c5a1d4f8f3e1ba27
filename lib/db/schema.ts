/**
 * The shapes of the rows in the `linklens` IndexedDB database. Types only, so pages and messaging can
 * import them without pulling Dexie in.
 */
import type {
  AnalysisRecord,
  LinkFailure,
  Metadata,
  PartialAnalysisRecord,
  ResponseFormat,
  UpdateAnalysisRequest,
} from "../api/contract";
import type { ApiErrorInit } from "../api/errors";
import type { LibraryEntry } from "../library/library-entry";
import type { LinkProblem } from "../links/link-check";
import type { AnswerChanges } from "../watch/answer-changes";
import type { WatchInterval } from "../watch/watch-schedule";

/** What the cache adds to a server record. */
export interface LocalRecordFields {
  /** `analysis.url` normalized with `normalizeLink` (`""` when the service sent no URL). */
  pageUrl: string;
  /** `analysis.id` (`""` when unknown). */
  pageId: string;
  /** `siteOf(analysis.url)` (`""` when unknown). */
  host: string;
  /** Epoch ms of the last write to this row. */
  cachedAt: number;
  /** An edit of this record waits in the outbox; its fields are the local edit, not the server's. */
  pending?: boolean;
  /**
   * While `pending`: the service's own values of the editable fields (a field absent here is absent on
   * the service), so the row can become the service's version again when the edits are discarded.
   */
  serverValues?: AnalysisPatch;
  /** Where the analysis came from, when a job of this browser made it (kept across later writes). */
  origin?: RecordOrigin;
  /** An edit made in this browser was accepted by the service (kept across later writes). */
  edited?: boolean;
}

/** What the job that created an analysis knew of it; the service's record does not say. */
export interface RecordOrigin {
  jobId: string;
  /** The prompt sent (a preset's template already filled in). */
  prompt: string;
  /** The preset the job ran, when it ran one (named by the job, or found by its prompt). */
  presetName?: string;
  /** Credits this analysis cost: its request's `costCredits` over the analyses the request made. */
  costCredits?: number;
}

/**
 * An analysis the user removed from the library: a later refresh, listing, import or job result does
 * not cache it again until the user re-analyzes its page or undoes the removal.
 */
export interface RemovedRow {
  analysisId: string;
  /** Epoch ms. */
  removedAt: number;
}

export type FullCachedAnalysis = AnalysisRecord & LocalRecordFields & { partial?: undefined };
/** Only the fields a `selectFields` listing returned are known. */
type PartialCachedAnalysis = PartialAnalysisRecord & LocalRecordFields & { partial: true };
export type CachedAnalysis = FullCachedAnalysis | PartialCachedAnalysis;

export interface UsageRow {
  usageId: string;
  costCredits: number;
  /** The links sent in the request this usage is for. */
  links: string[];
  /** Epoch ms. */
  createdAt: number;
  jobId?: string;
}

const JOB_SOURCES = [
  "popup",
  "context-page",
  "context-link",
  "context-selection",
  "shortcut",
  /** Many tabs in one job: the popup's "All tabs in this window", Firefox's tab-strip menu. */
  "tabs",
  /** A follow-up question under an answer (popup or side panel): one more turn of its thread. */
  "follow-up",
  /** A comparison: many links, one prompt and schema, shown as one table (lib/compare). */
  "compare",
  /** A watch's run: its pages analyzed again with the same prompt and schema (lib/watch). */
  "watch",
] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

/** What a job sends: `links` holds only the distinct, normalized https links, in the order given. */
export interface AnalyzeJobRequest {
  links: string[];
  prompt: string;
  temperature?: number;
  metadata?: Metadata;
  responseFormat?: ResponseFormat;
}

export interface RejectedLink {
  link: string;
  problem: LinkProblem;
}

export interface AnalyzeJob {
  id: string;
  status: JobStatus;
  source: JobSource;
  request: AnalyzeJobRequest;
  /** Links refused before sending (not https, not a URL, …); never sent, never silently dropped. */
  rejected: RejectedLink[];
  /** How many links were left out as duplicates of an accepted one. */
  duplicates: number;
  /** Links processed (analyzed or failed) out of `request.links`. */
  progress: { done: number; total: number };
  /** Chunks of `LIMITS.maxLinks` links already answered; a resumed job starts after them. */
  chunksDone: number;
  /**
   * The `Idempotency-Key` of each chunk's request, made when the job first starts (before any request) and
   * sent on every retry, so a chunk the service already ran is answered again, never charged twice.
   */
  chunkKeys?: string[];
  /**
   * The links of each chunk, planned before the first request with the link limit learned for the
   * service; the chunks not yet answered are planned again, smaller, when the service refuses one as too
   * large (`chunkKeys` then holds new keys for them: a refused request cost nothing).
   */
  chunks?: string[][];
  /** Set once the service refused `refused` links in one request; `learned`: the most it then took. */
  linkLimit?: { refused: number; learned?: number };
  /** The analyses created, in link order. */
  analysisIds: string[];
  failures: LinkFailure[];
  usageIds: string[];
  costCredits: number;
  /** The last attempt's error: while `queued` with `retryAt`, why it is retrying; when `failed`, why it failed. */
  error?: ApiErrorInit;
  /** Epoch ms at which a queued job is retried. */
  retryAt?: number;
  /** Attempts started (each time the job went `running`). */
  attempts: number;
  /** Times the worker stopped while this job was `running`. */
  interruptions?: number;
  /** The user has seen this job's failure (the badge stops showing "!"). */
  seen?: boolean;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  finishedAt?: number;
  /** Normalized URL of the tab the job was started from. */
  tabUrl?: string;
  /** The preset the job runs, when it runs one (stored on the analyses it creates). */
  presetName?: string;
  /** A follow-up: the thread it adds a turn to, and the question as typed (the prompt carries more). */
  thread?: JobThread;
  /** Set on a comparison: its results are one table, not separate analyses. */
  comparison?: ComparisonInfo;
  /** A page of a comparison analyzed again ("Retry this page"): its result replaces the page's row. */
  retryOf?: { jobId: string; link: string };
  /** A watch's run: its results are compared with the watch's last answers (entrypoints/background/watches.ts). */
  watchId?: string;
}

export interface JobThread {
  /** The thread's id (lib/thread/thread-metadata.ts): the analysisId of its first turn. */
  id: string;
  question: string;
}

export interface ComparisonInfo {
  /** The schema's name as the user knows it (a preset's, a template's), for the library's row. */
  schemaName?: string;
}

/**
 * A preset as the worker copies it from the settings into the `presets` table (see
 * entrypoints/background/preset-mirror.ts): the settings' preset, its place in the user's list, and
 * whether it is the default one.
 */
export interface PresetRow {
  id: string;
  name: string;
  prompt: string;
  temperature: number;
  /** A JSON Schema for structured output. */
  schema?: Record<string, unknown>;
  isDefault?: boolean;
  /** Position in the user's list (ascending). */
  order: number;
}

/** The fields an edit changes; each one present replaces the stored value wholesale. */
export type AnalysisPatch = Omit<UpdateAnalysisRequest, "analysisId">;

/**
 * `pending`: waits to be sent (at `nextAttemptAt`, after the earlier edits of its analysis);
 * `sending`: a request is out; `conflict`: the service answered 412, `serverRecord` is its version and
 * the user chooses; `rejected`: the service refused it (4xx), `lastError` says why; kept until the
 * user edits again or discards it.
 */
type OutboxState = "pending" | "sending" | "conflict" | "rejected";

/** How the user settles a conflict: resend their edit, take the service's version, or send a merge. */
export type ConflictChoice = "mine" | "theirs" | { merged: AnalysisPatch };

/** An edit not yet accepted by the service. */
export interface OutboxEntry {
  seq: number;
  analysisId: string;
  patch: AnalysisPatch;
  /** The record's `updatedAt` the edit was made on (sent as `If-Match`). */
  baseUpdatedAt: string;
  state: OutboxState;
  /** Epoch ms. */
  createdAt: number;
  /** Requests started for this edit. */
  attempts: number;
  /**
   * The `Idempotency-Key` of this edit's request, made before its first attempt and sent on every retry;
   * a new one when the request changes (the user edits a rejected edit again, or settles a conflict).
   */
  idempotencyKey?: string;
  /** Epoch ms at which a `pending` entry is due. */
  nextAttemptAt: number;
  /** Why the last attempt failed (also while `pending`: why it is waiting to retry). */
  lastError?: ApiErrorInit;
  /** While `conflict`: the service's current record, to show beside the user's version. */
  serverRecord?: AnalysisRecord;
}

/** Analyses a delete removed from this browser, kept so the delete can be undone until `expiresAt`. */
export interface DeletedBatch {
  token: string;
  rows: CachedAnalysis[];
  /** Comparisons deleted with them: their jobs and their pages' retries. */
  jobs?: AnalyzeJob[];
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * What the library lists of a cached analysis (lib/library/library-entry.ts), written with every write of
 * the analysis (lib/db/library-index.ts), so the side panel lists the library without reading records.
 */
export interface LibraryEntryRow extends LibraryEntry {
  /** The write that last changed it (`LibraryMetaRow.value` then), so readers see which entries changed. */
  seq: number;
}

/** `{ key: "seq" }`: how many writes changed the library's tables; each write's rows carry its number. */
export interface LibraryMetaRow {
  key: string;
  value: number;
}

/** What a watch re-analyzes: one analysis's page (or a thread's first page), or a comparison's pages. */
export type WatchTarget = { kind: "analysis"; analysisId: string } | { kind: "comparison"; jobId: string };

/** Why a watch stopped running: its weekly budget, the key's credits, or what it watched was deleted. */
export type WatchStopReason = "budget" | "credits" | "gone";

/**
 * A watch (lib/watch): its pages analyzed again every `interval` with the same prompt and schema, each run
 * compared with the answers of the one before.
 */
export interface WatchRow {
  id: string;
  target: WatchTarget;
  /** The page's or the comparison's title, for the Changes view. */
  title: string;
  /** What each run sends: the pages, the prompt, the temperature and the schema. */
  request: AnalyzeJobRequest;
  presetName?: string;
  interval: WatchInterval;
  /** The most the watch may spend in any seven days, in credits. */
  budgetCredits: number;
  /** A run that found a change shows a system notification. */
  notify: boolean;
  /** Epoch ms. */
  createdAt: number;
  /** When the last run started (epoch ms): the next is due an interval later. */
  lastRunAt?: number;
  /** The job of the run under way; a watch never runs twice at once. */
  runningJobId?: string;
  /** Each page's last answer (link → analysisId): what the next run is compared with. */
  latest: Record<string, string>;
  /** Set when the watch stopped by itself; the user starts it again. */
  stopped?: { reason: WatchStopReason; at: number };
}

/** One page of a run that changed: what the user asked about, or only the page's own text. */
export interface WatchPageChange extends AnswerChanges {
  link: string;
  title: string;
  beforeId: string;
  afterId: string;
}

/** A watch's run: its job, its cost, and what changed (`changed`: pages whose answer changed). */
export interface WatchRunRow {
  /** The run's job id. */
  id: string;
  watchId: string;
  /** Epoch ms. */
  startedAt: number;
  finishedAt?: number;
  status: "running" | "done" | "failed";
  costCredits: number;
  /** The pages whose answer or text changed; empty when the run answered as the one before. */
  pages: WatchPageChange[];
  /** How many of `pages` changed what the user asked about (the rest changed only the page's text). */
  changed: number;
  /** Why a failed run failed. */
  error?: ApiErrorInit;
  /** The user has seen this run's changes (the badge stops counting it). */
  seen?: boolean;
}

export type { SearchBlockRow } from "../library/search-block";
