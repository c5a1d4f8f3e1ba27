import "./thread.css";
import { useEffect } from "react";
import { i18n } from "#i18n";
import type { AnalyzeJob } from "../../lib/db/schema";
import { sendCommand } from "../../lib/messaging/protocol";
import type { ThreadTurn } from "../../lib/thread/thread-turns";
import { formatDate } from "../format-date";
import { JobError } from "../popup/job-error";
import { useSettings } from "../popup/use-settings";
import { SourcedAnswerView } from "../sources/sourced-answer-view";
import { Button } from "../ui/button";
import { FollowUpForm } from "./follow-up-form";
import { RebuildThread } from "./rebuild-thread";
import { useThread } from "./use-thread";

/**
 * The conversation under an answer: the thread's other turns in order (question, answer, credits, time),
 * the follow-ups on their way or failed, newest at the bottom, and the input below them.
 */
export function ThreadConversation({ analysisId }: { analysisId: string }) {
  const thread = useThread(analysisId);
  const turns = thread?.turns.filter((turn) => turn.analysisId !== analysisId) ?? [];
  return (
    <section className="thread" aria-label={i18n.t("thread.heading")} data-thread-id={thread?.threadId}>
      {turns.length > 0 || (thread?.open.length ?? 0) > 0 ? (
        <ol className="thread__turns">
          {turns.map((turn) => (
            <AnsweredTurn key={turn.analysisId} turn={turn} />
          ))}
          {thread?.open.map((job) => (
            <OpenTurn key={job.id} job={job} />
          ))}
        </ol>
      ) : null}
      <FollowUpForm analysisId={analysisId} />
      <RebuildThread analysisId={analysisId} />
    </section>
  );
}

function AnsweredTurn({ turn }: { turn: ThreadTurn }) {
  return (
    <li className="thread__turn" data-analysis-id={turn.analysisId}>
      <p className="thread__question">{turn.question || i18n.t("thread.unknownQuestion")}</p>
      <div className="thread__answer">
        {turn.answer ? (
          <SourcedAnswerView
            answer={turn.answer}
            url={turn.url}
            pageText={turn.pageText}
            topHeadingLevel={5}
          />
        ) : (
          <p className="thread__note">{i18n.t("popup.result.noText")}</p>
        )}
      </div>
      <p className="thread__meta">
        {turn.costCredits !== undefined ? <span>{i18n.t("credits", turn.costCredits)}</span> : null}
        <time dateTime={new Date(turn.time).toISOString()}>
          {formatDate(new Date(turn.time).toISOString(), true)}
        </time>
      </p>
    </li>
  );
}

/** A follow-up with no answer yet: on its way, or failed with its question kept and Try again. */
function OpenTurn({ job }: { job: AnalyzeJob }) {
  const settings = useSettings();
  const failed = job.status === "failed";
  const waiting = job.status === "queued" && job.retryAt !== undefined;
  // Seen here, a failure no longer needs the badge's "!".
  useEffect(() => {
    if (failed && job.seen !== true) {
      sendCommand("job.seen", { jobId: job.id }).catch((error: unknown) => {
        console.warn("[linklens] could not mark the failure as seen", error);
      });
    }
  }, [job.id, failed, job.seen]);
  return (
    <li className={`thread__turn thread__turn--${failed ? "failed" : "pending"}`} data-job-id={job.id}>
      <p className="thread__question">{job.thread?.question}</p>
      {failed || waiting ? (
        job.error ? (
          <JobError
            error={job.error}
            baseUrl={settings?.baseUrl ?? ""}
            retryAt={waiting ? job.retryAt : undefined}
          />
        ) : null
      ) : (
        <p className="thread__note" role="status">
          {i18n.t("thread.pending")}
        </p>
      )}
      {failed ? (
        <div>
          <Button
            size="small"
            onClick={() => {
              sendCommand("job.retry", { jobId: job.id }).catch((error: unknown) => {
                console.warn("[linklens] could not ask again", error);
              });
            }}
          >
            {i18n.t("thread.tryAgain")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
