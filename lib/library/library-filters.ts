/**
 * The library's filters: site, preset, date range (local days of the last change), has jsonContent, one
 * metadata key = value.
 */
import { isThreadKey } from "../thread/thread-metadata";
import type { LibraryEntry } from "./library-entry";

export type JsonFilter = "any" | "with" | "without";

export interface LibraryFilters {
  /** A host as `siteOf` gives it; "" for every site. */
  site: string;
  /** A preset's name (of the job that made the analysis); `NO_PRESET` for none known; "" for any. */
  preset: string;
  /** `YYYY-MM-DD` (an `<input type="date">` value), inclusive, in local time; "" for no bound. */
  from: string;
  to: string;
  json: JsonFilter;
  /** A metadata key; "" for no metadata filter. */
  metadataKey: string;
  /** Compared with the value as text (`42`, `true`, `null`); "" matches any value of the key. */
  metadataValue: string;
}

/** The preset filter's value for analyses made without a preset, or not made here. */
export const NO_PRESET = "\u0000none";

export const NO_FILTERS: LibraryFilters = {
  site: "",
  preset: "",
  from: "",
  to: "",
  json: "any",
  metadataKey: "",
  metadataValue: "",
};

export function hasActiveFilters(filters: LibraryFilters): boolean {
  return (
    filters.site !== "" ||
    filters.preset !== "" ||
    filters.from !== "" ||
    filters.to !== "" ||
    filters.json !== "any" ||
    filters.metadataKey.trim() !== ""
  );
}

/** Epoch ms of local midnight starting `day` (`YYYY-MM-DD`), or undefined when it is not a date. */
function startOfDay(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const time = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isFinite(time) ? time : undefined;
}

function nextDay(start: number): number {
  const date = new Date(start);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/** A predicate for `filters`, with the dates parsed once rather than per entry. */
function filterPredicate(filters: LibraryFilters): (entry: LibraryEntry) => boolean {
  const from = startOfDay(filters.from);
  const toStart = startOfDay(filters.to);
  const toEnd = toStart === undefined ? undefined : nextDay(toStart);
  const key = filters.metadataKey.trim();
  const value = filters.metadataValue.trim();
  return (entry) => {
    if (filters.site && entry.host !== filters.site) return false;
    if (filters.preset && (entry.presetName ?? NO_PRESET) !== filters.preset) return false;
    if (from !== undefined && entry.time < from) return false;
    if (toEnd !== undefined && entry.time >= toEnd) return false;
    if (filters.json === "with" && !entry.hasJson) return false;
    if (filters.json === "without" && entry.hasJson) return false;
    if (key) {
      if (!Object.hasOwn(entry.metadata, key)) return false;
      if (value && String(entry.metadata[key]) !== value) return false;
    }
    return true;
  };
}

export function applyFilters(
  entries: readonly LibraryEntry[],
  filters: LibraryFilters,
): readonly LibraryEntry[] {
  if (!hasActiveFilters(filters)) return entries;
  return entries.filter(filterPredicate(filters));
}

/** The sites of the entries with how many analyses each has, most first (then by name). */
export function siteCounts(entries: readonly LibraryEntry[]): { site: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const entry of entries) if (entry.host) counts.set(entry.host, (counts.get(entry.host) ?? 0) + 1);
  return [...counts]
    .map(([site, count]) => ({ site, count }))
    .sort((a, b) => b.count - a.count || a.site.localeCompare(b.site));
}

/** The presets the analyses were made with, with how many each, most first (then by name). */
export function presetCounts(entries: readonly LibraryEntry[]): { preset: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const entry of entries)
    if (entry.presetName) counts.set(entry.presetName, (counts.get(entry.presetName) ?? 0) + 1);
  return [...counts]
    .map(([preset, count]) => ({ preset, count }))
    .sort((a, b) => b.count - a.count || a.preset.localeCompare(b.preset));
}

/** Every metadata key of the user's in use, sorted, for the key field's suggestions (a thread's are not). */
export function metadataKeys(entries: readonly LibraryEntry[]): string[] {
  const keys = new Set<string>();
  for (const entry of entries)
    for (const key of Object.keys(entry.metadata)) if (!isThreadKey(key)) keys.add(key);
  return [...keys].sort();
}
