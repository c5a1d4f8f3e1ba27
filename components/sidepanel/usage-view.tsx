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
            <div>
              <dt>{i18n.t("sidepanel.usage.today")}</dt>
              <dd data-total="today">
                {i18n.t("sidepanel.usage.total", {
                  credits: totals.today.credits,
                  requests: totals.today.requests,
                })}
              </dd>
            </div>
            <div>
              <dt>{i18n.t("sidepanel.usage.month")}</dt>
              <dd data-total="month">
                {i18n.t("sidepanel.usage.total", {
                  credits: totals.month.credits,
                  requests: totals.month.requests,
                })}
              </dd>
            </div>
          </dl>
          <UsageTable rows={rows} />
        </>
      )}
    </section>
  );
}
