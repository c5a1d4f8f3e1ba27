/**
 * The places a page is about, most mentioned first: capitalized names that follow "in", "near", "at",
 * "from", "around" ("near Tromsø", "in São Paulo"), the way pages name a city or a country. Used for a
 * property that asks for a place ("city", "country", "location").
 */
const AFTER_PREPOSITION =
  /(?:^|[^\p{L}])(?:in|near|at|from|around|outside|across|to)\s+((?:\p{Lu}[\p{L}'’.-]+)(?:\s+(?:de|da|do|del|la|le|sur|am|an|upon|on)?\s*\p{Lu}[\p{L}'’.-]+){0,2})/gu;
const NOT_PLACES = new Set(
  "January February March April May June July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday The This That These Those A An Our Their His Her Its We They I You It".split(
    " ",
  ),
);

export function placesIn(text: string, people: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(AFTER_PREPOSITION)) {
    const name = (match[1] ?? "").replace(/[.’'-]+$/, "");
    const first = name.split(/\s+/)[0] ?? "";
    if (!name || NOT_PLACES.has(first) || people.some((person) => person.includes(name))) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}
