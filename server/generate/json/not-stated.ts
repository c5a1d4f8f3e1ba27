/**
 * The required properties a filled object holds placeholder values for, because the page does not state
 * them: kept beside the object (not in it: it must validate against the schema) so that the analysis's
 * text can say so.
 */
const notStated = new WeakMap<object, readonly string[]>();

export function markNotStated(value: object, properties: readonly string[]): void {
  notStated.set(value, properties);
}

/** `textContent` with a last line naming the properties the page did not state, if there are any. */
export function withNotStatedNote(textContent: string, json: object | undefined): string {
  const properties = json ? notStated.get(json) : undefined;
  if (!properties || properties.length === 0) return textContent;
  const names = properties.map((name) => `“${name}”`).join(", ");
  return `${textContent}\n\nThe page does not state ${names}: the schema requires ${properties.length === 1 ? "it" : "them"}, so ${properties.length === 1 ? "it holds" : "they hold"} a placeholder.`;
}
