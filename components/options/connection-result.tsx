import { i18n } from "#i18n";
import type { ConnectionStatus } from "../../lib/messaging/protocol";

export type ConnectionTest =
  | { kind: "idle" }
  | { kind: "testing"; baseUrl: string }
  | { kind: "done"; status: ConnectionStatus; keyWasEmpty: boolean }
  | { kind: "refused"; origin: string }
  | { kind: "failed"; message: string };

type Tone = "info" | "success" | "warning" | "danger";

function presentation(test: ConnectionTest): { tone: Tone; state: string; text: string } | null {
  switch (test.kind) {
    case "idle":
      return null;
    case "testing":
      return { tone: "info", state: "testing", text: i18n.t("connection.testing", { url: test.baseUrl }) };
    case "refused":
      return {
        tone: "warning",
        state: "permission-refused",
        text: i18n.t("connection.permissionRefused", { origin: test.origin }),
      };
    case "failed":
      return {
        tone: "danger",
        state: "failed",
        text: i18n.t("connection.failed", { message: test.message }),
      };
    case "done": {
      const { status } = test;
      const url = status.baseUrl;
      if (status.state === "ok") {
        const text = i18n.t("connection.ok", { url });
        return { tone: "success", state: "ok", text: status.message ? `${text} (${status.message})` : text };
      }
      if (status.state === "unauthorized") {
        const answer = status.message || String(status.status ?? "");
        return test.keyWasEmpty
          ? { tone: "warning", state: "no-key", text: i18n.t("connection.noKey", { url }) }
          : {
              tone: "danger",
              state: "unauthorized",
              text: i18n.t("connection.unauthorized", { url, answer }),
            };
      }
      if (status.state === "not_api") {
        return {
          tone: "danger",
          state: "not-api",
          text: i18n.t("connection.notApi", { url, message: status.message }),
        };
      }
      if (status.state === "unreachable") {
        return {
          tone: "danger",
          state: "unreachable",
          text: i18n.t("connection.unreachable", { url, message: status.message }),
        };
      }
      return {
        tone: "danger",
        state: "error",
        text: i18n.t("connection.error", { url, message: status.message }),
      };
    }
  }
}

/** The outcome of "Test connection", announced politely; each outcome has its own wording and tone. */
export function ConnectionResult({ test }: { test: ConnectionTest }) {
  const shown = presentation(test);
  return (
    <div
      role="status"
      aria-live="polite"
      className="connection-result"
      data-testid="connection-result"
      data-state={shown?.state ?? "idle"}
    >
      {shown ? <p className={`ll-notice ll-notice--${shown.tone}`}>{shown.text}</p> : null}
    </div>
  );
}
