import type { ReactNode } from "react";

/** A field's error, placed next to it and referenced by its `aria-describedby`. */
export function ErrorMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="ll-error">
      <span aria-hidden="true">⚠</span>
      <span>{children}</span>
    </p>
  );
}
