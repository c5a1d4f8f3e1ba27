/**
 * Characters of a text that are not white space (as `\s` knows it), counted in a loop: matching `/\S/g`
 * builds an array of every one of them, which on a whole page's text cost more than the rest of the count.
 */
export function countVisible(text: string | null | undefined): number {
  if (!text) return 0;
  let count = 0;
  for (let at = 0; at < text.length; at++) if (!isSpace(text.charCodeAt(at))) count++;
  return count;
}

const OTHER_SPACES = new Set([0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);

const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  (code > 127 && (code === 160 || (code >= 0x2000 && code <= 0x200a) || OTHER_SPACES.has(code)));
