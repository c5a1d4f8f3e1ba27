import { useState } from "react";
import { i18n } from "#i18n";
import { isKeyRefused } from "../../lib/api/errors";
import type { OutboxEntry } from "../../lib/db/schema";
import type { EditStatus } from "../../lib/editing/edit-status";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { OptionsButton } from "../popup/options-button";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { ConfirmInline } from "./confirm-inline";
import { apiErrorText } from "./problem-messages";
import { timeOfDay } from "./time-of-day";

export interface EditStatusBarProps {
  status: Exclude<EditStatus, { kind: "none" } | { kind: "conflict" }>;
  /** Every waiting edit of the analysis: "Discard edit" drops them all. */
  entries: readonly OutboxEntry[];
}

/** Where a saved edit is: being sent, waiting to retry, or refused; with "Retry now" and "Discard edit". */
export function EditStatusBar({ status, entries }: EditStatusBarProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure(i18n.t("editing.status.actionFailed", { message: commandErrorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  const discardAll = () =>
    run(async () => {
      setConfirming(false);
      // Newest first, so the head is never sent on its own in between.
      for (const entry of [...entries].sort((a, b) => b.seq - a.seq)) {
        await sendCommand("outbox.discard", { seq: entry.seq });
      }
    });

  const tone = status.kind === "rejected" ? "danger" : status.kind === "waiting" ? "warning" : "info";
  return (
    <section
      className={`ll-notice ll-notice--${tone} editing-status`}
      aria-label={i18n.t("editing.status.label")}
      data-edit-status={status.kind}
    >
      <div role="status">
        {status.kind === "saving" ? <p>{i18n.t("editing.status.saving")}</p> : null}
        {status.kind === "waiting" ? (
          <>
            <p>{i18n.t("editing.status.waiting", { time: timeOfDay(status.retryAt) })}</p>
            {status.error ? (
              <p className="editing-status__detail">
                {i18n.t("editing.status.waitingReason", { message: apiErrorText(status.error) })}
              </p>
            ) : null}
          </>
        ) : null}
        {status.kind === "rejected" ? (
          <>
            <p>{i18n.t("editing.status.rejected", { message: apiErrorText(status.error) })}</p>
            {status.error?.details?.map((detail) => (
              <p key={`${detail.path}:${detail.message}`} className="editing-status__detail">
                <code>{detail.path}</code> {detail.message}
              </p>
            ))}
            <p className="editing-status__detail">{i18n.t("editing.status.rejectedHint")}</p>
            {status.error && isKeyRefused(status.error) ? <OptionsButton size="small" /> : null}
          </>
        ) : null}
        {status.count > 1 ? (
          <p className="editing-status__detail">{i18n.t("editing.status.queued", status.count)}</p>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmInline
          message={i18n.t("editing.status.discardConfirm")}
          confirmLabel={i18n.t("editing.status.discardYes")}
          cancelLabel={i18n.t("editing.status.discardNo")}
          onConfirm={() => void discardAll()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div className="editing-actions">
          {status.kind !== "saving" ? (
            <Button
              size="small"
              disabled={busy}
              onClick={() => void run(() => sendCommand("outbox.retryNow", {}))}
            >
              {i18n.t("editing.status.retryNow")}
            </Button>
          ) : null}
          {/* An edit whose request is out may be landing right now: it can't be taken back. */}
          {status.head.state !== "sending" ? (
            <Button variant="danger" size="small" disabled={busy} onClick={() => setConfirming(true)}>
              {i18n.t("editing.status.discard")}
            </Button>
          ) : null}
        </div>
      )}
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
    </section>
  );
}
