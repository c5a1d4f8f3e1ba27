/**
 * Per-site rules: a pattern (host-pattern.ts) that chooses the default preset for the pages it matches.
 * The first rule that matches, in the user's order, wins; a rule whose preset no longer exists is passed
 * over (the next matching rule, else the default preset, applies). Zod-free: the popup and the worker
 * read it; the options page validates rules with the zod `Settings` (settings.ts).
 */
import { type HostPattern, hostPatternMatches, parseHostPattern } from "./host-pattern";
import type { Preset } from "./settings";

/** Rules a user may keep; far above any real need, it only bounds the storage item. */
export const MAX_SITE_RULES = 100;

export interface SiteRule {
  id: string;
  /** As the user typed it (trimmed): see host-pattern.ts for the syntax. */
  pattern: string;
  presetId: string;
}

export interface SiteRuleMatch<P extends Preset = Preset> {
  rule: SiteRule;
  preset: P;
}

// Rules are read on every menu click and popup open; their parsed patterns are kept by text.
const parsedPatterns = new Map<string, HostPattern | null>();

function parsedPattern(text: string): HostPattern | null {
  let parsed = parsedPatterns.get(text);
  if (parsed === undefined) {
    const result = parseHostPattern(text);
    parsed = result.ok ? result.pattern : null;
    if (parsedPatterns.size > 1000) parsedPatterns.clear();
    parsedPatterns.set(text, parsed);
  }
  return parsed;
}

/** Whether the rule's pattern is valid and matches the page at `url`. */
export function siteRuleMatches(rule: Pick<SiteRule, "pattern">, url: string | URL): boolean {
  const pattern = parsedPattern(rule.pattern);
  if (!pattern) return false;
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    return false;
  }
  return hostPatternMatches(pattern, parsed);
}

/**
 * The first rule (in the user's order) whose pattern matches `url` and whose preset exists, with that
 * preset; `undefined` when none applies (then the default preset does).
 */
export function siteRuleFor<P extends Preset>(
  settings: { presets: readonly P[]; siteRules?: readonly SiteRule[] },
  url: string | undefined,
): SiteRuleMatch<P> | undefined {
  if (!url || !settings.siteRules?.length) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  for (const rule of settings.siteRules) {
    if (!siteRuleMatches(rule, parsed)) continue;
    const preset = settings.presets.find((candidate) => candidate.id === rule.presetId);
    if (preset) return { rule, preset };
  }
  return undefined;
}

/** The rule cleaned (pattern trimmed), or none when it is not a valid rule (zod-free, for cleanSettings). */
function cleanSiteRule(value: unknown): SiteRule[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const { id, pattern, presetId } = value as Record<string, unknown>;
  if (typeof id !== "string" || id === "" || typeof presetId !== "string" || presetId === "") return [];
  if (typeof pattern !== "string" || !parseHostPattern(pattern).ok) return [];
  return [{ id, pattern: pattern.trim(), presetId }];
}

/** Rules cleaned: valid ones kept in order, the first of each id, at most `MAX_SITE_RULES`. */
export function cleanSiteRules(value: unknown): SiteRule[] {
  if (!Array.isArray(value)) return [];
  const rules = value.flatMap(cleanSiteRule);
  return rules
    .filter((rule, index) => rules.findIndex((other) => other.id === rule.id) === index)
    .slice(0, MAX_SITE_RULES);
}
