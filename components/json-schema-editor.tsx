import { useMemo } from "react";
import { i18n } from "#i18n";
import {
  checkResponseSchemaText,
  type ResponseSchemaCheck,
  type SchemaIssue,
  type SchemaIssueKind,
} from "../lib/schema-check";
import { jsonSyntaxMessage, schemaProblemMessage } from "./json-schema-messages";
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

/** Each issue's problem; `value` is the offending value or name (used where the message names it). */
const ISSUE_MESSAGES: Record<SchemaIssueKind, (value: string) => string> = {
  schema_not_object: () => i18n.t("schemaEditor.schemaNotObject"),
  type_unknown: (value) => i18n.t("schemaEditor.typeUnknown", { value }),
  type_invalid: () => i18n.t("schemaEditor.typeInvalid"),
  map_not_object: () => i18n.t("schemaEditor.mapNotObject"),
  schema_list_invalid: () => i18n.t("schemaEditor.schemaListInvalid"),
  required_invalid: () => i18n.t("schemaEditor.requiredInvalid"),
  required_duplicate: (value) => i18n.t("schemaEditor.requiredDuplicate", { value }),
  enum_invalid: () => i18n.t("schemaEditor.enumInvalid"),
  not_non_negative_integer: () => i18n.t("schemaEditor.notNonNegativeInteger"),
  not_number: () => i18n.t("schemaEditor.notNumber"),
  not_positive_number: () => i18n.t("schemaEditor.notPositiveNumber"),
  not_string: () => i18n.t("schemaEditor.notString"),
  not_boolean: () => i18n.t("schemaEditor.notBoolean"),
  pattern_invalid: (value) => i18n.t("schemaEditor.patternInvalid", { value }),
  ref_unresolved: (value) => i18n.t("schemaEditor.refUnresolved", { value }),
  unsupported_draft: (value) => i18n.t("schemaEditor.unsupportedDraft", { value }),
};

function issueMessage(issue: SchemaIssue): string {
  const problem = ISSUE_MESSAGES[issue.kind](issue.detail ?? "");
  return i18n.t("schemaEditor.issue", { path: issue.path || i18n.t("schemaEditor.topLevel"), problem });
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
      return rest.length > 0 ? i18n.t("schemaEditor.more", { message, count: rest.length }) : message;
    }
    case "too_deep":
      return i18n.t("schemaEditor.tooDeep");
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
        label={label ?? i18n.t("schemaEditor.label")}
        hint={i18n.t("schemaEditor.hint")}
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
