import type { ReactNode } from "react";
import { i18n } from "#i18n";
import { parseJsonText } from "../../lib/json/json-text";
import { Button } from "../ui/button";
import { TextArea } from "../ui/text-area";

export interface JsonContentEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The live problem (syntax with line and column, not an object, too large, schema). */
  error?: string;
  /** The analysis's schema is known: the JSON is checked against it. */
  schemaKnown: boolean;
  reference?: ReactNode;
}

/** The JSON content as text, checked as it is typed; "Format JSON" pretty-prints it when it parses. */
export function JsonContentEditor({
  id,
  value,
  onChange,
  error,
  schemaKnown,
  reference,
}: JsonContentEditorProps) {
  const lines = value.split("\n").length;
  const hint = schemaKnown
    ? `${i18n.t("editing.jsonContent.hint")} ${i18n.t("editing.jsonContent.schemaHint")}`
    : i18n.t("editing.jsonContent.hint");
  const format = () => {
    const parsed = parseJsonText(value);
    if (parsed.ok) onChange(JSON.stringify(parsed.value, null, 2));
  };
  return (
    <div className="editing-field">
      <TextArea
        id={id}
        code
        rows={Math.min(18, Math.max(5, lines + 1))}
        label={i18n.t("editing.jsonContent.label")}
        hint={hint}
        error={error}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div className="editing-actions">
        <Button size="small" aria-controls={id} onClick={format} disabled={value.trim() === ""}>
          {i18n.t("editing.jsonContent.format")}
        </Button>
      </div>
      {reference}
    </div>
  );
}
