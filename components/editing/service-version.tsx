import { i18n } from "#i18n";

/** The service's version of one field, shown (collapsed) under its editor while merging by hand. */
export function ServiceVersion({ text }: { text: string | undefined }) {
  return (
    <details className="editing-reference">
      <summary>{i18n.t("editing.conflict.theirsReference")}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long scrollable block must be reachable by keyboard */}
      <pre className="editing-value" tabIndex={0}>
        {text ?? i18n.t("editing.conflict.absent")}
      </pre>
    </details>
  );
}
