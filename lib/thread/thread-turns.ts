/**
 * A thread as its turns: the cached analyses of one page that share a thread (thread-metadata.ts), in
 * the order they were made. The worker reads them to write a follow-up's prompt; the popup and the
 * side panel show them.
 */
import type { LinklensDatabase } from "../db/database";
import { recordsForPage } from "../db/records";
import type { CachedAnalysis } from "../db/schema";
import { type ServicePageText, servicePageText } from "../sources/service-page-text";
import { promptOf, threadIdOf } from "./thread-metadata";

export interface ThreadTurn {
  analysisId: string;
  /** The question (the first turn's prompt); "" when this browser never knew it. */
  question: string;
  answer: string;
  /** Epoch ms the service made it (else when it was cached). */
  time: number;
  /** What it cost, when a job of this browser made it. */
  costCredits?: number;
  /** The page, and its text when the service returned it: where the answer's sources are looked for. */
  url?: string;
  pageText?: ServicePageText;
}

function madeAt(row: CachedAnalysis): number {
  const time = row.createdAt ? Date.parse(row.createdAt) : Number.NaN;
  return Number.isFinite(time) ? time : row.cachedAt;
}

export function toThreadTurn(row: CachedAnalysis): ThreadTurn {
  const pageText = servicePageText(row.analysis);
  return {
    analysisId: row.analysisId,
    question: promptOf(row) ?? "",
    answer: row.textContent ?? "",
    time: madeAt(row),
    ...(row.origin?.costCredits !== undefined && { costCredits: row.origin.costCredits }),
    ...(row.analysis?.url !== undefined && { url: row.analysis.url }),
    ...(pageText && { pageText }),
  };
}

/** The rows of `threadId` among `rows`, as turns, oldest first (ties by id). */
export function threadTurns(rows: readonly CachedAnalysis[], threadId: string): ThreadTurn[] {
  return rows
    .filter((row) => threadIdOf(row) === threadId)
    .map(toThreadTurn)
    .sort((a, b) => a.time - b.time || (a.analysisId < b.analysisId ? -1 : 1));
}

/**
 * A page's analyses (newest first) with each thread once, as its newest turn, so that a thread counts as one
 * analysis of the page (its card shows every turn); the threads holding one of `exclude` are left out
 * whole, as they show elsewhere.
 */
export function newestTurnOfEachThread<T extends Parameters<typeof threadIdOf>[0]>(
  rows: readonly T[],
  exclude: readonly string[] = [],
): T[] {
  const seen = new Set(rows.filter((row) => exclude.includes(row.analysisId)).map(threadIdOf));
  return rows.filter((row) => {
    const threadId = threadIdOf(row);
    if (seen.has(threadId)) return false;
    seen.add(threadId);
    return true;
  });
}

/** The thread `row` belongs to, read from the cache: every turn of it on the same page. */
export async function readThread(
  db: LinklensDatabase,
  row: CachedAnalysis,
): Promise<{ threadId: string; turns: ThreadTurn[] }> {
  const threadId = threadIdOf(row);
  const url = row.analysis?.url;
  const rows = url ? await recordsForPage(db, url) : [];
  const turns = threadTurns(
    rows.some((other) => other.analysisId === row.analysisId) ? rows : [...rows, row],
    threadId,
  );
  return { threadId, turns };
}
