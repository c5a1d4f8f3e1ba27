import type { Ref } from "react";
import { i18n } from "#i18n";
import { noteKeystroke } from "./search-timing";

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** The library's search field: searches as you type; Escape clears it. */
export function SearchBox({ value, onChange, ref }: SearchBoxProps) {
  return (
    <div className="ll-field library-search">
      <label htmlFor="library-search" className="ll-field__label">
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
        aria-describedby="library-search-hint"
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          noteKeystroke(next, event.timeStamp);
          onChange(next);
        }}
      />
      <p id="library-search-hint" className="ll-field__hint">
        {i18n.t("sidepanel.library.searchHint")}
      </p>
    </div>
  );
}
