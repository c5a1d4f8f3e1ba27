/**
 * Strings in code point order, which is the byte order of their UTF-8 (Postgres's `COLLATE "C"`).
 * JavaScript's `<` compares UTF-16 units, which puts an astral character (a surrogate pair, 0xD800–0xDFFF)
 * before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x === y) continue;
    const surrogateX = x >= 0xd800 && x <= 0xdfff;
    const surrogateY = y >= 0xd800 && y <= 0xdfff;
    if (surrogateX !== surrogateY) return surrogateX ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
