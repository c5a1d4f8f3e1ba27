import "./watch.css";
import { useLiveQuery } from "dexie-react-hooks";
import { type FormEvent, useId, useState } from "react";
import { i18n } from "#i18n";
import { creditsPerLink } from "../../lib/compare/cost-estimate";
import { db } from "../../lib/db/database";
import type { WatchRow, WatchTarget } from "../../lib/db/schema";
import { runsOf, watchOf } from "../../lib/db/watches";
import { sendCommand } from "../../lib/messaging/protocol";
import {
  spentThisWeek,
  WATCH_INTERVALS,
  type WatchInterval,
  weeklyCredits,
} from "../../lib/watch/watch-schedule";
import { commandErrorText } from "../command-error-text";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { NumberInput } from "../ui/number-input";
import { watchStateText } from "./watch-list";

export interface WatchControlProps {
  target: WatchTarget;
  /** Pages each run analyzes again. */
  links: number;
  /** Whether the runs ask for JSON (a schema): such a page costs more. */
  withSchema: boolean;
}

/** "About N credits a week" for an interval, from what this browser's jobs of the kind cost a page. */
function useWeeklyEstimate(links: number, withSchema: boolean) {
  const perLink = useLiveQuery(
    async () => creditsPerLink(await db.jobs.where("status").equals("done").toArray(), withSchema),
    [withSchema],
  );
  return (interval: WatchInterval) => weeklyCredits(interval, links, perLink ?? (withSchema ? 2 : 1));
}

/**
 * Watching an analysis's page or a comparison: how often, the most it may spend a week (the estimate
 * shown before it starts) and whether a change notifies; once watched, when it runs next or why it
 * stopped, with Edit, Start again and Stop watching.
 */
export function WatchControl({ target, links, withSchema }: WatchControlProps) {
  const targetId = target.kind === "analysis" ? target.analysisId : target.jobId;
  // `undefined` while it loads, `null` when nothing is watched.
  const watch = useLiveQuery(async () => (await watchOf(db, target)) ?? null, [target.kind, targetId]);
  const estimate = useWeeklyEstimate(links, withSchema);
  // What its runs spent in the last seven days (the budget's window).
  const spent = useLiveQuery(
    async () => (watch ? spentThisWeek(await runsOf(db, watch.id), Date.now()) : 0),
    [watch?.id],
  );
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const headingId = useId();

  const send = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
      setEditing(false);
    } catch (failure) {
      setError(commandErrorText(failure));
    }
  };

  return (
    <section className="watch-control" aria-labelledby={headingId}>
      <h3 id={headingId}>{i18n.t("watch.heading")}</h3>
      {watch && !editing ? (
        <WatchState
          watch={watch}
          weekly={estimate(watch.interval)}
          spent={spent ?? 0}
          onEdit={() => setEditing(true)}
          onRestart={() => void send(() => sendCommand("watch.update", { watchId: watch.id }))}
          onStop={() => void send(() => sendCommand("watch.stop", { watchId: watch.id }))}
        />
      ) : editing || watch !== null ? null : (
        <>
          <p className="watch-control__note">{i18n.t("watch.explain")}</p>
          <Button size="small" onClick={() => setEditing(true)}>
            {i18n.t("watch.open")}
          </Button>
        </>
      )}
      {editing ? (
        <WatchForm
          watch={watch ?? undefined}
          estimate={estimate}
          onCancel={() => setEditing(false)}
          onSubmit={(choice) =>
            void send(() =>
              watch
                ? sendCommand("watch.update", { watchId: watch.id, ...choice })
                : sendCommand("watch.start", { target, ...choice }),
            )
          }
        />
      ) : null}
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </section>
  );
}

function WatchState(props: {
  watch: WatchRow;
  weekly: number;
  spent: number;
  onEdit: () => void;
  onRestart: () => void;
  onStop: () => void;
}) {
  const { watch, weekly } = props;
  return (
    <>
      <p className="watch-control__state" role="status">
        {watchStateText(watch)}
        {watch.stopped
          ? null
          : ` · ${i18n.t("watch.weekly", weekly, [weekly], { budget: watch.budgetCredits })}`}
      </p>
      <div className="watch-control__actions">
        {watch.stopped ? (
          <Button size="small" variant="primary" onClick={props.onRestart}>
            {i18n.t("watch.restart")}
          </Button>
        ) : null}
        <Button size="small" onClick={props.onEdit}>
          {i18n.t("watch.edit")}
        </Button>
        <Button size="small" onClick={props.onStop}>
          {i18n.t("watch.stop")}
        </Button>
      </div>
    </>
  );
}

interface WatchChoice {
  interval: WatchInterval;
  budgetCredits: number;
  notify: boolean;
}

function WatchForm(props: {
  watch?: WatchRow;
  estimate: (interval: WatchInterval) => number;
  onCancel: () => void;
  onSubmit: (choice: WatchChoice) => void;
}) {
  const { watch, estimate } = props;
  const [interval, setChosenInterval] = useState<WatchInterval>(watch?.interval ?? "day");
  // The budget is the text typed, so nothing is lost while it is edited; it starts at the estimate.
  const [budget, setBudget] = useState(String(watch?.budgetCredits ?? estimate(watch?.interval ?? "day")));
  const [notify, setNotify] = useState(watch?.notify ?? false);
  const [budgetError, setBudgetError] = useState<string>();
  const intervalId = useId();
  const weekly = estimate(interval);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credits = Number(budget);
    if (!Number.isInteger(credits) || credits < 1) {
      setBudgetError(i18n.t("watch.budgetInvalid"));
      return;
    }
    setBudgetError(undefined);
    props.onSubmit({ interval, budgetCredits: credits, notify });
  };

  return (
    <form className="watch-form" onSubmit={submit} noValidate>
      <div className="ll-field">
        <label htmlFor={intervalId} className="ll-field__label">
          {i18n.t("watch.interval")}
        </label>
        <select
          id={intervalId}
          className="ll-input"
          value={interval}
          onChange={(event) => setChosenInterval(event.currentTarget.value as WatchInterval)}
        >
          {WATCH_INTERVALS.map((each) => (
            <option key={each} value={each}>
              {i18n.t(`watch.every.${each}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="watch-form__estimate" role="status">
        {i18n.t("watch.estimate", weekly, [weekly])}
      </p>
      <NumberInput
        label={i18n.t("watch.budget")}
        hint={i18n.t("watch.budgetHint")}
        error={budgetError}
        min={1}
        step={1}
        value={budget}
        onChange={(event) => setBudget(event.currentTarget.value)}
      />
      <label className="watch-form__notify">
        <input
          type="checkbox"
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />{" "}
        {i18n.t("watch.notify")}
      </label>
      <div className="watch-control__actions">
        <Button type="submit" size="small" variant="primary">
          {watch ? i18n.t("watch.save") : i18n.t("watch.start")}
        </Button>
        <Button size="small" onClick={props.onCancel}>
          {i18n.t("watch.cancel")}
        </Button>
      </div>
    </form>
  );
}
