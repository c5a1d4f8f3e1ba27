/**
 * What a typed JSON text's syntax error, and a typed JSON schema's problems, read as (the popup, the options
 * page, the side panel's JSON editor). Only types come from the schema check: it stays out of the bundles
 * that load it lazily.
 */
import { i18n } from "#i18n";
import type { JsonSyntaxError } from "../lib/json/json-text";
import type { SchemaIssue, SchemaIssueKind, SchemaTextCheck } from "../lib/schema/schema-check";
import type { SchemaProblem } from "../lib/schema/schema-problem";

export function jsonSyntaxMessage(error: JsonSyntaxError): string {
  const reason = {
    unexpected_end: i18n.t("json.unexpectedEnd"),
    expected_value: i18n.t("json.expectedValue"),
    expected_property_name: i18n.t("json.expectedPropertyName"),
    expected_colon: i18n.t("json.expectedColon"),
    expected_comma_or_brace: i18n.t("json.expectedCommaOrBrace"),
    expected_comma_or_bracket: i18n.t("json.expectedCommaOrBracket"),
    expected_end: i18n.t("json.expectedEnd"),
    bad_string: i18n.t("json.badString"),
    bad_number: i18n.t("json.badNumber"),
  }[error.reason];
  return i18n.t("json.syntaxError", { line: error.line, column: error.column, reason });
}

function schemaProblemMessage(problem: SchemaProblem): string {
  return problem === "not_object" ? i18n.t("errors.schemaNotObject") : i18n.t("errors.schemaNotObjectSchema");
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
  items_list: () => i18n.t("schemaEditor.itemsList"),
  pattern_invalid: (value) => i18n.t("schemaEditor.patternInvalid", { value }),
  pattern_lookaround: (value) => i18n.t("schemaEditor.patternLookaround", { value }),
  pattern_backreference: (value) => i18n.t("schemaEditor.patternBackreference", { value }),
  ref_unresolved: (value) => i18n.t("schemaEditor.refUnresolved", { value }),
  unsupported_draft: (value) => i18n.t("schemaEditor.unsupportedDraft", { value }),
};

const where = (path: string) => path || i18n.t("schemaEditor.topLevel");

function issueMessage(issue: SchemaIssue): string {
  const problem = ISSUE_MESSAGES[issue.kind](issue.detail ?? "");
  return i18n.t("schemaEditor.issue", { path: where(issue.path), problem });
}

/** The message a schema check shows, or `undefined` when the text is empty or usable. */
export function schemaCheckMessage(check: SchemaTextCheck): string | undefined {
  switch (check.state) {
    case "syntax":
      return jsonSyntaxMessage(check.error);
    case "problem":
      return schemaProblemMessage(check.problem);
    case "too_large":
      return i18n.t("schemaEditor.tooLarge", { size: (check.bytes / 1024).toFixed(1) });
    case "too_deep":
      return i18n.t("schemaEditor.tooDeep", { path: where(check.path) });
    case "invalid": {
      const [first, ...rest] = check.issues;
      const message = first ? issueMessage(first) : "";
      return rest.length > 0 ? i18n.t("schemaEditor.more", { message, count: rest.length }) : message;
    }
    default:
      return undefined;
  }
}
