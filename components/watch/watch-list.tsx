import { useLiveQuery } from "dexie-react-hooks";
import { i18n } from "#i18n";
import { db } from "../../lib/db/database";
import type { WatchRow } from "../../lib/db/schema";
import { sendCommand } from "../../lib/messaging/protocol";
import { nextRunAt } from "../../lib/watch/watch-schedule";
import { formatDate } from "../format-date";
import { Button } from "../ui/button";

/** What a watch is doing, in a line: when it runs next, that it runs, or why it stopped. */
export function watchStateText(watch: WatchRow): string {
  const every = i18n.t(`watch.every.${watch.interval}`);
  if (watch.stopped?.reason === "budget")
    return i18n.t("watch.stopped.budget", { budget: watch.budgetCredits });
  if (watch.stopped) return i18n.t(`watch.stopped.${watch.stopped.reason}`);
  if (watch.runningJobId) return i18n.t("watch.running", { every });
  return i18n.t("watch.next", { every, next: formatDate(nextRunAt(watch), true) });
}

/** Every watch, oldest first: its title, its state, and Stop watching. */
export function WatchList() {
  const watches = useLiveQuery(() => db.watches.orderBy("createdAt").toArray(), []);
  if (!watches || watches.length === 0) return null;
  return (
    <section className="watch-list__section" aria-labelledby="watch-list-title">
      <h3 id="watch-list-title">{i18n.t("changes.watching", watches.length, [watches.length])}</h3>
      <ul className="watch-list">
        {watches.map((watch) => (
          <li key={watch.id}>
            <span className="watch-list__title">{watch.title}</span>
            <span className="watch-control__state">{watchStateText(watch)}</span>
            <Button size="small" onClick={() => void sendCommand("watch.stop", { watchId: watch.id })}>
              {i18n.t("watch.stop")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
