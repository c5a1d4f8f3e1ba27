import "./job-confirmation.css";
import { useEffect, useId, useRef } from "react";
import { i18n } from "#i18n";
import { LIMITS } from "../../lib/api/limits";
import { formatNumber } from "../../lib/format/format-number";
import type { JobConfirmation } from "../../lib/messaging/protocol";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";

export interface JobConfirmationViewProps {
  confirmation: JobConfirmation;
  /** An answer is on its way: the buttons wait. */
  busy?: boolean;
  /** Why the last answer failed. */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Analyze 2,345 links?": how many links, in how many requests, and the most they can cost, before
 * anything is queued. The yes button takes the focus; Enter answers yes, Escape no (while it is shown).
 */
export function JobConfirmationView({
  confirmation,
  busy,
  error,
  onConfirm,
  onCancel,
}: JobConfirmationViewProps) {
  const headingId = useId();
  const descriptionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const count = formatNumber(confirmation.links);
  const preset = confirmation.presetName;

  useEffect(() => {
    confirmRef.current?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (busy || event.defaultPrevented || event.isComposing) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCancel();
      } else if (event.key === "Enter" && !isControl(event.target)) {
        // On a button (Cancel, too) Enter presses that button.
        event.preventDefault();
        onConfirm();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [busy, onCancel, onConfirm]);

  return (
    <section
      className="job-confirmation"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      aria-busy={busy === true}
    >
      <h1 id={headingId}>{i18n.t("confirmJob.heading", { count })}</h1>
      <div id={descriptionId} className="job-confirmation__facts">
        <p>
          {confirmation.source === "context-selection"
            ? i18n.t("confirmJob.fromSelection", { count, preset })
            : confirmation.source === "tabs"
              ? i18n.t("confirmJob.fromTabs", { count, preset })
              : i18n.t("confirmJob.fromCommand", { count, preset })}{" "}
          {i18n.t("confirmJob.requests", {
            max: LIMITS.maxLinks,
            requests: formatNumber(confirmation.requests),
          })}
        </p>
        <p className="job-confirmation__cost">
          {i18n.t(confirmation.creditsPerLink === 2 ? "confirmJob.creditsTwo" : "confirmJob.creditsOne", {
            credits: formatNumber(confirmation.worstCaseCredits),
          })}
        </p>
        {confirmation.skipped > 0 ? (
          <p className="job-confirmation__note">
            {i18n.t("confirmJob.skipped", confirmation.skipped, {
              count: formatNumber(confirmation.skipped),
            })}
          </p>
        ) : null}
        <p className="job-confirmation__note">{i18n.t("confirmJob.nothingSent")}</p>
      </div>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      <div className="job-confirmation__buttons">
        {/* aria-disabled, not disabled: the focus stays on the button while the answer is on its way. */}
        <Button
          ref={confirmRef}
          variant="primary"
          aria-disabled={busy}
          onClick={busy ? undefined : onConfirm}
        >
          {i18n.t("confirmJob.confirm", { count })}
        </Button>
        <Button aria-disabled={busy} onClick={busy ? undefined : onCancel}>
          {i18n.t("confirmJob.cancel")}
        </Button>
      </div>
      <p className="job-confirmation__keys">{i18n.t("confirmJob.keys")}</p>
    </section>
  );
}

function isControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest("button, a[href], input, select, textarea, summary") !== null
  );
}
