import { useMemo } from "react";
import { i18n } from "#i18n";
import { checkSchemaText } from "../../lib/schema/schema-check";
import { schemaCheckMessage } from "../json-schema-messages";
import { Button } from "../ui/button";
import { TextArea } from "../ui/text-area";

export interface SchemaFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** An error from the last save, shown when the live check has nothing to say. */
  error?: string;
}

/** An optional JSON Schema, checked as it is typed by the popup's check: what the service would refuse. */
export function SchemaField({ id, value, onChange, error }: SchemaFieldProps) {
  const check = useMemo(() => checkSchemaText(value), [value]);
  const liveError = schemaCheckMessage(check);
  return (
    <div className="schema-field">
      <TextArea
        id={id}
        code
        rows={value.trim() === "" ? 3 : Math.min(16, Math.max(5, value.split("\n").length + 1))}
        label={i18n.t("schema.label")}
        hint={i18n.t("schema.hint")}
        error={liveError ?? (check.state === "ok" || check.state === "empty" ? undefined : error)}
        placeholder='{ "type": "object", "properties": { … } }'
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {check.state === "ok" ? (
        <div className="schema-field__ok">
          <p className="schema-field__valid">
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
