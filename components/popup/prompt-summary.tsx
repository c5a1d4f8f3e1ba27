import { useEffect, useRef } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";

/**
 * The form folded to one line after Analyze: the prompt that was sent, and Edit to open the form again.
 * `focusEdit`: the form was just folded under the keyboard's focus, which goes to Edit rather than away.
 */
export function PromptSummary({
  prompt,
  onEdit,
  focusEdit = false,
}: {
  prompt: string;
  onEdit: () => void;
  focusEdit?: boolean;
}) {
  const line = prompt.replace(/\s+/g, " ").trim();
  const editRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (focusEdit) editRef.current?.focus();
  }, []);
  return (
    <section className="prompt-summary" aria-label={i18n.t("popup.summary.label")}>
      <p className="prompt-summary__text" title={line}>
        <span className="prompt-summary__label">{i18n.t("popup.summary.prompt")}</span> {line}
      </p>
      <Button ref={editRef} size="small" onClick={onEdit} aria-label={i18n.t("popup.summary.editLabel")}>
        {i18n.t("popup.summary.edit")}
      </Button>
    </section>
  );
}
