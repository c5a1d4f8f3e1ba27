import type { StoredAnalysis } from "../server/store/types";

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ren",
  "tas",
  "vo",
  "pel",
  "dri",
  "su",
  "nor",
  "bek",
  "ith",
  "gra",
  "um",
  "zen",
  "fo",
];
const TOPICS = 24;
const WORDS_PER_TOPIC = 400;
const COMMON_WORDS = 600;

/** Deterministic pseudo-random numbers, so every run of the benchmark stores the same records. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function vocabulary(next: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(next() * 3);
    words.add(
      Array.from({ length: syllables }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(""),
    );
  }
  return [...words];
}

/** Picks ranks with a Zipf-like law, as words occur in real text: a few often, most rarely. */
function zipf(next: () => number, size: number) {
  const weights = Array.from({ length: size }, (_, rank) => 1 / (rank + 1) ** 1.05);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight / total;
    cumulative.push(sum);
  }
  return () => {
    const target = next();
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/**
 * `count` records of ~3 KB each: 24 topics of 400 words each over a common vocabulary, word frequencies
 * following a Zipf law, on a dozen sites, some pages analyzed more than once.
 */
export function syntheticAnalyses(tenantId: string, count: number): StoredAnalysis[] {
  const next = random(42);
  const common = vocabulary(next, COMMON_WORDS);
  const topics = Array.from({ length: TOPICS }, () => vocabulary(next, WORDS_PER_TOPIC));
  const commonRank = zipf(next, COMMON_WORDS);
  const topicRank = zipf(next, WORDS_PER_TOPIC);
  const start = Date.parse("2026-01-01T00:00:00.000Z");

  return Array.from({ length: count }, (_, index) => {
    const topic = topics[index % TOPICS] as string[];
    const words = Array.from({ length: 450 }, () =>
      next() < 0.35 ? topic[topicRank()] : common[commonRank()],
    ) as string[];
    const site = `site${index % 12}.example`;
    const at = new Date(start + index * 60_000).toISOString();
    return {
      tenantId,
      analysisId: `ana_seed_${String(index).padStart(6, "0")}`,
      createdAt: at,
      updatedAt: at,
      analysis: {
        title: `${words[0]} ${words[1]} ${index}`,
        url: `https://${site}/articles/${index % 7000}`,
        id: `pg_seed_${index % 7000}`,
        text: words.join(" "),
        score: next(),
        favicon: `https://${site}/favicon.ico`,
        extras: { imageLinks: [] },
      },
      textContent: words.slice(0, 60).join(" "),
      metadata: { batch: index % 10, topic: index % TOPICS },
    };
  });
}
