import "./json-schema-editor.css";
import { i18n } from "#i18n";
import type { SchemaTextCheck } from "../lib/schema/schema-check";
import { schemaCheckMessage } from "./json-schema-messages";
import { Button } from "./ui/button";
import { TextArea } from "./ui/text-area";

export interface JsonSchemaEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The schema check of `value` (`useSchemaCheck`); `undefined` while the check is loading. */
  check: SchemaTextCheck | undefined;
  /** A problem the live check does not show (no schema where one is required, a refused save). */
  error?: string;
  label?: string;
  hint?: string;
}

/**
 * A JSON Schema typed as text and checked as it is typed (the popup's structured output, the options
 * page's presets): valid JSON (else the line and column of the error), an object schema, within the
 * service's bounds, well-formed keywords. Compiling it is left to the service (no eval here).
 */
export function JsonSchemaEditor({ id, value, onChange, check, error, label, hint }: JsonSchemaEditorProps) {
  const lines = value.split("\n").length;
  return (
    <div className="schema-editor">
      <TextArea
        id={id}
        code
        rows={Math.min(14, Math.max(4, lines + 1))}
        label={label ?? i18n.t("schemaEditor.label")}
        hint={hint ?? i18n.t("schemaEditor.hint")}
        error={(check && schemaCheckMessage(check)) ?? error}
        placeholder='{ "type": "object", "properties": { … } }'
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {check?.state === "ok" ? (
        <div className="schema-editor__ok">
          <p className="schema-editor__valid" role="status">
            <span aria-hidden="true">✓ </span>
            {i18n.t("schema.valid")}
          </p>
          <Button
            size="small"
            aria-controls={id}
            onClick={() => onChange(JSON.stringify(check.schema, null, 2))}
          >
            {i18n.t("schema.format")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
