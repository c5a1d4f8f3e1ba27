import { useMemo } from "react";
import { i18n } from "#i18n";
import { checkResponseSchemaText, type ResponseSchemaCheck, type SchemaIssue } from "../lib/schema-check";
import { jsonSyntaxMessage, schemaProblemMessage } from "./options/settings-form";
import { type MessageKey, t } from "./popup/messages";
import { Button } from "./ui/button";
import { TextArea } from "./ui/text-area";

export interface JsonSchemaEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** A problem the live check does not show (an empty schema where one is required). */
  error?: string;
  label?: string;
}

const ISSUE_MESSAGES: Record<SchemaIssue["kind"], MessageKey> = {
  schema_not_object: "schemaEditor.schemaNotObject",
  type_unknown: "schemaEditor.typeUnknown",
  type_invalid: "schemaEditor.typeInvalid",
  map_not_object: "schemaEditor.mapNotObject",
  schema_list_invalid: "schemaEditor.schemaListInvalid",
  required_invalid: "schemaEditor.requiredInvalid",
  required_duplicate: "schemaEditor.requiredDuplicate",
  enum_invalid: "schemaEditor.enumInvalid",
  not_non_negative_integer: "schemaEditor.notNonNegativeInteger",
  not_number: "schemaEditor.notNumber",
  not_positive_number: "schemaEditor.notPositiveNumber",
  not_string: "schemaEditor.notString",
  not_boolean: "schemaEditor.notBoolean",
  pattern_invalid: "schemaEditor.patternInvalid",
  ref_unresolved: "schemaEditor.refUnresolved",
  unsupported_draft: "schemaEditor.unsupportedDraft",
};

function issueMessage(issue: SchemaIssue): string {
  const problem = t(ISSUE_MESSAGES[issue.kind], { value: issue.detail ?? "" });
  return t("schemaEditor.issue", { path: issue.path || t("schemaEditor.topLevel"), problem });
}

/** The message a check shows, or `undefined` when the text is empty or usable. */
function schemaCheckText(check: ResponseSchemaCheck): string | undefined {
  switch (check.state) {
    case "syntax":
      return jsonSyntaxMessage(check.error);
    case "problem":
      return schemaProblemMessage(check.problem);
    case "invalid": {
      const [first, ...rest] = check.issues;
      const message = first ? issueMessage(first) : "";
      return rest.length > 0 ? t("schemaEditor.more", { message, count: rest.length }) : message;
    }
    case "too_deep":
      return t("schemaEditor.tooDeep");
    default:
      return undefined;
  }
}

/**
 * A JSON Schema typed as text and checked as it is typed: valid JSON (else the line and column of the
 * error), an object schema, well-formed keywords. Compiling it is left to the service (no eval here).
 */
export function JsonSchemaEditor({ id, value, onChange, error, label }: JsonSchemaEditorProps) {
  const check = useMemo(() => checkResponseSchemaText(value), [value]);
  const liveError = schemaCheckText(check);
  const lines = value.split("\n").length;
  return (
    <div className="schema-editor">
      <TextArea
        id={id}
        code
        rows={Math.min(14, Math.max(4, lines + 1))}
        label={label ?? t("schemaEditor.label")}
        hint={t("schemaEditor.hint")}
        error={liveError ?? (check.state === "empty" ? error : undefined)}
        placeholder='{ "type": "object", "properties": { … } }'
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {check.state === "ok" ? (
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
