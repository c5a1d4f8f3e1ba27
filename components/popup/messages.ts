/**
 * The popup's and its editors' English messages, waiting to move into `locales/en.yml` (@wxt-dev/i18n
 * reads one file per locale, so they cannot live in a file of their own there). Keys and `{name}`
 * substitutions are as `i18n.t` takes them: once the keys are in en.yml, `t` becomes `i18n.t`.
 */
const MESSAGES = {
  "popup.documentTitle": "Linklens",
  "popup.title": "Linklens",
  "popup.loading": "Loading…",
  "popup.openOptions": "Open settings",

  "popup.firstRun.title": "Set up Linklens",
  "popup.firstRun.body":
    "Linklens needs the address of a Link Analysis Service and your API key before it can analyze pages.",

  "popup.target.heading": "Page to analyze",
  "popup.target.noTab": "There is no tab to analyze. Open a web page and try again.",
  "popup.target.noUrl": "Linklens can't read this tab's address. Reload the page, then open Linklens again.",
  "popup.target.notHttps": "Only https pages can be analyzed.",
  "popup.target.thisTab": "This tab shows {url}",
  "popup.target.badUrl": "This address can't be analyzed: {reason}.",
  "popup.target.userinfo": "it contains a user name or password",
  "popup.target.tooLong": "it is longer than {max} characters",

  "popup.form.label": "Analyze this page",
  "popup.form.preset": "Preset",
  "popup.form.presetCustom": "Custom prompt",
  "popup.form.presetDefault": "{name} (default)",
  "popup.form.recent": "Recent prompts",
  "popup.form.recentChoose": "Reuse a recent prompt…",
  "popup.form.prompt": "Prompt",
  "popup.form.promptHint": "Ctrl+Enter (⌘+Enter on a Mac) analyzes.",
  "popup.form.structured": "Structured output (JSON)",
  "popup.form.structuredHint": "The service also returns JSON that matches a schema.",
  "popup.form.analyze": "Analyze",
  "popup.form.starting": "Starting…",
  "popup.form.blockedRunning": "An analysis of this page is running.",
  "popup.form.blockedTarget": "Analyze is unavailable: only https pages can be analyzed.",
  "popup.form.fixFields": "Not analyzed yet: fix the marked fields first.",
  "popup.form.schemaMissing": "Enter a JSON schema, or turn structured output off.",
  "popup.form.startFailed": "Linklens could not start the analysis: {message}",

  "popup.job.heading": "Analysis",
  "popup.job.queued": "Waiting to start…",
  "popup.job.runningOne": "Analyzing the page…",
  "popup.job.running": "Analyzing: {done} of {total} links done…",
  "popup.job.progressLabel": "Progress",
  "popup.job.cancel": "Cancel",
  "popup.job.cancelled": "The analysis was cancelled.",
  "popup.job.announceDone": "The analysis is ready.",
  "popup.job.announceFailed": "The analysis failed.",
  "popup.job.announceRetrying": "The analysis will be retried.",
  "popup.job.failures": "Not analyzed:",
  "popup.job.failure": "{link}: {message}",
  "popup.job.noResults": "The analysis finished without a result.",
  "popup.job.cost": "Credits used",
  "popup.job.usage": "Usage id",
  "popup.job.openSidePanel": "Open in side panel",
  "popup.job.sidePanelFailed": "The side panel could not be opened: {message}",

  "popup.error.unauthorized": "The service refused the API key (401).",
  "popup.error.unauthorizedHint": "Check the API key in the settings.",
  "popup.error.noCredits": "You're out of credits (402): the service won't analyze more pages with this key.",
  "popup.error.noCreditsHint": "Add credits with your service, or use another key in the settings.",
  "popup.error.rateLimited": "Rate limited, retrying in {seconds} s.",
  "popup.error.rateLimitedNow": "Rate limited, retrying now…",
  "popup.error.unreachable": "Can't reach {url}.",
  "popup.error.timeout": "{url} did not answer in time.",
  "popup.error.unreachableHint":
    "Check that the service is running and that its address in the settings is right.",
  "popup.error.retrying": "Retrying in {seconds} s.",
  "popup.error.retryingNow": "Retrying now…",
  "popup.error.requestId": "Request id: {id}",
  "popup.error.status": "Error {status}",

  "popup.result.site": "Site",
  "popup.result.author": "By {author}",
  "popup.result.score": "Score {score}%",
  "popup.result.text": "Text",
  "popup.result.noText": "No text was returned.",
  "popup.result.json": "JSON content",
  "popup.result.copy": "Copy JSON",
  "popup.result.copied": "JSON copied.",
  "popup.result.copyFailed": "Could not copy: {message}",
  "popup.result.metadata": "Metadata",
  "popup.result.partial": "Only part of this analysis is stored here.",

  "popup.earlier.heading": "Earlier analyses of this page",
  "popup.earlier.updated": "Updated {date}",

  "schemaEditor.label": "JSON schema",
  "schemaEditor.hint": "The top level must describe an object. Checked as you type; the service compiles it.",
  "schemaEditor.issue": "{path}: {problem}",
  "schemaEditor.more": "{message} (and {count} more problems)",
  "schemaEditor.topLevel": "The schema",
  "schemaEditor.tooDeep": "The schema is nested too deeply to check.",
  "schemaEditor.schemaNotObject": "must be a schema (an object, or true or false)",
  "schemaEditor.typeUnknown":
    "“{value}” is not a JSON Schema type (string, number, integer, boolean, object, array, null)",
  "schemaEditor.typeInvalid": "must be a type name, or a list of different type names",
  "schemaEditor.mapNotObject": "must be an object whose values are schemas",
  "schemaEditor.schemaListInvalid": "must be a list of one or more schemas",
  "schemaEditor.requiredInvalid": "must be a list of property names (strings)",
  "schemaEditor.requiredDuplicate": "lists “{value}” twice",
  "schemaEditor.enumInvalid": "must be a list of values",
  "schemaEditor.notNonNegativeInteger": "must be a whole number, 0 or more",
  "schemaEditor.notNumber": "must be a number",
  "schemaEditor.notPositiveNumber": "must be a number greater than 0",
  "schemaEditor.notString": "must be a string",
  "schemaEditor.notBoolean": "must be true or false",
  "schemaEditor.patternInvalid": "“{value}” is not a valid regular expression",
  "schemaEditor.refUnresolved": "“{value}” points to nothing in this schema",
  "schemaEditor.unsupportedDraft": "“{value}” is not supported: use JSON Schema 2020-12 or draft-07",

  "metadataEditor.legend": "Metadata",
  "metadataEditor.hint": "Optional keys and values stored with the analysis (at most {max}).",
  "metadataEditor.key": "Key {n}",
  "metadataEditor.type": "Type {n}",
  "metadataEditor.value": "Value {n}",
  "metadataEditor.remove": "Remove",
  "metadataEditor.removeLabel": "Remove field {n}",
  "metadataEditor.add": "Add field",
  "metadataEditor.keyPlaceholder": "key",
  "metadataEditor.valuePlaceholder": "value",
  "metadataEditor.typeString": "Text",
  "metadataEditor.typeNumber": "Number",
  "metadataEditor.typeBoolean": "True / false",
  "metadataEditor.typeNull": "Null",
  "metadataEditor.true": "true",
  "metadataEditor.false": "false",
  "metadataEditor.nullValue": "null",
  "metadataEditor.keyEmpty": "Enter a key.",
  "metadataEditor.keyTooLong": "A key is at most {max} characters.",
  "metadataEditor.keyDuplicate": "This key is already used above.",
  "metadataEditor.stringTooLong": "A text value is at most {max} characters.",
  "metadataEditor.numberInvalid": "Enter a number, like 42 or -1.5.",
  "metadataEditor.tooMany": "Keep at most {max} keys.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The message for `key`, with `{name}` replaced by `substitutions[name]`. */
export function t(key: MessageKey, substitutions?: Record<string, string | number>): string {
  const message: string = MESSAGES[key];
  if (!substitutions) return message;
  return message.replace(/\{([A-Za-z0-9_]+)\}/g, (match, name: string) =>
    Object.hasOwn(substitutions, name) ? String(substitutions[name]) : match,
  );
}

/** Every message, for generating the en.yml block (see the report) and for tests. */
export const POPUP_MESSAGES: Readonly<Record<MessageKey, string>> = MESSAGES;
