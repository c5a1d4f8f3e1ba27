import type { FilterObject } from "../../lib/api/contract";
import type { StoredAnalysis } from "../store/types";

export interface RelatedQueryOptions {
  jsonContent?: FilterObject;
  metadata?: FilterObject;
}

/**
 * In-memory relatedness index, one per server, loaded per tenant on first use from the store and kept
 * current by `upsert` on every write.
 */
export interface RelatedIndex {
  upsert(analysis: StoredAnalysis): void;
  /**
   * Ids of the tenant's other analyses with relatedness above 0 that pass both filters, ordered by
   * relatedness descending, then updatedAt descending, then analysisId ascending. `null` when the
   * analysis is unknown to this tenant.
   */
  related(tenantId: string, analysisId: string, options?: RelatedQueryOptions): Promise<string[] | null>;
}
