import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { Field } from "./field";

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown after the input, on the same line (for example a show/hide button). */
  after?: ReactNode;
}

/** A labelled one-line text input with its hint and error. */
export function TextInput({ label, hint, error, id, ref, after, className, ...rest }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => {
        const input = (
          <input
            ref={ref}
            type="text"
            className={className ? `ll-input ${className}` : "ll-input"}
            {...rest}
            {...control}
          />
        );
        return after ? (
          <div className="ll-input-row">
            {input}
            {after}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}
