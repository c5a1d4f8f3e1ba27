import { useState } from "react";
import { i18n } from "#i18n";
import type { SidepanelFocus } from "../../lib/browser/sidepanel-focus";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { openSidePanel } from "./open-side-panel";

export function OpenSidePanelButton({
  windowId,
  focus,
  size,
}: {
  windowId: number | undefined;
  focus: SidepanelFocus;
  size?: "normal" | "small";
}) {
  const [error, setError] = useState<string>();
  return (
    <div className="open-side-panel">
      <Button
        size={size}
        onClick={() => {
          setError(undefined);
          // No await before this call: see openSidePanel.
          openSidePanel(windowId, focus).catch((reason: unknown) => {
            const message = reason instanceof Error ? reason.message : String(reason);
            setError(i18n.t("popup.job.sidePanelFailed", { message }));
          });
        }}
      >
        {i18n.t("popup.job.openSidePanel")}
      </Button>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </div>
  );
}
