import type { AnalysisObject, AnalysisRecord, JsonSchemaDocument, Metadata } from "../../lib/api/contract";
import type { RelatedSearch } from "../related/related-query";
import type { Database } from "./database";
import type { TokenBuckets } from "./token-buckets";

export interface Tenant {
  id: string;
  credits: number;
}

/** An analysis as stored: the contract's record plus what the server keeps for itself. */
export interface StoredAnalysis {
  tenantId: string;
  analysisId: string;
  createdAt: string;
  updatedAt: string;
  analysis: AnalysisObject;
  textContent?: string;
  jsonContent?: Record<string, unknown>;
  metadata?: Metadata;
  /** The schema of the request's responseFormat; later jsonContent updates must validate against it. */
  responseSchema?: JsonSchemaDocument;
}

export interface UsageRow {
  usageId: string;
  tenantId: string;
  costCredits: number;
  links: number;
  createdAt: string;
}

export interface AnalysisPatch {
  textContent?: string;
  jsonContent?: Record<string, unknown>;
  metadata?: Metadata;
}

export type UpdateOutcome =
  | { kind: "updated"; record: StoredAnalysis }
  | { kind: "not_found" }
  | { kind: "precondition_failed"; current: StoredAnalysis };

/** An `Idempotency-Key` as the store keeps it: scoped to the tenant and the endpoint. */
export interface IdempotencyKeyRef {
  tenantId: string;
  /** E.g. `POST /v1/links`. */
  endpoint: string;
  key: string;
}

/** The hold of one request on a key; `token` tells it apart from a later request that took the key over. */
export interface IdempotencyClaim extends IdempotencyKeyRef {
  token: string;
}

/** A final response as stored for replay: `body` is the exact text sent. */
export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** A keyed request's final response, stored in the same transaction as the work it answers. */
export interface IdempotencyCompletion {
  claim: IdempotencyClaim;
  response: StoredResponse;
}

export interface ClaimTiming {
  /**
   * A running claim whose heartbeat is older than this is taken over (its process is presumed dead): on
   * Postgres the fallback for a claim whose lock outlives its process (a host gone without closing its
   * connections), as a dead process's claim is taken over at once (claim-locks.ts).
   */
  staleAfterMs: number;
  /** A key older than this is forgotten: it is claimed anew whatever it held. */
  retentionMs: number;
}

export type ClaimOutcome =
  | { kind: "claimed"; claim: IdempotencyClaim }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_progress" }
  | { kind: "mismatch" };

/** The claim was taken over (or the key forgotten) while its request ran: nothing of it may be stored. */
export class IdempotencyClaimLostError extends Error {
  constructor(readonly claim: IdempotencyClaim) {
    super(`the Idempotency-Key ${JSON.stringify(claim.key)} is now held by another request`);
    this.name = "IdempotencyClaimLostError";
  }
}

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`this request needs ${needed} credits and the key holds ${balance}`);
    this.name = "InsufficientCreditsError";
  }
}

/**
 * Everything the service keeps, in one database that every process of the service shares (PGlite: one
 * process; Postgres: any number).
 */
export interface Store {
  /** The Drizzle database underneath, for queries that live beside the store (related search). */
  readonly db: Database;
  /** Rate-limit buckets, one per tenant and bucket across every process of the service. */
  readonly rateBuckets: TokenBuckets;
  /** Creates the key with `credits` when its hash is new; an existing key keeps its balance. */
  ensureKey(keyHash: string, credits: number): Promise<Tenant>;
  findTenant(keyHash: string): Promise<Tenant | null>;
  /** The tenant with its current balance. */
  getTenant(tenantId: string): Promise<Tenant | null>;
  /**
   * Stores the analyses and the usage row and charges `usage.costCredits`, in one transaction, with the
   * keyed request's response when `completion` is given. Throws `InsufficientCreditsError` (and stores
   * nothing) when the balance no longer covers it, `IdempotencyClaimLostError` when the claim was lost.
   */
  saveAnalyses(
    analyses: StoredAnalysis[],
    usage: UsageRow,
    completion?: IdempotencyCompletion,
  ): Promise<void>;
  /** The analysis with what the server keeps for itself (its response schema). */
  getAnalysis(tenantId: string, analysisId: string): Promise<StoredAnalysis | null>;
  /** The analysis as the contract's record (GET /v1/analyses): only its columns, from a cache where safe. */
  getRecord(tenantId: string, analysisId: string): Promise<AnalysisRecord | null>;
  /**
   * The tenant's analyses among `analysisIds`, in the order of `analysisIds` (unknown ids skipped): read as
   * `getRecord` reads, from the cache where safe, the others together in one query (the page of related
   * search).
   */
  getAnalyses(tenantId: string, analysisIds: string[]): Promise<StoredAnalysis[]>;
  /**
   * Replaces each field the patch holds; `updatedAt` moves strictly forward (`max(now, previous + 1 ms)`).
   * With `ifMatch`, refuses when the stored `updatedAt` differs.
   */
  updateAnalysis(
    tenantId: string,
    analysisId: string,
    patch: AnalysisPatch,
    ifMatch?: string,
    completion?: { claim: IdempotencyClaim; respond: (outcome: UpdateOutcome) => StoredResponse },
  ): Promise<UpdateOutcome>;
  /** Every analysis of a tenant, oldest first (what the store holds for it: tests check isolation with it). */
  listAnalyses(tenantId: string): Promise<StoredAnalysis[]>;
  /**
   * Claims an `Idempotency-Key` for a request whose body hashes to `requestHash` (INSERT … ON CONFLICT, so
   * concurrent requests and processes agree), or says why not: the stored response to replay, a request
   * with the key still running, or a key used for another body. A running claim whose request is dead is
   * taken over. A claim made must be ended (`endIdempotencyClaim`) when its request ends.
   */
  claimIdempotencyKey(
    ref: IdempotencyKeyRef,
    requestHash: string,
    timing: ClaimTiming,
  ): Promise<ClaimOutcome>;
  /**
   * The claim's request has ended (answered, failed, or lost its claim), after its response was stored or
   * its claim released: lets go of what proved it alive (its advisory lock on Postgres).
   */
  endIdempotencyClaim(claim: IdempotencyClaim): Promise<void>;
  /** Moves the claim's heartbeat; false when the claim is no longer held (finished or taken over). */
  heartbeatIdempotencyKey(claim: IdempotencyClaim): Promise<boolean>;
  /** Stores the final response, unless it was stored already or the claim was lost (then it does nothing). */
  completeIdempotencyKey(completion: IdempotencyCompletion): Promise<void>;
  /** Forgets a claim that stored no response (a 5xx): a retry with the key runs again. */
  releaseIdempotencyKey(claim: IdempotencyClaim): Promise<void>;
  /** Deletes the keys older than `retentionMs`; returns how many. */
  purgeIdempotencyKeys(retentionMs: number): Promise<number>;
  /**
   * Where the store keeps a read cache (PGlite, one process): fills it with the newest analyses, in the
   * background of a started service; answers how many. Elsewhere it does nothing.
   */
  warmRecordCache(): Promise<number>;
  /** One page of the ids of the tenant's analyses related to one, best first; null when it has no such analysis. */
  relatedAnalysisIds(search: RelatedSearch): Promise<string[] | null>;
  /**
   * Builds the index related search answers from in memory (related-search.ts), in the background of a
   * started service; answers how many analyses it holds.
   */
  warmRelatedIndex(): Promise<number>;
  close(): Promise<void>;
}
