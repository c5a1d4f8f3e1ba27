import type { AnalysisObject, JsonSchemaDocument, Metadata } from "../../lib/api/contract";

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

export class InsufficientCreditsError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`this request needs ${needed} credits and the key holds ${balance}`);
    this.name = "InsufficientCreditsError";
  }
}

export interface Store {
  /** Creates the key with `credits` when its hash is new; an existing key keeps its balance. */
  ensureKey(keyHash: string, credits: number): Promise<Tenant>;
  findTenant(keyHash: string): Promise<Tenant | null>;
  /** The tenant with its current balance. */
  getTenant(tenantId: string): Promise<Tenant | null>;
  /**
   * Stores the analyses and the usage row and charges `usage.costCredits`, in one transaction.
   * Throws `InsufficientCreditsError` (and stores nothing) when the balance no longer covers it.
   */
  saveAnalyses(analyses: StoredAnalysis[], usage: UsageRow): Promise<void>;
  getAnalysis(tenantId: string, analysisId: string): Promise<StoredAnalysis | null>;
  /** The tenant's analyses among `analysisIds`, in the order of `analysisIds` (unknown ids skipped). */
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
  ): Promise<UpdateOutcome>;
  /** Every analysis of a tenant (for the related index), oldest first. */
  listAnalyses(tenantId: string): Promise<StoredAnalysis[]>;
  close(): Promise<void>;
}
