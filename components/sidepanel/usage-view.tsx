import { useLiveQuery } from "dexie-react-hooks";
import { useMemo } from "react";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import { usageTotals } from "../../lib/library/usage-totals";
import { UsageTable } from "./usage-table";

/** Credits spent today and this month, and the usage rows. */
export function UsageView() {
  const rows = useLiveQuery(() => db.usage.orderBy("createdAt").reverse().toArray(), []);
  const totals = useMemo(() => usageTotals(rows ?? []), [rows]);
  return (
    <section className="usage" aria-labelledby="usage-heading">
      <h2 id="usage-heading">{i18n.t("sidepanel.usage.heading")}</h2>
      {rows === undefined ? (
        <p role="status">{i18n.t("sidepanel.loading")}</p>
      ) : (
        <>
          <dl className="usage-totals">
            {(
              [
                ["today", i18n.t("sidepanel.usage.today")],
                ["month", i18n.t("sidepanel.usage.month")],
              ] as const
            ).map(([period, label]) => (
              <div key={period}>
                <dt>{label}</dt>
                <dd data-total={period}>
                  {i18n.t("sidepanel.usage.total", {
                    credits: totals[period].credits,
                    requests: totals[period].requests,
                  })}
                </dd>
              </div>
            ))}
          </dl>
          <UsageTable rows={rows} />
        </>
      )}
    </section>
  );
}
