import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import type { UsageRow } from "../../lib/db/schema";
import { normalizeLink, siteOf } from "../../lib/links/link-check";
import { safeHref } from "../../lib/links/safe-link";
import { formatDate, formatRelativeTime } from "../format-date";
import { useNow } from "../popup/use-now";
import { Button } from "../ui/button";

/** How many requests show at first, and how many more each "Show more" adds. */
const PAGE = 50;

/**
 * Every request, newest first, one line each: the page's title (or its site), the credits in bold at the
 * right, and how long ago (the exact time on hover and for screen readers). A request of several
 * links says "3 pages" and opens to list them. The usage id is copied, not shown.
 */
export function UsageList({ rows }: { rows: UsageRow[] }) {
  const [limit, setLimit] = useState(PAGE);
  const shown = rows.slice(0, limit);
  const titles = usePageTitles(shown);
  const now = useNow(true, 60_000);
  if (rows.length === 0) return <p className="detail-muted">{i18n.t("sidepanel.usage.empty")}</p>;
  return (
    <>
      <ul className="usage-list" aria-label={i18n.t("sidepanel.usage.list")}>
        {shown.map((row) => (
          <UsageItem key={row.usageId} row={row} titles={titles} now={now} />
        ))}
      </ul>
      {rows.length > limit ? (
        <Button size="small" onClick={() => setLimit((current) => current + PAGE)}>
          {i18n.t("sidepanel.usage.more")}
        </Button>
      ) : null}
    </>
  );
}

/** The cached titles of the pages these requests sent, by the address sent (one not cached has none). */
function usePageTitles(rows: UsageRow[]): ReadonlyMap<string, string> {
  const links = [...new Set(rows.flatMap((row) => row.links))];
  const titles = useLiveQuery(async () => {
    // The cache keys a page by its normalized address, as records.ts writes it.
    const byPage = new Map(links.map((link) => [normalizeLink(link) ?? link, link]));
    const found = new Map<string, string>();
    const records = await db.analyses
      .where("pageUrl")
      .anyOf([...byPage.keys()])
      .toArray();
    for (const record of records) {
      const title = record.analysis?.title?.trim();
      const link = byPage.get(record.pageUrl);
      if (title && link && !found.has(link)) found.set(link, title);
    }
    return found;
  }, [links.join("\n")]);
  return titles ?? NO_TITLES;
}

const NO_TITLES: ReadonlyMap<string, string> = new Map();

/** A link's name: its page's title when cached, else its site and path. */
function linkName(link: string, titles: ReadonlyMap<string, string>): string {
  const title = titles.get(link);
  if (title) return title;
  try {
    const url = new URL(link);
    return `${siteOf(link)}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return link;
  }
}

function UsageItem({
  row,
  titles,
  now,
}: {
  row: UsageRow;
  titles: ReadonlyMap<string, string>;
  now: number;
}) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [first] = row.links;
  const several = row.links.length > 1;
  const name = first ? linkName(first, titles) : row.usageId;
  const exact = formatDate(row.createdAt, true);
  const copy = () => {
    navigator.clipboard.writeText(row.usageId).then(
      () => setCopied(i18n.t("sidepanel.usage.copied")),
      (error: unknown) =>
        setCopied(
          i18n.t("sidepanel.usage.copyFailed", {
            message: error instanceof Error ? error.message : String(error),
          }),
        ),
    );
  };
  return (
    <li className="usage-item" data-usage-id={row.usageId}>
      <div className="usage-item__line">
        <span className="usage-item__title" title={several ? row.links.join("\n") : first}>
          {name}
        </span>
        <strong className="usage-item__credits">{i18n.t("credits", row.costCredits)}</strong>
      </div>
      <div className="usage-item__line usage-item__line--sub">
        <time dateTime={new Date(row.createdAt).toISOString()} title={exact}>
          <span aria-hidden="true">{formatRelativeTime(row.createdAt, now)}</span>
          <span className="ll-visually-hidden">
            {i18n.t("sidepanel.usage.at", { relative: formatRelativeTime(row.createdAt, now), date: exact })}
          </span>
        </time>
        <span className="usage-item__actions">
          {several ? (
            <button
              type="button"
              className="usage-item__toggle"
              aria-expanded={open}
              onClick={() => setOpen((current) => !current)}
            >
              {i18n.t("sidepanel.usage.pages", row.links.length)}
            </button>
          ) : null}
          <button type="button" className="usage-item__copy" onClick={copy}>
            {i18n.t("sidepanel.usage.copyId")}
          </button>
        </span>
      </div>
      {copied ? (
        <p className="usage-item__copied" role="status">
          {copied}
        </p>
      ) : null}
      {several && open ? <UsageLinks links={row.links} titles={titles} /> : null}
    </li>
  );
}

/** The links a request sent, each by name. */
export function UsageLinks({ links, titles }: { links: string[]; titles: ReadonlyMap<string, string> }) {
  return (
    <ul className="usage-item__links">
      {links.map((link) => (
        <li key={link}>
          <UsageLink link={link} name={linkName(link, titles)} />
        </li>
      ))}
    </ul>
  );
}

/** A link that was sent, by name, opening in a new tab when it is a web address (else shown as text). */
function UsageLink({ link, name }: { link: string; name: string }) {
  const href = safeHref(link);
  if (!href) return <span title={link}>{name}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={link}>
      {name}
    </a>
  );
}
