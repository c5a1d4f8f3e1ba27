import { i18n } from "#i18n";
import type { UsageRow } from "../../lib/db/schema";
import { safeHref } from "../../lib/links/safe-link";
import { formatDate } from "../format-date";

/** Every usage row, newest first: time, usage id, links, credits. */
export function UsageTable({ rows }: { rows: UsageRow[] }) {
  if (rows.length === 0) return <p className="detail-muted">{i18n.t("sidepanel.usage.empty")}</p>;
  return (
    <div className="usage-table__scroll">
      <table className="usage-table">
        <caption className="ll-visually-hidden">{i18n.t("sidepanel.usage.table")}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t("sidepanel.usage.time")}</th>
            <th scope="col">{i18n.t("sidepanel.usage.usageId")}</th>
            <th scope="col">{i18n.t("sidepanel.usage.links")}</th>
            <th scope="col" className="usage-table__number">
              {i18n.t("sidepanel.usage.credits")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.usageId}>
              <td>{formatDate(row.createdAt, true)}</td>
              <td>
                <code>{row.usageId}</code>
              </td>
              <td>
                <ul className="usage-table__links">
                  {row.links.map((link) => (
                    <li key={link}>
                      <UsageLink link={link} />
                    </li>
                  ))}
                </ul>
              </td>
              <td className="usage-table__number">{row.costCredits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A link that was sent, opening in a new tab when it is a web address (else shown as text). */
function UsageLink({ link }: { link: string }) {
  const href = safeHref(link);
  if (!href) return <>{link}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {link}
    </a>
  );
}
