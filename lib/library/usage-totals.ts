/** Credits spent today, this week and this month, and per day (local time), from the cached usage rows. */
import type { UsageRow } from "../db/schema";

interface UsageTotal {
  credits: number;
  requests: number;
}

export interface UsageTotals {
  today: UsageTotal;
  /** Since Monday (ISO 8601 weeks start on Monday). */
  week: UsageTotal;
  month: UsageTotal;
}

const dayStartOf = (date: Date, offsetDays = 0) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + offsetDays).getTime();

export function usageTotals(rows: readonly UsageRow[], now: number = Date.now()): UsageTotals {
  const date = new Date(now);
  const dayStart = dayStartOf(date);
  const dayEnd = dayStartOf(date, 1);
  // getDay: 0 is Sunday; Monday starts the week.
  const weekStart = dayStartOf(date, -((date.getDay() + 6) % 7));
  const weekEnd = dayStartOf(date, 7 - ((date.getDay() + 6) % 7));
  const monthStart = new Date(date.getFullYear(), date.getMonth(), 1).getTime();
  const monthEnd = new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime();
  const totals: UsageTotals = {
    today: { credits: 0, requests: 0 },
    week: { credits: 0, requests: 0 },
    month: { credits: 0, requests: 0 },
  };
  const add = (total: UsageTotal, row: UsageRow) => {
    total.credits += row.costCredits;
    total.requests++;
  };
  for (const row of rows) {
    if (row.createdAt >= monthStart && row.createdAt < monthEnd) add(totals.month, row);
    if (row.createdAt >= weekStart && row.createdAt < weekEnd) add(totals.week, row);
    if (row.createdAt >= dayStart && row.createdAt < dayEnd) add(totals.today, row);
  }
  return totals;
}

export interface DayCredits {
  /** The day's local midnight, epoch ms. */
  day: number;
  credits: number;
}

/** Credits spent on each of the last `days` local days, oldest first, today last (0 on a day of none). */
export function creditsPerDay(rows: readonly UsageRow[], now: number = Date.now(), days = 30): DayCredits[] {
  const date = new Date(now);
  // Local midnights, not steps of 24 h: a day of a clock change is 23 or 25 hours long.
  const starts = Array.from({ length: days + 1 }, (_, index) => dayStartOf(date, index - days + 1));
  const perDay: DayCredits[] = starts.slice(0, days).map((day) => ({ day, credits: 0 }));
  const first = starts[0] as number;
  const end = starts[days] as number;
  for (const row of rows) {
    if (row.createdAt < first || row.createdAt >= end) continue;
    // Rows are few per day and days are 30: a short search from the end.
    let index = days - 1;
    while (index > 0 && row.createdAt < (starts[index] as number)) index--;
    (perDay[index] as DayCredits).credits += row.costCredits;
  }
  return perDay;
}
