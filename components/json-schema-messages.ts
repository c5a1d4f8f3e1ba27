/** What a typed JSON schema's syntax error or top-level problem reads as (the popup and the options page). */
import { i18n } from "#i18n";
import type { JsonSyntaxError } from "../lib/json-text";
import type { SchemaProblem } from "../lib/schema-problem";

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

export function schemaProblemMessage(problem: SchemaProblem): string {
  return problem === "not_object" ? i18n.t("errors.schemaNotObject") : i18n.t("errors.schemaNotObjectSchema");
}
