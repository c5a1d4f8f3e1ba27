import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { i18n } from "#i18n";
import { LIMITS } from "../../lib/api/contract";
import { formatNumber } from "../../lib/format/format-number";
import { MarkdownView } from "../markdown-view";
import { ErrorMessage } from "../ui/error-message";

export interface TextContentEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown under the editor for reference (the service's version while merging). */
  reference?: ReactNode;
}

type Tab = "write" | "preview";
const TABS: Tab[] = ["write", "preview"];

/** The text as Markdown: a Write tab (a text box with a character count) and a Preview tab. */
export function TextContentEditor({ id, value, onChange, error, reference }: TextContentEditorProps) {
  const [tab, setTab] = useState<Tab>("write");
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const panelId = useId();

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    let next: Tab | undefined;
    if (event.key === "ArrowRight") next = TABS[(index + 1) % TABS.length];
    else if (event.key === "ArrowLeft") next = TABS[(index + TABS.length - 1) % TABS.length];
    else if (event.key === "Home") next = TABS[0];
    else if (event.key === "End") next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const tabLabel = (name: Tab) =>
    name === "write" ? i18n.t("editing.textContent.write") : i18n.t("editing.textContent.preview");
  const over = value.length > LIMITS.maxTextContentLength;
  return (
    <div className="ll-field editing-field">
      <span id={labelId} className="ll-field__label">
        {i18n.t("editing.textContent.label")}
      </span>
      <p id={hintId} className="ll-field__hint">
        {i18n.t("editing.textContent.hint", { max: formatNumber(LIMITS.maxTextContentLength) })}
      </p>
      <div role="tablist" aria-label={i18n.t("editing.textContent.tabs")} className="editing-tabs">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${panelId}-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="editing-tabs__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${panelId}-write`}
        aria-labelledby={`${id}-tab-write`}
        hidden={tab !== "write"}
        className="editing-tabs__panel"
      >
        <textarea
          id={id}
          className="ll-textarea editing-textarea"
          aria-labelledby={labelId}
          aria-describedby={[hintId, countId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          rows={10}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <p id={countId} className={over ? "ll-field__hint editing-count--over" : "ll-field__hint"}>
          {i18n.t("editing.textContent.count", {
            count: formatNumber(value.length),
            max: formatNumber(LIMITS.maxTextContentLength),
          })}
        </p>
      </div>
      <div
        role="tabpanel"
        id={`${panelId}-preview`}
        aria-labelledby={`${id}-tab-preview`}
        hidden={tab !== "preview"}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable (ARIA tabs pattern), so a keyboard can scroll a long preview
        tabIndex={0}
        className="editing-tabs__panel editing-preview"
      >
        {tab === "preview" ? (
          value.trim() === "" ? (
            <p className="ll-field__hint">{i18n.t("editing.textContent.previewEmpty")}</p>
          ) : (
            <MarkdownView text={value} topHeadingLevel={4} />
          )
        ) : null}
      </div>
      {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      {reference}
    </div>
  );
}
