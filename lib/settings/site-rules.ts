/**
 * Per-site rules: a pattern (host-pattern.ts) that chooses the default preset for the pages it matches.
 * The first rule that matches, in the user's order, wins; a rule whose preset no longer exists is passed
 * over (the next matching rule, else the default preset, applies). One rule's schema (zod/mini, as the
 * settings' in settings.ts) both validates what the options page saves and cleans what a reader finds.
 */
import * as z from "zod/mini";
import { type HostPattern, hostPatternMatches, parseHostPattern } from "./host-pattern";

/** Rules a user may keep; far above any real need, it only bounds the storage item. */
export const MAX_SITE_RULES = 100;

/** A site rule's pattern: a host, `*.host`, an optional `:port` and path (host-pattern.ts). */
const SitePattern = z.string().check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const parsed = parseHostPattern(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: `is not a site pattern (${parsed.problem})` });
  }),
);

export const SiteRule = z.object({
  id: z.string().check(z.minLength(1)),
  /** As the user typed it (trimmed): see host-pattern.ts for the syntax. */
  pattern: SitePattern,
  presetId: z.string().check(z.minLength(1)),
});
export type SiteRule = z.infer<typeof SiteRule>;

/** A preset as a rule names it: by its id (the settings' presets, or the `presets` table's rows). */
type NamedPreset = { id: string };

export interface SiteRuleMatch<P extends NamedPreset> {
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
export function siteRuleFor<P extends NamedPreset>(
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

/** Rules cleaned: valid ones kept in order, the first of each id, at most `MAX_SITE_RULES`. */
export function cleanSiteRules(value: unknown): SiteRule[] {
  if (!Array.isArray(value)) return [];
  return firstOfEachId(value.flatMap((item) => SiteRule.safeParse(item).data ?? [])).slice(0, MAX_SITE_RULES);
}

/** The items whose id no earlier item has, in order. */
export function firstOfEachId<T extends { id: string }>(items: readonly T[]): T[] {
  return items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
}
