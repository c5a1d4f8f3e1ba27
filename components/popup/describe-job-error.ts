import { i18n } from "#i18n";
import { type ApiErrorInit, isKeyRefused } from "../../lib/api/errors";

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
        ? i18n.t("popup.error.retrying", { seconds })
        : i18n.t("popup.error.retryingNow");
  const requestId = error.requestId;

  if (isKeyRefused(error)) {
    return {
      message: i18n.t("popup.error.unauthorized", { status: error.status }),
      hint: i18n.t("popup.error.unauthorizedHint"),
      showOptions: true,
    };
  }
  if (error.status === 402) {
    return {
      message: i18n.t("popup.error.noCredits"),
      hint: i18n.t("popup.error.noCreditsHint"),
      requestId,
      showOptions: true,
    };
  }
  if (error.status === 429 && seconds !== undefined) {
    const message =
      seconds > 0 ? i18n.t("popup.error.rateLimited", { seconds }) : i18n.t("popup.error.rateLimitedNow");
    return { message, requestId, showOptions: false };
  }
  if (error.status === 0 && (error.code === "network_error" || error.code === "timeout")) {
    const message =
      error.code === "timeout"
        ? i18n.t("popup.error.timeout", { url: baseUrl })
        : i18n.t("popup.error.unreachable", { url: baseUrl });
    return { message, hint: i18n.t("popup.error.unreachableHint"), retry, showOptions: true };
  }
  const message =
    error.status > 0
      ? i18n.t("popup.error.status", { status: error.status, message: error.message })
      : error.message;
  return { message, retry, requestId, showOptions: false };
}
