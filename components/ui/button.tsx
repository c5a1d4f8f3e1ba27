import type { ButtonHTMLAttributes, Ref } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "danger";
  size?: "normal" | "small";
  ref?: Ref<HTMLButtonElement>;
}

/** A button that is never a form submitter by accident: `type` defaults to "button". */
export function Button({
  variant = "secondary",
  size = "normal",
  className,
  type = "button",
  ref,
  ...rest
}: ButtonProps) {
  const classes = ["ll-button"];
  if (variant !== "secondary") classes.push(`ll-button--${variant}`);
  if (size === "small") classes.push("ll-button--small");
  if (className) classes.push(className);
  return <button ref={ref} type={type} className={classes.join(" ")} {...rest} />;
}
