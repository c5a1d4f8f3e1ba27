import { useState } from "react";
import { i18n } from "#i18n";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { Button } from "../ui/button";

type RebuildState =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; message: string }
  | { kind: "failed"; message: string };

/** Rebuild thread: restores the turns the service holds; says when the service ignores the thread filter. */
export function RebuildThread({ analysisId }: { analysisId: string }) {
  const [state, setState] = useState<RebuildState>({ kind: "idle" });
  async function rebuild() {
    setState({ kind: "busy" });
    try {
      const result = await sendCommand("thread.rebuild", { analysisId });
      const message = result.filterIgnored
        ? i18n.t("thread.rebuild.libraryOnly", result.turns)
        : i18n.t("thread.rebuild.restored", result.restored);
      setState({ kind: "done", message });
    } catch (error) {
      setState({ kind: "failed", message: commandErrorText(error) });
    }
  }
  return (
    <div className="thread__rebuild">
      <Button size="small" onClick={() => void rebuild()} disabled={state.kind === "busy"}>
        {i18n.t("thread.rebuild.action")}
      </Button>
      <span role="status" className="thread__note">
        {state.kind === "busy" ? i18n.t("thread.rebuild.busy") : state.kind === "idle" ? "" : state.message}
      </span>
    </div>
  );
}
