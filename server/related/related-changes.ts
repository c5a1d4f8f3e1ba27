/**
 * Reads the log of analyses written (`related_changes`, migration 0005): the analyses any process wrote since
 * the last read, with their search rows now, so that an index in memory can follow every process's writes.
 *
 * Rows are numbered as they are inserted, not as their transactions commit: a number missing after the last
 * one read may be a transaction still open. Such gaps are read again on each read until their row appears,
 * or for a minute (a rolled-back transaction leaves its number unused forever). A write whose transaction
 * stays open longer than that between writing an analysis and committing would be missed; the store's are
 * single statements or short transactions.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../store/database";
import type { RelatedDocumentRow } from "./related-index";

/** What the index reads of `related_documents`, for the build and for each change. */
export const DOCUMENT_COLUMNS: SQL = sql`document.analysis_id AS "analysisId", document.tenant_id AS "tenantId",
  (extract(epoch FROM document.updated_at) * 1000)::float8 AS "updatedMs",
  document.page_key::text AS "pageKey", document.site_key::text AS "siteKey", document.words::text AS words`;

/** How long a missing number is read again; how long rows stay in the log. */
const GAP_PATIENCE_MS = 60_000;
const LOG_KEPT_MS = 10 * 60_000;
/** Changes read per statement (each with a search row of a few KB). */
const READ_PAGE = 1000;
/** On start, how many of the last numbers given out may be transactions still open. */
const START_OVERLAP = 100;

export interface Changes {
  /** The analyses written (deleted ones included). */
  analysisIds: string[];
  /** Their search rows now (none for a deleted analysis). */
  rows: RelatedDocumentRow[];
}

type ChangeRow = { seq: number; changedId: string } & (
  | RelatedDocumentRow
  | { [key in keyof RelatedDocumentRow]: null }
);

export function createRelatedChanges(db: Database) {
  let last = 0;
  let readAt = 0;
  /** Numbers skipped by a read, with when they were first missed. */
  const gaps = new Map<number, number>();

  function noteRead(seq: number, now: number): void {
    if (gaps.delete(seq) || seq <= last) return;
    // numbers skipped are transactions still open, or rolled back; a jump of more than a page is neither
    // (the log's numbering moved on: a restored database)
    for (let missing = Math.max(last + 1, seq - READ_PAGE); missing < seq; missing++) gaps.set(missing, now);
    last = seq;
  }

  async function readPage(): Promise<{ changes: Changes; full: boolean }> {
    const now = Date.now();
    for (const [seq, since] of gaps) if (now - since > GAP_PATIENCE_MS) gaps.delete(seq);
    const rows = await queryRows<ChangeRow>(
      db,
      sql`WITH changed AS (
          SELECT seq, analysis_id FROM related_changes
          WHERE seq > ${last} OR seq = ANY(${`{${[...gaps.keys()].join(",")}}`}::bigint[])
          ORDER BY seq LIMIT ${READ_PAGE}
        )
        SELECT changed.seq::float8 AS seq, changed.analysis_id AS "changedId", ${DOCUMENT_COLUMNS}
        FROM changed LEFT JOIN related_documents AS document USING (analysis_id)
        ORDER BY changed.seq`,
    );
    readAt = now;
    const analysisIds = new Set<string>();
    const documents = new Map<string, RelatedDocumentRow>();
    for (const row of rows) {
      noteRead(row.seq, now);
      analysisIds.add(row.changedId);
      if (row.analysisId !== null) documents.set(row.analysisId, row);
    }
    return {
      changes: { analysisIds: [...analysisIds], rows: [...documents.values()] },
      full: rows.length === READ_PAGE,
    };
  }

  return {
    /**
     * Starts at the log's end now: called before the index reads its first document. The last numbers given
     * out but not in the log may be transactions still open: they are read again as gaps.
     */
    async start(): Promise<void> {
      const [row] = await queryRows<{ end: number; missing: string | null }>(
        db,
        sql`WITH log AS (
            SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS last FROM related_changes_seq_seq
          )
          SELECT log.last::float8 AS "end", (
              SELECT string_agg(missing::text, ',')
              FROM generate_series(greatest(log.last - ${START_OVERLAP - 1}, 1), log.last) AS missing
              WHERE NOT EXISTS (SELECT FROM related_changes WHERE seq = missing)
            ) AS missing
          FROM log`,
      );
      last = row?.end ?? 0;
      readAt = Date.now();
      gaps.clear();
      for (const seq of row?.missing?.split(",") ?? []) gaps.set(Number(seq), readAt);
    },

    /** The log has dropped rows this reader has not read: the index must be built anew. */
    behind: () => Date.now() - readAt > LOG_KEPT_MS / 2,

    /** Every change not read yet, a page at a time (`apply` each before the next is read). */
    async read(apply: (changes: Changes) => void): Promise<void> {
      for (;;) {
        const { changes, full } = await readPage();
        apply(changes);
        if (!full) return;
      }
    },

    /** Deletes the rows older than the log keeps. */
    async prune(): Promise<void> {
      await db.execute(
        sql`DELETE FROM related_changes WHERE changed_at < now() - make_interval(secs => ${LOG_KEPT_MS / 1000})`,
      );
    },
  };
}
