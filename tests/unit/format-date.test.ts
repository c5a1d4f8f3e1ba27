/**
 * One date formatter: a calendar date (`publishedDate` as `YYYY-MM-DD`, `YYYY-MM` or `YYYY`) is the same
 * day in every time zone; an instant is shown in the reader's zone. Each case runs under three zones: UTC,
 * Los Angeles (UTC−8/−7, where midnight UTC is the day before) and Kiritimati (UTC+14).
 */
import { afterAll, describe, expect, it, vi } from "vitest";

const ZONES = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"] as const;
const ORIGINAL_TZ = process.env.TZ;

/** The module loaded afresh under zone `tz` (Node reads TZ again when it changes). */
async function underZone(tz: string) {
  process.env.TZ = tz;
  vi.resetModules();
  return import("../../components/format-date");
}

/** How the locale writes a day, month or year, read in UTC (the reference a calendar date must equal). */
const utc = (options: Intl.DateTimeFormatOptions, ...date: [number, number?, number?]) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: "UTC" }).format(
    Date.UTC(date[0], (date[1] ?? 1) - 1, date[2] ?? 1),
  );

afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

describe.each(ZONES)("under TZ=%s", (tz) => {
  it("runs in that zone", async () => {
    await underZone(tz);
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
  });

  it("shows a calendar date as the day it names, never the day before or after", async () => {
    const { formatDate } = await underZone(tz);
    expect(formatDate("2025-03-14")).toBe(utc({ dateStyle: "medium" }, 2025, 3, 14));
    expect(formatDate("2025-03-14")).toMatch(/14/);
    expect(formatDate("2025-01-01")).toMatch(/2025/);
    expect(formatDate("2024-12-31")).toMatch(/31/);
    // Asked with the time, a calendar date still has none.
    expect(formatDate("2025-03-14", true)).toBe(utc({ dateStyle: "medium" }, 2025, 3, 14));
  });

  it("shows a month or a year alone as that month or year", async () => {
    const { formatDate } = await underZone(tz);
    expect(formatDate("2025-03")).toBe(utc({ year: "numeric", month: "long" }, 2025, 3));
    expect(formatDate("2025-01")).toMatch(/2025/);
    expect(formatDate("2025")).toBe(utc({ year: "numeric" }, 2025));
  });

  it("shows an instant in the reader's zone", async () => {
    const { formatDate } = await underZone(tz);
    // 03:00 UTC on March 14 is still March 13 in Los Angeles and already 17:00 on the 14th in Kiritimati.
    const instant = "2025-03-14T03:00:00Z";
    const expectedDay = { UTC: 14, "America/Los_Angeles": 13, "Pacific/Kiritimati": 14 }[tz];
    expect(formatDate(instant)).toBe(utc({ dateStyle: "medium" }, 2025, 3, expectedDay));
    expect(formatDate(Date.parse(instant))).toBe(formatDate(instant));
    const local = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: tz,
    });
    expect(formatDate(instant, true)).toBe(local.format(Date.parse(instant)));
    // A timestamp without milliseconds or with an offset is an instant too.
    expect(formatDate("2025-03-14T03:00:00+00:00")).toBe(formatDate(instant));
  });

  it("leaves text that is no date as given", async () => {
    const { formatDate, parseCalendarDate } = await underZone(tz);
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2025-02-30")).toBe("2025-02-30");
    expect(formatDate("2025-13")).toBe("2025-13");
    expect(parseCalendarDate("2025-02-29")).toBeNull();
    expect(parseCalendarDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate(" 2025-03 ")).toEqual({ year: 2025, month: 3 });
    expect(parseCalendarDate("2025-03-14T00:00:00Z")).toBeNull();
  });
});

describe("formatRelativeTime", () => {
  it("says how long ago in the largest whole unit, and the date past a year", async () => {
    const { formatRelativeTime, formatDate } = await underZone("UTC");
    const now = Date.UTC(2025, 2, 14, 12);
    const words = new Intl.RelativeTimeFormat(undefined, { numeric: "auto", style: "short" });
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe(words.format(-2, "minute"));
    expect(formatRelativeTime(now - 5 * 3_600_000, now)).toBe(words.format(-5, "hour"));
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe(words.format(-3, "day"));
    expect(formatRelativeTime(now - 10_000, now)).toBe(words.format(-10, "second"));
    expect(formatRelativeTime(now - 40 * 86_400_000, now)).toBe(words.format(-1, "month"));
    expect(formatRelativeTime(now - 800 * 86_400_000, now)).toBe(words.format(-2, "year"));
    expect(formatDate(now)).toMatch(/2025/);
  });
});
