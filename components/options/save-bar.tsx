import { i18n } from "#i18n";
import { Button } from "../ui/button";

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "invalid"; count: number }
  | { kind: "refused"; origin: string }
  | { kind: "failed"; message: string };

export interface SaveBarProps {
  state: SaveState;
  dirty: boolean;
}

/** The form's submit button, whether there are unsaved changes, and what the last save did (announced). */
export function SaveBar({ state, dirty }: SaveBarProps) {
  const saving = state.kind === "saving";
  let status = "";
  if (saving) status = i18n.t("save.saving");
  else if (state.kind === "saved" && !dirty) status = i18n.t("save.saved");
  let alert = "";
  if (state.kind === "invalid") alert = i18n.t("save.invalid", state.count);
  else if (state.kind === "refused") alert = i18n.t("save.permissionRefused", { origin: state.origin });
  else if (state.kind === "failed") alert = i18n.t("save.failed", { message: state.message });

  return (
    <div className="save-bar">
      <div className="save-bar__row">
        <Button type="submit" variant="primary" aria-disabled={saving ? true : undefined}>
          {i18n.t("save.button")}
        </Button>
        <span className="save-bar__dirty" data-testid="unsaved">
          {dirty ? i18n.t("save.unsaved") : ""}
        </span>
        <p role="status" aria-live="polite" className="save-bar__status" data-testid="save-status">
          {status ? (
            <>
              {state.kind === "saved" ? <span aria-hidden="true">✓ </span> : null}
              {status}
            </>
          ) : null}
        </p>
      </div>
      <div role="alert" className="save-bar__alert" data-testid="save-alert">
        {alert ? <p className="ll-notice ll-notice--danger">{alert}</p> : null}
      </div>
    </div>
  );
}
