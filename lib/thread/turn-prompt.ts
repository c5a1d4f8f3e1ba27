/**
 * The prompt a follow-up turn sends: its question after the turns of its thread cached for its page at
 * the time it is written (thread-prompt.ts).
 *
 * The worker writes it again when the turn's job is planned, right before its first request, rather than
 * keeping the one written when the question was asked: jobs run one at a time, oldest first, so by then
 * every earlier turn of the thread that was answered is cached, even one that was still on its way when
 * the question was asked.
 */
import type { LinklensDatabase } from "../db/database";
import { recordsForPage } from "../db/records";
import type { JobThread } from "../db/schema";
import { followUpPrompt } from "./thread-prompt";
import { threadTurns } from "./thread-turns";

/** The prompt of `thread`'s turn asking `thread.question` about `link`, from the turns cached now. */
export async function turnPrompt(db: LinklensDatabase, thread: JobThread, link: string): Promise<string> {
  const turns = threadTurns(await recordsForPage(db, link), thread.id);
  return followUpPrompt(turns, thread.question);
}
