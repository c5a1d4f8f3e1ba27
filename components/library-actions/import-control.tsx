import { useRef } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";

export interface ImportControlProps {
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** "Import JSON…": a button that opens the file picker (the file input itself stays out of sight). */
export function ImportControl({ disabled, onFile }: ImportControlProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        size="small"
        disabled={disabled}
        aria-describedby="import-hint"
        onClick={() => inputRef.current?.click()}
      >
        {i18n.t("libraryActions.import")}
      </Button>
      <span id="import-hint" className="ll-visually-hidden">
        {i18n.t("libraryActions.importHint")}
      </span>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          // Cleared so that picking the same file again imports it again.
          input.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}
