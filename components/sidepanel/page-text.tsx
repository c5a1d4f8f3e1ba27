import { useState } from "react";
import { i18n } from "#i18n";

/** The page's extracted text, folded; it is put in the page only once unfolded (it can be 100,000 characters). */
export function PageText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="detail-section" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{i18n.t("sidepanel.detail.pageText")}</summary>
      {open ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must take the focus, so arrow keys can scroll it
        <p className="page-text" tabIndex={0}>
          {text}
        </p>
      ) : null}
    </details>
  );
}
