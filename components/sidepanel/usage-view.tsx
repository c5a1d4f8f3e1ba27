import { useLiveQuery } from "dexie-react-hooks";
import { useMemo } from "react";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { creditsPerDay, usageTotals } from "../../lib/library/usage-totals";
import { useNow } from "../popup/use-now";
import { UsageChart } from "./usage-chart";
import { UsageList } from "./usage-list";

const PERIODS = [
  ["today", () => i18n.t("sidepanel.usage.today")],
  ["week", () => i18n.t("sidepanel.usage.week")],
  ["month", () => i18n.t("sidepanel.usage.month")],
] as const;

/** Credits spent today, this week and this month, per day over 30 days, and each request. */
export function UsageView() {
  const rows = useLiveQuery(() => db.usage.orderBy("createdAt").reverse().toArray(), []);
  // Totals and days follow the clock: past midnight, "today" is another day.
  const now = useNow(true, 60_000);
  const totals = useMemo(() => usageTotals(rows ?? [], now), [rows, now]);
  const days = useMemo(() => creditsPerDay(rows ?? [], now), [rows, now]);
  return (
    <section className="usage" aria-labelledby="usage-heading">
      <h2 id="usage-heading">{i18n.t("sidepanel.usage.heading")}</h2>
      {rows === undefined ? (
        <p role="status">{i18n.t("sidepanel.loading")}</p>
      ) : (
        <>
          <dl className="usage-totals" aria-label={i18n.t("sidepanel.usage.totals")}>
            {PERIODS.map(([period, label]) => (
              <div key={period}>
                <dt>{label()}</dt>
                <dd data-total={period}>
                  <strong>{i18n.t("credits", totals[period].credits)}</strong>{" "}
                  <span className="usage-totals__requests">
                    {i18n.t("sidepanel.usage.requests", totals[period].requests)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          {rows.length > 0 ? <UsageChart days={days} /> : null}
          <UsageList rows={rows} />
        </>
      )}
    </section>
  );
}
