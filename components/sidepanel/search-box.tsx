import type { Ref } from "react";
import { i18n } from "#i18n";
import { noteKeystroke } from "./search-timing";

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The library's search field, on the toolbar line: searches as you type; Escape clears it. Its help is
 * the placeholder and the tooltip (and its description for assistive technology), not lines of text.
 */
export function SearchBox({ value, onChange, ref }: SearchBoxProps) {
  return (
    <div className="library-search">
      <label htmlFor="library-search" className="ll-visually-hidden">
        {i18n.t("sidepanel.library.search")}
      </label>
      <input
        ref={ref}
        id="library-search"
        type="search"
        className="ll-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={i18n.t("sidepanel.library.searchPlaceholder")}
        title={i18n.t("sidepanel.library.searchHint")}
        aria-describedby="library-search-hint"
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          noteKeystroke(next, event.timeStamp);
          onChange(next);
        }}
      />
      <span id="library-search-hint" hidden>
        {i18n.t("sidepanel.library.searchHint")}
      </span>
    </div>
  );
}
