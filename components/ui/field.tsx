import { type ReactNode, useId } from "react";
import { ErrorMessage } from "./error-message";

/** What a control needs to be tied to its label, hint and error. */
interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The control's id; generated when absent. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps, ids: { labelId: string }) => ReactNode;
}

/** A label, an optional hint, the control, and its error below it; the control is described by both. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const labelId = `${controlId}-label`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control: FieldControlProps = { id: controlId };
  if (describedBy) control["aria-describedby"] = describedBy;
  if (error) control["aria-invalid"] = true;
  return (
    <div className={className ? `ll-field ${className}` : "ll-field"}>
      <label id={labelId} htmlFor={controlId} className="ll-field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="ll-field__hint">
          {hint}
        </p>
      ) : null}
      {children(control, { labelId })}
      {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
    </div>
  );
}
