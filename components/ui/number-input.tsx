import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { Field } from "./field";

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled number input; the value stays the text typed, so nothing is lost while editing. */
export function NumberInput({ label, hint, error, id, ref, className, ...rest }: NumberInputProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <input
          ref={ref}
          type="number"
          inputMode="decimal"
          className={className ? `ll-input ll-input--number ${className}` : "ll-input ll-input--number"}
          {...rest}
          {...control}
        />
      )}
    </Field>
  );
}
