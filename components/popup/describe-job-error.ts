import type { ApiErrorInit } from "../../lib/api/errors";
import { t } from "./messages";

export interface JobErrorView {
  message: string;
  hint?: string;
  /** The retry countdown line, while the worker waits to try again. */
  retry?: string;
  requestId?: string;
  /** The fix is in the settings (the key, the service URL). */
  showOptions: boolean;
}

export interface JobErrorContext {
  /** The service the worker tried. */
  baseUrl: string;
  /** Epoch ms of the next attempt while the job waits to retry; `undefined` once it has failed. */
  retryAt?: number;
  now: number;
}

function secondsUntil(when: number, now: number): number {
  return Math.max(0, Math.ceil((when - now) / 1000));
}

/** A job's error as the popup words it: what happened, what to do, and when it is retried. */
export function describeJobError(
  error: ApiErrorInit,
  { baseUrl, retryAt, now }: JobErrorContext,
): JobErrorView {
  const seconds = retryAt === undefined ? undefined : secondsUntil(retryAt, now);
  const retry =
    seconds === undefined
      ? undefined
      : seconds > 0
        ? t("popup.error.retrying", { seconds })
        : t("popup.error.retryingNow");
  const requestId = error.requestId;

  if (error.status === 401) {
    return {
      message: t("popup.error.unauthorized"),
      hint: t("popup.error.unauthorizedHint"),
      showOptions: true,
    };
  }
  if (error.status === 402) {
    return {
      message: t("popup.error.noCredits"),
      hint: t("popup.error.noCreditsHint"),
      requestId,
      showOptions: true,
    };
  }
  if (error.status === 429 && seconds !== undefined) {
    const message = seconds > 0 ? t("popup.error.rateLimited", { seconds }) : t("popup.error.rateLimitedNow");
    return { message, requestId, showOptions: false };
  }
  if (error.status === 0 && (error.code === "network_error" || error.code === "timeout")) {
    const message =
      error.code === "timeout"
        ? t("popup.error.timeout", { url: baseUrl })
        : t("popup.error.unreachable", { url: baseUrl });
    return { message, hint: t("popup.error.unreachableHint"), retry, showOptions: true };
  }
  const status = error.status > 0 ? `${t("popup.error.status", { status: error.status })}: ` : "";
  return { message: `${status}${error.message}`, retry, requestId, showOptions: false };
}
