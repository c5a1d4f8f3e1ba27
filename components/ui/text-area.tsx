import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { Field } from "./field";

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  /** Monospace, no spell checking: for JSON and other code. */
  code?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input with its hint and error. */
export function TextArea({ label, hint, error, id, code, ref, className, ...rest }: TextAreaProps) {
  const classes = ["ll-textarea"];
  if (code) classes.push("ll-textarea--code");
  if (className) classes.push(className);
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <textarea
          ref={ref}
          className={classes.join(" ")}
          spellCheck={code ? false : undefined}
          autoCapitalize={code ? "off" : undefined}
          autoCorrect={code ? "off" : undefined}
          {...rest}
          {...control}
        />
      )}
    </Field>
  );
}
