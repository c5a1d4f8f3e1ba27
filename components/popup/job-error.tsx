import { i18n } from "#i18n";
import type { ApiErrorInit } from "../../lib/api/errors";
import { describeJobError } from "./describe-job-error";
import { OptionsButton } from "./options-button";
import { useNow } from "./use-now";

export interface JobErrorProps {
  error: ApiErrorInit;
  baseUrl: string;
  /** Set while the worker waits to try again (a countdown is shown). */
  retryAt?: number;
}

/** A job's error, readable and actionable: what happened, what to do, when it is retried. */
export function JobError({ error, baseUrl, retryAt }: JobErrorProps) {
  const now = useNow(retryAt !== undefined);
  const view = describeJobError(error, { baseUrl, retryAt, now });
  return (
    <div
      className={`ll-notice ${retryAt === undefined ? "ll-notice--danger" : "ll-notice--warning"} job-error`}
    >
      <p className="job-error__message">
        <strong>{view.message}</strong>
      </p>
      {view.hint ? <p>{view.hint}</p> : null}
      {view.retry ? <p className="job-error__retry">{view.retry}</p> : null}
      {view.requestId ? (
        <p className="job-error__meta">{i18n.t("popup.error.requestId", { id: view.requestId })}</p>
      ) : null}
      {view.showOptions ? (
        <div>
          <OptionsButton size="small" />
        </div>
      ) : null}
    </div>
  );
}
