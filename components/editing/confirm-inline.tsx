import { useEffect, useId, useRef } from "react";
import { Button } from "../ui/button";

export interface ConfirmInlineProps {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question asked in place (no modal): the safe answer takes the focus, Escape gives it, and the
 * question is announced as an alert dialog would be.
 */
export function ConfirmInline({
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmInlineProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={messageId}
      className="ll-notice ll-notice--warning editing-confirm"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={messageId}>{message}</p>
      <div className="editing-actions">
        <Button variant="danger" size="small" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button ref={cancelRef} size="small" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
