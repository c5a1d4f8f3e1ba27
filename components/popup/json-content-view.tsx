import { useId, useState } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";

type CopyState = { kind: "idle" } | { kind: "copied" } | { kind: "failed"; message: string };

/** A JSON object pretty-printed, with a button that copies it. */
export function JsonContentView({ value }: { value: Record<string, unknown> }) {
  const text = JSON.stringify(value, null, 2);
  const [copy, setCopy] = useState<CopyState>({ kind: "idle" });
  const labelId = useId();
  return (
    <section className="json-content" aria-labelledby={labelId}>
      <div className="json-content__head">
        <h4 id={labelId}>{i18n.t("popup.result.json")}</h4>
        <Button
          size="small"
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => setCopy({ kind: "copied" }),
              (error: unknown) =>
                setCopy({ kind: "failed", message: error instanceof Error ? error.message : String(error) }),
            );
          }}
        >
          {i18n.t("popup.result.copy")}
        </Button>
        <span role="status" className="json-content__status">
          {copy.kind === "copied"
            ? i18n.t("popup.result.copied")
            : copy.kind === "failed"
              ? i18n.t("popup.result.copyFailed", { message: copy.message })
              : ""}
        </span>
      </div>
      <pre className="json-content__code">
        <code>{text}</code>
      </pre>
    </section>
  );
}
