/**
 * The pseudo-locale of one e2e run: English with every letter accented and each message 40% longer, so a
 * text that does not fit, or one not taken from the messages, shows at a glance. Placeholders (`$1`,
 * `{name}`) and the plural separator stay as they are.
 */
import type { MessagesFile } from "./translate";

const PLAIN = [..."abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ"];
const ACCENTS = [..."àƀçđéğĥíķłñóŕšţúýžÀƁÇĐÉĞĤÍĶŁÑÓŔŠŢÚÝŽ"];
const ACCENTED = new Map(PLAIN.map((letter, i) => [letter, ACCENTS[i] ?? letter]));
/** Placeholders, the plural separator, and the text between them. */
const PROTECTED = /(\$\d|\{[A-Za-z0-9_]+\}| \| )/;

/** One message, pseudo-localized: its words accented, then padded to 140% of its length. */
export function pseudoLocalize(message: string): string {
  return message
    .split(" | ")
    .map((form) => {
      const accented = form
        .split(PROTECTED)
        .map((part, i) =>
          i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED.get(letter) ?? letter),
        )
        .join("");
      // In words, as a longer language would be: one unbreakable run would measure the padding, not the text.
      const padding = " ~~~~"
        .repeat(Math.ceil((form.length * 0.4) / 5) + 1)
        .slice(0, Math.ceil(form.length * 0.4));
      return `[${accented}${padding}]`;
    })
    .join(" | ");
}

export function pseudoLocalized(messages: MessagesFile): MessagesFile {
  return Object.fromEntries(
    Object.entries(messages).map(([key, { message }]) => [
      key,
      { message: key === "htmlLang" ? "en-XA" : pseudoLocalize(message) },
    ]),
  );
}
