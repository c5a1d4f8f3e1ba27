/**
 * The related list under a turn leaves out its own thread: the turns are the conversation shown above
 * it, not other analyses. A record is the thread's when it is one of the turns the library holds, or
 * when its metadata names the thread (a turn this library lacks, as the service lists it).
 */
import { threadIdOf } from "./thread-metadata";

type MetadataValues = Record<string, string | number | boolean | null>;

export function outsideThread<T extends { analysisId: string; metadata?: MetadataValues }>(
  records: readonly T[],
  thread: { threadId: string; turnIds: readonly string[] },
): T[] {
  const turns = new Set(thread.turnIds);
  return records.filter(
    (record) =>
      record.analysisId !== thread.threadId &&
      !turns.has(record.analysisId) &&
      threadIdOf(record) !== thread.threadId,
  );
}
