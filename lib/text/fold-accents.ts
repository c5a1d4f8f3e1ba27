/**
 * Letters no Unicode decomposition takes apart, as they are written without their ligature or stroke
 * (German writes "ß" as "ss" where it cannot; Danish and Norwegian "ø" is an "o" with a stroke).
 */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(PLAIN_LETTERS).join("")}]`, "gu");

/**
 * `text` without its diacritics, case kept: "élection" → "election", "Straße" → "Strasse",
 * "Œuvre" → "OEuvre", "Łódź" → "Lodz".
 */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(UNDECOMPOSED, (letter) => PLAIN_LETTERS[letter] ?? letter);
}
