import { useId } from "react";
import { i18n } from "#i18n";
import type { WatchRunRow } from "../../lib/db/schema";
import { changeTimes } from "../../lib/watch/changed-cells";
import { formatDate } from "../format-date";

/**
 * A watched comparison's filter: every page, or only those a run changed since a chosen run (the runs that
 * changed something, newest first). Without a watch or a change it is not shown.
 */
export function ChangedSince(props: {
  runs: readonly WatchRunRow[];
  since?: number;
  onChange: (since: number | undefined) => void;
}) {
  const id = useId();
  const times = changeTimes(props.runs);
  if (times.length === 0) return null;
  return (
    <div className="comparison__changed-since">
      <label htmlFor={id}>{i18n.t("compare.changedSince")}</label>{" "}
      <select
        id={id}
        className="ll-input"
        value={props.since ?? ""}
        onChange={(event) => {
          const value = event.currentTarget.value;
          props.onChange(value === "" ? undefined : Number(value));
        }}
      >
        <option value="">{i18n.t("compare.changedSinceAll")}</option>
        {times.map((time) => (
          <option key={time} value={time}>
            {formatDate(time, true)}
          </option>
        ))}
      </select>
    </div>
  );
}
