import type { ApiClient } from "../../lib/api/client";
import type { AnalysisRecord, PartialAnalysisRecord, RelatedParams } from "../../lib/api/contract";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";

export interface RelatedListerDeps {
  db: LinklensDatabase;
  getClient: () => Promise<ApiClient>;
}

/** A record with every field a whole record must have (a remote service may trim some even unasked). */
function isWhole(record: PartialAnalysisRecord): record is AnalysisRecord {
  return record.createdAt !== undefined && record.updatedAt !== undefined && record.analysis !== undefined;
}

/** Lists an analysis's related analyses from the service, caching what it answers. */
export function createRelatedLister({ db, getClient }: RelatedListerDeps) {
  return {
    /**
     * GET /v1/analyses/related; answers the array as the service sent it. With `selectFields` every record
     * is cached as partial (it only adds fields to a cached row); without, the whole ones replace the row.
     */
    async list(params: RelatedParams): Promise<PartialAnalysisRecord[]> {
      const client = await getClient();
      const records = await client.listRelated(params);
      const whole = params.selectFields ? [] : records.filter(isWhole);
      const partial = params.selectFields ? records : records.filter((record) => !isWhole(record));
      await cacheRecords(db, whole);
      await cacheRecords(db, partial, { partial: true });
      return records;
    },
  };
}
