import type { ApiClient } from "../../lib/api/client";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { LinklensDatabase } from "../../lib/db/database";
import type { RecordEtags } from "../../lib/db/record-etags";
import { cacheRecords } from "../../lib/db/records";
import { keptRecordEtags } from "./record-etags";

export interface AnalysisReaderDeps {
  db: LinklensDatabase;
  getClient: () => Promise<ApiClient>;
  /** Where the ETag of each read goes (storage.local by default), for an edit of that version. */
  etags?: RecordEtags;
}

/** Reads single analyses from the service, caching every record received. */
export function createAnalysisReader({ db, getClient, etags = keptRecordEtags }: AnalysisReaderDeps) {
  return {
    /** GET /v1/analyses, then the cache; answers the service's record. */
    async refresh(analysisId: string): Promise<AnalysisRecord> {
      const client = await getClient();
      const { record, etag } = await client.getAnalysisWithEtag(analysisId);
      await cacheRecords(db, [record]);
      await etags.remember(record, etag);
      return record;
    },
  };
}
