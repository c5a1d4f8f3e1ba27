/** Usage totals for today, this week (from Monday) and this month, and credits per day over 30 days. */
import { describe, expect, it } from "vitest";
import type { UsageRow } from "../../lib/db/schema";
import { creditsPerDay, usageTotals } from "../../lib/library/usage-totals";

const at = (year: number, month: number, day: number, hour = 12) =>
  new Date(year, month - 1, day, hour).getTime();
const row = (createdAt: number, costCredits: number): UsageRow => ({
  usageId: `use_${createdAt}_${costCredits}`,
  costCredits,
  links: ["https://example.com/"],
  createdAt,
});

// Thursday, 26 November 2026, local time.
const NOW = at(2026, 11, 26, 15);

describe("usageTotals", () => {
  it("counts today, the week since Monday and the month, each with its requests", () => {
    const rows = [
      row(at(2026, 11, 26, 9), 2), // today
      row(at(2026, 11, 23, 1), 1), // Monday: this week
      row(at(2026, 11, 22, 23), 4), // Sunday before: this month only
      row(at(2026, 10, 31, 23), 8), // last month
      row(at(2026, 11, 27, 1), 16), // tomorrow: in this week and month, not today
    ];
    expect(usageTotals(rows, NOW)).toEqual({
      today: { credits: 2, requests: 1 },
      week: { credits: 19, requests: 3 },
      month: { credits: 23, requests: 4 },
    });
  });

  it("starts the week on Monday when today is Sunday", () => {
    const sunday = at(2026, 11, 29, 10);
    const totals = usageTotals([row(at(2026, 11, 23, 0), 1), row(at(2026, 11, 22, 23), 5)], sunday);
    expect(totals.week).toEqual({ credits: 1, requests: 1 });
  });
});

describe("creditsPerDay", () => {
  it("gives 30 local days, oldest first and today last, with each day's credits", () => {
    const days = creditsPerDay(
      [
        row(at(2026, 11, 26, 0), 1),
        row(at(2026, 11, 26, 23), 2),
        row(at(2026, 11, 25, 12), 4),
        row(at(2026, 10, 28, 0), 8), // the first of the 30 days
        row(at(2026, 10, 27, 23), 16), // one day too old
      ],
      NOW,
    );
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: at(2026, 11, 26, 0), credits: 3 });
    expect(days.at(-2)).toEqual({ day: at(2026, 11, 25, 0), credits: 4 });
    expect(days[0]).toEqual({ day: at(2026, 10, 28, 0), credits: 8 });
    expect(days.reduce((sum, day) => sum + day.credits, 0)).toBe(15);
  });

  it("gives zeros for days without usage", () => {
    expect(creditsPerDay([], NOW, 7).map((day) => day.credits)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
