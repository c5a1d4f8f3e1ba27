/** Credits spent today and this month (local time), from the cached usage rows. */
import type { UsageRow } from "../db/schema";

export interface UsageTotal {
  credits: number;
  requests: number;
}

export interface UsageTotals {
  today: UsageTotal;
  month: UsageTotal;
}

export function usageTotals(rows: readonly UsageRow[], now: number = Date.now()): UsageTotals {
  const date = new Date(now);
  const dayStart = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const dayEnd = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
  const monthStart = new Date(date.getFullYear(), date.getMonth(), 1).getTime();
  const monthEnd = new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime();
  const totals: UsageTotals = { today: { credits: 0, requests: 0 }, month: { credits: 0, requests: 0 } };
  for (const row of rows) {
    if (row.createdAt >= monthStart && row.createdAt < monthEnd) {
      totals.month.credits += row.costCredits;
      totals.month.requests++;
    }
    if (row.createdAt >= dayStart && row.createdAt < dayEnd) {
      totals.today.credits += row.costCredits;
      totals.today.requests++;
    }
  }
  return totals;
}
