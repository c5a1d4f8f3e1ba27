import type { StoredAnalysis } from "../server/store/types";

const TOPICS = [
  [
    "tram",
    "line",
    "commuters",
    "station",
    "timetable",
    "council",
    "transport",
    "route",
    "rail",
    "passengers",
  ],
  ["sourdough", "flour", "dough", "starter", "oven", "crust", "fermentation", "bake", "loaf", "hydration"],
  ["migration", "birds", "wetland", "flock", "winter", "nesting", "species", "wings", "coast", "ringing"],
  ["lake", "mountain", "glacier", "trail", "summit", "valley", "alpine", "reflection", "hike", "meadow"],
  ["cheese", "milk", "cellar", "aging", "rind", "dairy", "farm", "taste", "wheel", "pasture"],
  ["battery", "solar", "grid", "storage", "charging", "panel", "energy", "inverter", "capacity", "roof"],
] as const;
const COMMON = [
  "the",
  "new",
  "year",
  "people",
  "report",
  "local",
  "plan",
  "work",
  "time",
  "city",
  "week",
  "data",
];

/** Deterministic pseudo-random numbers, so every run of the benchmark stores the same records. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` records of ~3 KB each, spread over six topics and a dozen sites. */
export function syntheticAnalyses(tenantId: string, count: number): StoredAnalysis[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  return Array.from({ length: count }, (_, index) => {
    const topic = TOPICS[index % TOPICS.length] as readonly string[];
    const words = Array.from({ length: 450 }, () => (next() < 0.4 ? pick(topic) : pick(COMMON)));
    const site = `site${index % 12}.example`;
    const at = new Date(start + index * 60_000).toISOString();
    const id = `ana_seed_${String(index).padStart(6, "0")}`;
    return {
      tenantId,
      analysisId: id,
      createdAt: at,
      updatedAt: at,
      analysis: {
        title: `${pick(topic)} ${pick(topic)} ${index}`,
        url: `https://${site}/articles/${index}`,
        id: `pg_seed_${index % 7000}`,
        text: words.join(" "),
        score: next(),
        favicon: `https://${site}/favicon.ico`,
        extras: { imageLinks: [] },
      },
      textContent: words.slice(0, 60).join(" "),
      metadata: { batch: index % 10, topic: topic[0] as string },
    };
  });
}
