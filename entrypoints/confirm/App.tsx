/**
 * The confirm page: the worker opens it in a small window when a command would queue more links than
 * one request holds (entrypoints/background/job-gate.ts), with `?id=<confirmationId>`. It shows the
 * job's size and worst-case cost and sends the answer; the worker queues (or drops) the job. Closing
 * the window answers no.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { i18n } from "#i18n";
import { commandErrorText } from "../../components/command-error-text";
import { JobConfirmationView } from "../../components/confirm/job-confirmation-view";
import { Button } from "../../components/ui/button";
import { ErrorMessage } from "../../components/ui/error-message";
import { CommandError, type JobConfirmation, sendCommand } from "../../lib/messaging/protocol";

type PageState =
  | { kind: "loading" }
  | { kind: "asking"; confirmation: JobConfirmation; busy: boolean; error?: string }
  | { kind: "gone" }
  | { kind: "failed"; message: string }
  | { kind: "queued" };

const confirmationId = new URLSearchParams(location.search).get("id") ?? "";

export function App() {
  const [state, setState] = useState<PageState>({ kind: "loading" });

  useEffect(() => {
    sendCommand("jobConfirmation.get", { confirmationId }).then(
      (confirmation) => setState({ kind: "asking", confirmation, busy: false }),
      (error: unknown) => setState(isGone(error) ? { kind: "gone" } : failed(error)),
    );
  }, []);

  const confirm = useCallback(async () => {
    if (state.kind !== "asking") return;
    setState({ ...state, busy: true, error: undefined });
    try {
      await sendCommand("jobConfirmation.answer", { confirmationId, confirmed: true });
      setState({ kind: "queued" });
      window.close();
    } catch (error) {
      if (isGone(error)) setState({ kind: "gone" });
      else setState({ ...state, busy: false, error: commandErrorText(error) });
    }
  }, [state]);

  const cancel = useCallback(async () => {
    try {
      await sendCommand("jobConfirmation.answer", { confirmationId, confirmed: false });
    } catch (error) {
      // Nothing was queued either way; closing the window drops the question too.
      console.warn("linklens: the cancel was not delivered", error);
    }
    window.close();
  }, []);

  return (
    <main className="confirm">
      {state.kind === "loading" ? <p role="status">{i18n.t("confirmJob.loading")}</p> : null}
      {state.kind === "asking" ? (
        <JobConfirmationView
          confirmation={state.confirmation}
          busy={state.busy}
          error={state.error ? i18n.t("confirmJob.failed", { message: state.error }) : undefined}
          onConfirm={() => void confirm()}
          onCancel={() => void cancel()}
        />
      ) : null}
      {state.kind === "queued" ? <p role="status">{i18n.t("confirmJob.queued")}</p> : null}
      {state.kind === "gone" ? <Closing text={i18n.t("confirmJob.gone")} /> : null}
      {state.kind === "failed" ? (
        <Closing text={i18n.t("confirmJob.failed", { message: state.message })} error />
      ) : null}
    </main>
  );
}

/** Nothing left to answer: why, and a Close button (Escape closes too). */
function Closing({ text, error }: { text: string; error?: boolean }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") window.close();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <section className="job-confirmation" aria-live="polite">
      {error ? <ErrorMessage>{text}</ErrorMessage> : <p>{text}</p>}
      <div className="job-confirmation__buttons">
        <Button ref={closeRef} onClick={() => window.close()}>
          {i18n.t("confirmJob.close")}
        </Button>
      </div>
    </section>
  );
}

function isGone(error: unknown): boolean {
  return error instanceof CommandError && error.init.code === "confirmation_gone";
}

function failed(error: unknown): PageState {
  return { kind: "failed", message: commandErrorText(error) };
}
