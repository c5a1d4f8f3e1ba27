import { i18n } from "#i18n";
import { TEMPLATE_VARIABLES, type TemplateProblem } from "../../lib/templates/prompt-template";

const VARIABLES = [...TEMPLATE_VARIABLES, "meta:NAME"].map((name) => `{{${name}}}`).join(", ");

/** A template problem in the user's words: an unknown variable, a `{{meta:}}` without a name, or an unclosed `{{`. */
function templateProblemText(problem: TemplateProblem): string {
  const { text } = problem;
  if (!text.endsWith("}}")) return i18n.t("popup.template.unclosed", { text, close: "}}" });
  if (/^\{\{\s*meta:/.test(text))
    return i18n.t("popup.template.metaName", { text, example: "{{meta:description}}" });
  return i18n.t("popup.template.unknown", { text, variables: VARIABLES });
}

/** Every problem of a template, as one message for the prompt's error. */
export function templateProblemsText(problems: readonly TemplateProblem[]): string {
  return i18n.t("popup.template.notSent", {
    problems: problems.map(templateProblemText).join(" "),
  });
}
