import type { ApiClient } from "../../lib/api/client";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";

export interface AnalysisReaderDeps {
  db: LinklensDatabase;
  getClient: () => Promise<ApiClient>;
}

/** Reads single analyses from the service, caching every record received. */
export function createAnalysisReader({ db, getClient }: AnalysisReaderDeps) {
  return {
    /** GET /v1/analyses, then the cache; answers the service's record. */
    async refresh(analysisId: string): Promise<AnalysisRecord> {
      const client = await getClient();
      const record = await client.getAnalysis(analysisId);
      await cacheRecords(db, [record]);
      return record;
    },
  };
}
