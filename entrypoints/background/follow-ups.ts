/**
 * Follow-up questions: each one a new analysis of the same link through `POST /v1/links`, queued as an
 * analyze job (so a stopped worker loses no turn and none is charged twice), whose prompt carries the
 * earlier turns answered before the job runs (lib/thread/turn-prompt.ts) and whose metadata carries the
 * thread (lib/thread/thread-metadata.ts).
 */
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import type { CommandHandlers } from "../../lib/messaging/protocol";
import { followUpMetadata, threadIdOf } from "../../lib/thread/thread-metadata";
import { QUESTION_MAX } from "../../lib/thread/thread-prompt";
import { turnPrompt } from "../../lib/thread/turn-prompt";
import type { JobRunner } from "./analyze-jobs";

export interface FollowUpDeps {
  db: LinklensDatabase;
  runner: Pick<JobRunner, "enqueue" | "retry">;
}

export function createFollowUps({ db, runner }: FollowUpDeps) {
  /** Queues `question` as the next turn of the thread `analysisId` belongs to. */
  async function ask(analysisId: string, question: string): Promise<string> {
    const asked = question.trim();
    if (!asked) throw new ApiError({ status: 0, code: "invalid_request", message: "the question is empty" });
    if (asked.length > QUESTION_MAX)
      throw new ApiError({
        status: 0,
        code: "invalid_request",
        message: `the question is longer than ${QUESTION_MAX} characters`,
      });
    const row = await db.analyses.get(analysisId);
    const link = row?.analysis?.url;
    if (!row || !link)
      throw new ApiError({
        status: 0,
        code: "not_found",
        message: "this analysis is no longer in the library",
      });
    const thread = { id: threadIdOf(row), question: asked };
    // The runner writes the prompt again before the first request (turn-prompt.ts): a turn still on its
    // way now is answered by then.
    const prompt = await turnPrompt(db, thread, link);
    const metadata = followUpMetadata(row.metadata, thread.id, asked);
    return runner.enqueue({ links: [link], prompt, metadata }, "follow-up", undefined, undefined, { thread });
  }

  return { ask, retry: runner.retry };
}

export function followUpCommandHandlers(
  followUps: ReturnType<typeof createFollowUps>,
): Pick<CommandHandlers, "thread.ask" | "job.retry"> {
  return {
    "thread.ask": async ({ analysisId, question }) => ({ jobId: await followUps.ask(analysisId, question) }),
    "job.retry": async ({ jobId }) => ({ queued: await followUps.retry(jobId) }),
  };
}
