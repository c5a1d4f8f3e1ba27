import { storage } from "wxt/utils/storage";
import { recordEtagStore } from "../../lib/db/record-etags";

/** The ETags services gave per record, kept across restarts (storage.local). */
export const keptRecordEtags = recordEtagStore(
  storage.defineItem<Record<string, { updatedAt: string; etag: string }>>("local:recordEtags", {
    fallback: {},
  }),
);
