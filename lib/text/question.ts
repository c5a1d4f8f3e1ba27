/**
 * Whether a prompt is a question: it ends with a question mark (any script's: ? ？ ؟, before closing
 * quotes or brackets), or opens with Spanish's ¿. A follow-up is always one. This is what Linklens knows
 * of a prompt without a model; the service's relevance score measures a question's words on the page
 * (lib/format/relevance.ts), so only a question's score is shown.
 */
const ENDS_AS_QUESTION = /[?？؟][\s"'»”’)\]]*$/u;

export function isQuestion(prompt: string): boolean {
  const text = prompt.trim();
  return ENDS_AS_QUESTION.test(text) || text.startsWith("¿");
}
