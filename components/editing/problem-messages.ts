/** The editing problems as the user reads them. */
import { i18n } from "#i18n";
import { type ApiErrorInit, isKeyRefused } from "../../lib/api/errors";
import { LIMITS } from "../../lib/api/limits";
import type { JsonContentProblem, TextContentProblem } from "../../lib/editing/edit-patch";
import { formatNumber } from "../../lib/format/format-number";
import type { SchemaViolation } from "../../lib/schema/json-schema-validate";
import { jsonSyntaxMessage } from "../json-schema-messages";

export function textProblemMessage(problem: TextContentProblem): string {
  if (problem.kind === "nul") return i18n.t("editing.textContent.nul");
  return i18n.t("editing.textContent.tooLong", {
    length: formatNumber(problem.length),
    max: formatNumber(LIMITS.maxTextContentLength),
  });
}

export function jsonProblemMessage(problem: JsonContentProblem): string {
  switch (problem.kind) {
    case "syntax":
      return jsonSyntaxMessage(problem.error);
    case "not_object":
      return i18n.t("editing.jsonContent.notObject");
    case "empty":
      return i18n.t("editing.jsonContent.empty");
    case "too_large":
      return i18n.t("editing.jsonContent.tooLarge", { size: (problem.bytes / 1024).toFixed(1) });
    case "schema": {
      const [first, ...rest] = problem.violations;
      const message = first ? violationMessage(first) : "";
      const problemText =
        rest.length > 0 ? i18n.t("editing.jsonContent.schemaMore", { message, count: rest.length }) : message;
      return i18n.t("editing.jsonContent.schemaFailed", { problem: problemText });
    }
  }
}

function violationMessage(violation: SchemaViolation): string {
  const expected = violation.expected ?? "";
  const problem = {
    type: () => i18n.t("editing.violation.type", { expected }),
    required: () => i18n.t("editing.violation.required", { expected }),
    additional_property: () => i18n.t("editing.violation.additionalProperty", { expected }),
    property_name: () => i18n.t("editing.violation.propertyName"),
    enum: () => i18n.t("editing.violation.enum", { expected }),
    const: () => i18n.t("editing.violation.const", { expected }),
    format: () => i18n.t("editing.violation.format", { expected }),
    minimum: () => i18n.t("editing.violation.minimum", { expected }),
    maximum: () => i18n.t("editing.violation.maximum", { expected }),
    exclusive_minimum: () => i18n.t("editing.violation.exclusiveMinimum", { expected }),
    exclusive_maximum: () => i18n.t("editing.violation.exclusiveMaximum", { expected }),
    multiple_of: () => i18n.t("editing.violation.multipleOf", { expected }),
    min_length: () => i18n.t("editing.violation.minLength", { expected }),
    max_length: () => i18n.t("editing.violation.maxLength", { expected }),
    pattern: () => i18n.t("editing.violation.pattern", { expected }),
    min_items: () => i18n.t("editing.violation.minItems", { expected }),
    max_items: () => i18n.t("editing.violation.maxItems", { expected }),
    unique_items: () => i18n.t("editing.violation.uniqueItems"),
    additional_items: () => i18n.t("editing.violation.additionalItems", { expected }),
    contains: () => i18n.t("editing.violation.contains"),
    min_contains: () => i18n.t("editing.violation.minContains", { expected }),
    max_contains: () => i18n.t("editing.violation.maxContains", { expected }),
    min_properties: () => i18n.t("editing.violation.minProperties", { expected }),
    max_properties: () => i18n.t("editing.violation.maxProperties", { expected }),
    any_of: () => i18n.t("editing.violation.anyOf"),
    one_of: () => i18n.t("editing.violation.oneOf"),
    not: () => i18n.t("editing.violation.not"),
    false_schema: () => i18n.t("editing.violation.falseSchema"),
    invalid: () => i18n.t("editing.violation.invalid"),
  }[violation.kind]();
  const path = violation.path === "" ? i18n.t("editing.jsonContent.topLevel") : violation.path;
  return i18n.t("editing.jsonContent.atPath", { path, problem });
}

/** An error from the worker or the service, with the HTTP status when there was one. */
export function apiErrorText(error: ApiErrorInit | undefined): string {
  if (!error) return "";
  if (isKeyRefused(error)) return i18n.t("sidepanel.keyRefused", { status: error.status });
  return error.status > 0 ? `${error.message} (HTTP ${error.status})` : error.message;
}
