/**
 * Prompt templates: `{{title}}`, `{{url}}`, `{{host}}`, `{{selection}}`, `{{date}}` and `{{meta:NAME}}` (a meta
 * tag of the page), filled from the tab the user acted on before anything is sent. An unknown variable or
 * an unclosed `{{` is a problem to show, never text sent as it is.
 */

export const TEMPLATE_VARIABLES = ["title", "url", "host", "selection", "date"] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** What a template is filled from: the tab's page as it is now. */
export interface TemplateValues {
  title: string;
  url: string;
  selection: string;
  /** Meta tags by lower-cased `name` or `property` (e.g. `description`, `og:site_name`). */
  meta: Record<string, string>;
  now: Date;
}

export interface TemplateProblem {
  /** The text as written, e.g. `{{titel}}` or `{{meta:}}`. */
  text: string;
  /** Offset in the template, for pointing at it. */
  index: number;
  message: string;
}

type TemplatePart = { kind: "text"; text: string } | { kind: "variable"; text: string; value: string };

export type FilledTemplate =
  | { ok: true; prompt: string; parts: TemplatePart[]; usesVariables: boolean }
  | { ok: false; problems: TemplateProblem[] };

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const META_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Does the text use any `{{…}}` at all (so the popup knows to show a preview)? */
export function hasTemplate(text: string): boolean {
  return text.includes("{{");
}

/** The host without `www.`, or "" for an address that is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** The local calendar date, `YYYY-MM-DD`. */
function dateOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function variableValue(name: string, values: TemplateValues): string | { problem: string } {
  if (name.startsWith("meta:")) {
    const metaName = name.slice("meta:".length).trim().toLowerCase();
    if (!META_NAME.test(metaName)) return { problem: "needs a meta tag name, e.g. {{meta:description}}" };
    return values.meta[metaName] ?? "";
  }
  switch (name as TemplateVariable) {
    case "title":
      return values.title;
    case "url":
      return values.url;
    case "host":
      return hostOf(values.url);
    case "selection":
      return values.selection;
    case "date":
      return dateOf(values.now);
    default:
      return {
        problem: `is not a variable; use ${TEMPLATE_VARIABLES.map((variable) => `{{${variable}}}`).join(", ")} or {{meta:NAME}}`,
      };
  }
}

/** Fills every placeholder, or lists every problem (all of them, so the user fixes them in one pass). */
export function fillTemplate(template: string, values: TemplateValues): FilledTemplate {
  const parts: TemplatePart[] = [];
  const problems: TemplateProblem[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const index = match.index;
    if (index > last) parts.push({ kind: "text", text: template.slice(last, index) });
    const value = variableValue((match[1] as string).trim(), values);
    if (typeof value === "string") parts.push({ kind: "variable", text: match[0], value });
    else problems.push({ text: match[0], index, message: `${match[0]} ${value.problem}` });
    last = index + match[0].length;
  }
  const rest = template.slice(last);
  const unclosed = rest.indexOf("{{");
  if (unclosed >= 0) {
    problems.push({
      text: rest.slice(unclosed, unclosed + 20),
      index: last + unclosed,
      message: "a {{ is never closed with }}",
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (rest) parts.push({ kind: "text", text: rest });
  const prompt = parts.map((part) => (part.kind === "text" ? part.text : part.value)).join("");
  return { ok: true, prompt, parts, usesVariables: parts.some((part) => part.kind === "variable") };
}
