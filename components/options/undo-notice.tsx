import { i18n } from "#i18n";
import { Button } from "../ui/button";

interface UndoNoticeProps {
  message: string;
  undoId: string;
  dismissLabel: string;
  onUndo: () => void;
  onDismiss: () => void;
}

/** "X deleted. Undo / Dismiss" under an ordered list of the options page. */
export function UndoNotice(props: UndoNoticeProps) {
  return (
    <div className="ll-notice ll-notice--warning presets__undo">
      <span>{props.message}</span>
      <Button id={props.undoId} size="small" onClick={props.onUndo}>
        {i18n.t("presets.undo")}
      </Button>
      <Button size="small" aria-label={props.dismissLabel} onClick={props.onDismiss}>
        {i18n.t("presets.dismiss")}
      </Button>
    </div>
  );
}
